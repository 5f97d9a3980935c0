// A small client of an app-server for the commands that act through one (`codex-ts queue`): over a
// WebSocket (ws://, wss://, or a Unix socket such as the daemon's control socket), or to a server run in this
// process when none is running. Requests are answered in any order; notifications are ignored.
// A server reached over a socket gets a bounded wait, for its handshake and for each answer, so a server
// that accepts and never answers ends the command with an error instead of hanging it: 30 s, or the
// milliseconds in CODEX_TS_RPC_TIMEOUT_MS (tests use a short bound).
import { connectPath } from "./control-socket.js";
import { osReason } from "./daemon-error.js";
import type { AppServerOptions } from "./server-host.js";

/** A JSON-RPC error answer. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RpcClient {
  /** Whether the server lives in this process (it stops with the command). */
  readonly inProcess: boolean;
  request(method: string, params: unknown): Promise<unknown>;
  notify(method: string): void;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** How long a server reached over a socket may take to answer (see the head of this file). */
export function rpcTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.CODEX_TS_RPC_TIMEOUT_MS);
  return Number.isFinite(given) && given > 0 ? given : DEFAULT_TIMEOUT_MS;
}

/** A bound in words: "30 s", or "0.3 s". */
const seconds = (ms: number) => `${ms / 1000} s`;

/** Answers and their requests, by id. */
class Pending {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  /** `timeoutMs`: how long an answer may take (none: as long as it takes, for a server in this process). */
  constructor(private readonly timeoutMs?: number) {}

  send(method: string, params: unknown, write: (text: string) => void): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timeoutMs = this.timeoutMs;
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.waiting.delete(id);
              reject(
                new TransportError(
                  `the app server did not answer \`${method}\` within ${seconds(timeoutMs)}`,
                ),
              );
            }, timeoutMs);
      const done = () => clearTimeout(timer);
      this.waiting.set(id, {
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (err) => {
          done();
          reject(err);
        },
      });
      write(JSON.stringify({ id, method, params }));
    });
  }

  receive(text: string): void {
    let message: { id?: unknown; result?: unknown; error?: { code?: number; message?: string } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id !== "number" || !("result" in message || "error" in message)) return;
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    if (message.error) waiter.reject(new RpcError(message.error.code ?? 0, message.error.message ?? ""));
    else waiter.resolve(message.result);
  }

  failAll(err: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }
}

export class ConnectError extends Error {}

/** The connection broke before an answer came. */
export class TransportError extends Error {}

/**
 * Connects to `url`: `ws://` / `wss://`, or `ws+unix://PATH` for a Unix socket (PATH's symlink followed, as
 * the daemon's socket is one). `shown` is how the address is named in an error.
 */
export async function connectWebSocket(
  target: { url: string } | { socketPath: string },
  shown: string,
  headers: Record<string, string> = {},
): Promise<RpcClient> {
  const { default: WebSocket } = await import("ws");
  const url = "url" in target ? target.url : `ws+unix://${connectPath(target.socketPath)}:/`;
  const timeoutMs = rpcTimeoutMs();
  // handshakeTimeout: a server that accepts the connection and never answers its upgrade.
  const ws = new WebSocket(url, { headers, handshakeTimeout: timeoutMs });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", (err: NodeJS.ErrnoException) => {
      const why = err.code ? osReason(err) : err.message;
      const io = "url" in target && err.code ? `IO error: ${why}` : why;
      reject(new ConnectError(`failed to connect to remote app server at \`${shown}\`: ${io}`));
    });
  });
  const pending = new Pending(timeoutMs);
  ws.on("message", (data: Buffer) => pending.receive(data.toString("utf8")));
  ws.on("close", () => pending.failAll(new TransportError("the app server closed the connection")));
  ws.on("error", (err: Error) =>
    pending.failAll(new TransportError(`connection to the app server failed: ${err.message}`)),
  );
  return {
    inProcess: false,
    request: (method, params) => pending.send(method, params, (text) => ws.send(text)),
    notify: (method) => ws.send(JSON.stringify({ method })),
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close();
        // A server that does not answer the close handshake: the socket goes anyway.
        setTimeout(() => ws.terminate(), 1000).unref();
      }),
  };
}

/** An app-server run in this process, for this command only. */
export async function connectInProcess(options: AppServerOptions): Promise<RpcClient> {
  const { AppServer } = await import("./server.js");
  const server = new AppServer(options);
  const pending = new Pending();
  const connection = server.connect({ send: (text) => pending.receive(text) });
  return {
    inProcess: true,
    request: (method, params) => pending.send(method, params, (text) => connection.receive(text)),
    notify: (method) => connection.receive(JSON.stringify({ method })),
    close: async () => {
      await server.shutdown();
      await options.logger.close();
    },
  };
}

/** Sends `initialize` (with the experimental API, which thread/queue/* is part of) and `initialized`. */
export async function initialize(client: RpcClient, name: string, version: string): Promise<void> {
  await client.request("initialize", {
    clientInfo: { name, title: null, version },
    capabilities: { experimentalApi: true },
  });
  client.notify("initialized");
}
