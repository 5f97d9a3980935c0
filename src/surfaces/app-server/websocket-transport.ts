// The other way in: WebSocket, one connection per client (`--listen ws://IP:PORT`). Imported only when asked.
import { WebSocketServer, type WebSocket } from "ws";
import { MAX_LINE_BYTES } from "./line-splitter.js";
import type { AppServer } from "./server.js";

export class ListenUrlError extends Error {}

export function parseWebSocketUrl(url: string): { host: string; port: number } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ListenUrlError(`invalid --listen URL '${url}'`);
  }
  const port = Number(parsed.port || "0");
  if (parsed.protocol !== "ws:" || !Number.isInteger(port) || parsed.hostname === "") {
    throw new ListenUrlError(`--listen expects stdio:// or ws://HOST:PORT, got '${url}'`);
  }
  return { host: parsed.hostname.replace(/^\[|\]$/g, ""), port };
}

/** One WebSocket is one app-server connection: text frames in, JSON-RPC messages out (also `codex-ts web`). */
export function attachSocket(server: AppServer, socket: WebSocket): void {
  const connection = server.connect({ send: (text) => socket.send(text) });
  server.logger.info(`connection ${connection.id} opened`);
  socket.on("message", (data: Buffer, isBinary: boolean) => {
    if (!isBinary) connection.receive(data.toString("utf8"));
  });
  socket.on("close", () => connection.close());
  socket.on("error", (err) => server.logger.warn(`connection ${connection.id}: ${err.message}`));
}

/** Serves WebSocket clients until `stop` resolves; prints the address it listens on to stderr. */
export async function serveWebSocket(server: AppServer, url: string, stop: Promise<void>): Promise<void> {
  const { host, port } = parseWebSocketUrl(url);
  const wss = new WebSocketServer({ host, port, maxPayload: MAX_LINE_BYTES });
  await new Promise<void>((resolve, reject) => {
    wss.once("listening", resolve);
    wss.once("error", reject);
  });
  const address = wss.address();
  const actualPort = address !== null && typeof address === "object" ? address.port : port;
  process.stderr.write(`codex-ts app-server listening on ws://${host}:${actualPort}\n`);
  server.logger.info(`listening on ws://${host}:${actualPort}`);
  wss.on("connection", (socket) => attachSocket(server, socket));
  await stop;
  for (const client of wss.clients) client.close(1001, "server shutting down");
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
