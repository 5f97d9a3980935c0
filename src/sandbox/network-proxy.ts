// The HTTP(S) proxy a sandboxed command with `allowed_domains` is forced through. It listens on a Unix
// socket only (the sandbox has no other route out: its network namespace holds nothing but loopback, and
// a bridge inside turns the socket into a loopback port; see proxy-bridge.ts). CONNECT tunnels (HTTPS,
// anything TCP) and plain `http://` requests in absolute form are let through when their host is on the
// allowlist; anything else gets a 403 and is recorded, so the caller can tell the user and the model.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { normalizeHost, type DomainAllowlist } from "./domain-allowlist.js";
import { PROXY_DIR_PREFIX, PROXY_SOCKET_NAME, removeStaleProxyDirs } from "./stale-proxy-dirs.js";

export interface NetworkDenial {
  host: string;
  port: number;
}

export interface NetworkProxy {
  /** The Unix socket the sandbox connects to. */
  socketPath: string;
  /** Denials so far, in order (one per refused connection). */
  readonly denials: readonly NetworkDenial[];
  /** Stops listening, cuts open tunnels and removes the socket's directory. */
  close(): Promise<void>;
}

export interface StartNetworkProxyOptions {
  allowlist: DomainAllowlist;
  /** Called on every refused connection (e.g. to warn the user as it happens). */
  onDenied?: (denial: NetworkDenial) => void;
  /** Where the socket's private directory is made. Default: the system temp dir. */
  parentDir?: string;
}

const DENIED_BODY = (host: string) =>
  `codex-ts sandbox: network access to ${host} is not allowed (not in sandbox_workspace_write.allowed_domains)\n`;

export async function startNetworkProxy(options: StartNetworkProxyOptions): Promise<NetworkProxy> {
  const parent = options.parentDir ?? tmpdir();
  await removeStaleProxyDirs(parent);
  const dir = await mkdtemp(path.join(parent, PROXY_DIR_PREFIX));
  const socketPath = path.join(dir, PROXY_SOCKET_NAME);
  const denials: NetworkDenial[] = [];
  const open = new Set<Duplex>();
  const track = (s: Duplex) => {
    open.add(s);
    s.on("close", () => open.delete(s));
  };
  const deny = (host: string, port: number) => {
    const denial = { host, port };
    denials.push(denial);
    options.onDenied?.(denial);
  };

  const server = createServer((req, res) => forwardPlainHttp(req, res, options.allowlist, deny));
  server.on("connect", (req: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on("error", () => client.destroy());
    const target = parseAuthority(req.url ?? "");
    if (!target) {
      client.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
      return;
    }
    if (!options.allowlist.allows(target.host)) {
      deny(target.host, target.port);
      const body = DENIED_BODY(target.host);
      client.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      return;
    }
    const upstream: Socket = connect(target.port, target.host);
    track(upstream);
    let connected = false;
    upstream.once("connect", () => {
      connected = true;
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (err) => {
      if (!connected) {
        client.end(`HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n${err.message}\n`);
      } else client.destroy();
    });
    client.on("close", () => upstream.destroy());
  });
  server.on("clientError", (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  // The command it serves keeps the process alive; a proxy left open by mistake must not.
  server.unref();

  return {
    socketPath,
    denials,
    async close() {
      for (const s of open) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `host:port` of a CONNECT request (`[v6]:port` for IPv6). */
export function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  if (!match?.[1] || !match[2]) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: normalizeHost(match[1]), port };
}

/** A plain-HTTP proxy request (`GET http://host/path`), forwarded when the host is allowed. */
function forwardPlainHttp(
  req: IncomingMessage,
  res: ServerResponse,
  allowlist: DomainAllowlist,
  deny: (host: string, port: number) => void,
): void {
  let url: URL;
  try {
    url = new URL(req.url ?? "");
    if (url.protocol !== "http:") throw new Error("not http");
  } catch {
    res.writeHead(400, { "Content-Type": "text/plain" }).end("codex-ts sandbox: expected a proxy request\n");
    return;
  }
  const host = normalizeHost(url.hostname);
  const port = url.port === "" ? 80 : Number(url.port);
  if (!allowlist.allows(host)) {
    deny(host, port);
    res.writeHead(403, { "Content-Type": "text/plain" }).end(DENIED_BODY(host));
    return;
  }
  const headers = { ...req.headers };
  delete headers["proxy-connection"];
  delete headers["proxy-authorization"];
  const upstream = httpRequest(
    { host, port, method: req.method, path: `${url.pathname}${url.search}`, headers },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  upstream.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
    res.end(`codex-ts sandbox: ${err.message}\n`);
  });
  req.pipe(upstream);
}

/** What the model reads after the command's output, and the user sees as a warning. */
export function describeDenials(denials: readonly NetworkDenial[]): string | undefined {
  if (denials.length === 0) return undefined;
  const seen = [...new Set(denials.map((d) => `${d.host}:${d.port}`))];
  return (
    `network access denied by the sandbox (not in allowed_domains): ${seen.join(", ")}. ` +
    "Ask the user to add the domain to sandbox_workspace_write.allowed_domains if it is needed."
  );
}
