// WebSocket clients, one app-server connection each, on a TCP port (`--listen ws://IP:PORT`) or a Unix
// domain socket (`--listen unix://[PATH]`: the same HTTP upgrade and messages, as in Codex 0.169). Imported
// only when asked.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { controlSocketPath, prepareSocket, type BoundSocket } from "./control-socket.js";
import { MAX_LINE_BYTES } from "./line-splitter.js";
import { isLoopback, type ListenTarget } from "./listen-url.js";
import type { AppServer } from "./server.js";

/** Why an upgrade is refused (`--ws-auth`): an HTTP status and a line of text; undefined lets it in. */
export type UpgradeCheck = (req: IncomingMessage) => { status: number; message: string } | undefined;

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

function refuseUpgrade(socket: Duplex, status: number, reason: string, body = ""): void {
  const length = Buffer.byteLength(body);
  const type = body ? "content-type: text/plain; charset=utf-8\r\n" : "";
  // Destroyed once written: the client has nothing more to say, and a reset from it must not linger.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${type}content-length: ${length}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** The HTTP side: health probes, and upgrades checked (no browser Origin, then `check`) before they pass. */
function httpServer(app: AppServer, check: UpgradeCheck | undefined): { http: Server; wss: WebSocketServer } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_LINE_BYTES });
  wss.on("connection", (socket) => attachSocket(app, socket));
  const http = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/readyz" || path === "/healthz") {
      res.writeHead(200, { "content-length": "0" }).end();
      return;
    }
    const body = "Connection header did not include 'upgrade'";
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end(body);
  });
  http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node drops its own error handler on upgrade; a client resetting now would otherwise crash the server.
    socket.on("error", () => socket.destroy());
    // A web page may open a WebSocket to any local port; only non-browser clients are served.
    if (req.headers.origin !== undefined) return refuseUpgrade(socket, 403, "Forbidden");
    const refused = check?.(req);
    if (refused) return refuseUpgrade(socket, refused.status, "Unauthorized", refused.message);
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });
  return { http, wss };
}

/** Clients are told the server is going away; one that does not close its side within 2 s is cut off. */
function shutDown(http: Server, wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.close(1001, "server shutting down");
  const cutOff = setTimeout(() => {
    for (const client of wss.clients) client.terminate();
    // A client half way through an HTTP request is not idle, and would hold close() until its timeout.
    http.closeAllConnections();
  }, 2_000);
  return new Promise<void>((resolve) => {
    http.close(() => {
      clearTimeout(cutOff);
      resolve();
    });
    http.closeIdleConnections();
  });
}

function listen(http: Server, where: { path: string } | { host: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(where, () => {
      http.off("error", reject);
      resolve();
    });
  });
}

function wsBanner(host: string, port: number): string {
  const authority = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  return [
    "codex-ts app-server (WebSockets)",
    `  listening on: ws://${authority}`,
    `  readyz: http://${authority}/readyz`,
    `  healthz: http://${authority}/healthz`,
    isLoopback(host)
      ? "  note: binds localhost only (use SSH port-forwarding for remote access)"
      : "  note: websocket auth is required for non-localhost listeners",
    "",
  ].join("\n");
}

/**
 * Serves WebSocket clients until `stop` resolves. On ws:// the address is printed to stderr (the port
 * chosen for :0 included); on unix:// the socket file appears once clients can connect, and is removed on
 * the way out.
 */
export async function serveWebSocket(
  server: AppServer,
  target: Extract<ListenTarget, { kind: "ws" | "unix" }>,
  stop: Promise<void>,
  check?: UpgradeCheck,
): Promise<void> {
  const { http, wss } = httpServer(server, target.kind === "ws" ? check : undefined);
  let bound: BoundSocket | undefined;
  if (target.kind === "unix") {
    bound = await prepareSocket(target.path ?? controlSocketPath(server.codexHome), {
      privateParent: target.path === undefined,
    });
    await listen(http, { path: bound.backing });
    try {
      bound.publish();
    } catch (err) {
      // Not reachable at its path: the server does not stay listening at the backing socket.
      await new Promise<void>((resolve) => http.close(() => resolve()));
      bound.remove();
      throw err;
    }
    server.logger.info(`listening on unix://${bound.path}`);
  } else {
    await listen(http, { host: target.host, port: target.port });
    const address = http.address();
    const port = address !== null && typeof address === "object" ? address.port : target.port;
    process.stderr.write(wsBanner(target.host, port));
    server.logger.info(`listening on ws://${target.host}:${port}`);
  }
  try {
    await stop;
  } finally {
    await shutDown(http, wss);
    bound?.remove();
  }
}
