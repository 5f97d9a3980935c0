// One local HTTP server for `codex-ts web`: the page (token required), its assets, and the app-server's
// JSON-RPC WebSocket at /ws (token and Origin required). Each WebSocket is an app-server connection.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { MAX_LINE_BYTES } from "../app-server/line-splitter.js";
import type { AppServer } from "../app-server/server.js";
import { attachSocket } from "../app-server/websocket-transport.js";
import type { StaticFile } from "./static-files.js";
import {
  hostPolicy,
  contentSecurityPolicy,
  originAllowed,
  SECURITY_HEADERS,
  tokenMatches,
} from "./web-security.js";

export interface WebServerOptions {
  appServer: AppServer;
  files: Map<string, StaticFile>;
  token: string;
  host: string;
  port: number;
}

export interface RunningWebServer {
  port: number;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS });
  res.end(`${message}\n`);
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const { appServer, files, token } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_LINE_BYTES });
  wss.on("connection", (socket) => attachSocket(appServer, socket));
  let hostAllowed: (host: string | undefined) => boolean = () => false;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // A page on another name that resolves here (DNS rebinding) sends another Host.
    if (!hostAllowed(req.headers.host)) return refuse(res, 403, "Forbidden: unknown host");
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "Method not allowed");
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname === "/" ? "/index.html" : url.pathname;
    const file = files.get(path);
    // The page needs the token; its scripts and styles are the same for everyone and hold no secret.
    if (path === "/index.html" && !tokenMatches(token, url.searchParams.get("token")))
      return refuse(res, 401, "Unauthorized: open the URL codex-ts web printed (it has the token)");
    if (!file || path.endsWith(".map")) return refuse(res, 404, "Not found");
    res.writeHead(200, {
      "content-type": file.type,
      "content-length": file.body.length,
      "cache-control": "no-store",
      "content-security-policy": contentSecurityPolicy(req.headers.host ?? ""),
      ...SECURITY_HEADERS,
    });
    res.end(req.method === "HEAD" ? undefined : file.body);
  };

  const server: Server = createServer(handle);
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/ws" || !hostAllowed(req.headers.host))
      return refuseUpgrade(socket, 404, "Not Found");
    if (!tokenMatches(token, url.searchParams.get("token")))
      return refuseUpgrade(socket, 401, "Unauthorized");
    // Browsers always send Origin on a WebSocket; another site's page must not drive the agent.
    if (!originAllowed(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403, "Forbidden");
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = address !== null && typeof address === "object" ? address.port : options.port;
  hostAllowed = hostPolicy(options.host, port);

  return {
    port,
    close: async () => {
      for (const client of wss.clients) client.close(1001, "server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
