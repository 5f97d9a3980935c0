// The page's only way to the agent: app-server JSON-RPC over the WebSocket at /ws. Reconnects by itself
// (with a growing pause) and repeats the handshake; callers learn of it through `onState`.
import type { MethodName, MethodParams, MethodResult } from "../../../protocol/app-server/methods.js";

export type ConnectionState = "connecting" | "open" | "closed";

export interface RpcHandlers {
  onNotification(method: string, params: unknown): void;
  onRequest(id: number | string, method: string, params: unknown): void;
  onState(state: ConnectionState): void;
  /** The handshake is done on a new (or renewed) connection. */
  onReady(reconnected: boolean): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const MAX_BACKOFF_MS = 5_000;

export class RpcClient {
  private socket: WebSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private backoffMs = 250;
  private everReady = false;
  private stopped = false;
  /** The browser says it is offline: the socket is dropped, and reopened when it is back online. */
  private offline = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly onOffline = () => {
    this.offline = true;
    clearTimeout(this.retry);
    // Dropped at once: while offline the close handshake may never finish, so its close event may come late.
    const socket = this.socket;
    if (socket) this.lost(socket);
    socket?.close();
  };
  private readonly onOnline = () => {
    this.offline = false;
    if (this.stopped || this.socket) return;
    clearTimeout(this.retry);
    this.open();
  };

  constructor(
    private readonly url: string,
    private readonly handlers: RpcHandlers,
  ) {}

  start(): void {
    this.stopped = false;
    addEventListener("offline", this.onOffline);
    addEventListener("online", this.onOnline);
    this.open();
  }

  call<M extends MethodName>(method: M, params: MethodParams<M>): Promise<MethodResult<M>> {
    return this.send(method, params) as Promise<MethodResult<M>>;
  }

  /** A codex-ts extension method (`x-…`, outside the protocol's table): the result as the caller expects. */
  callExtension<T>(method: `x-${string}`, params: unknown): Promise<T> {
    return this.send(method, params) as Promise<T>;
  }

  respond(id: number | string, result: unknown): void {
    this.socket?.send(JSON.stringify({ id, result }));
  }

  respondError(id: number | string, code: number, message: string): void {
    this.socket?.send(JSON.stringify({ id, error: { code, message } }));
  }

  stop(): void {
    this.stopped = true;
    removeEventListener("offline", this.onOffline);
    removeEventListener("online", this.onOnline);
    clearTimeout(this.retry);
    this.socket?.close();
  }

  private send(method: string, params: unknown): Promise<unknown> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error("not connected"));
    const id = this.nextId++;
    socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private open(): void {
    this.handlers.onState("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.backoffMs = 250;
      void this.handshake();
    };
    socket.onmessage = (event: MessageEvent<string>) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.lost(socket);
      if (this.stopped || this.offline) return;
      this.retry = setTimeout(() => this.open(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    };
  }

  /** The socket is no longer ours: its questions fail and nothing it still delivers is read. */
  private lost(socket: WebSocket): void {
    socket.onopen = socket.onmessage = null;
    if (this.socket === socket) this.socket = undefined;
    for (const p of this.pending.values()) p.reject(new Error("connection lost"));
    this.pending.clear();
    this.handlers.onState("closed");
  }

  private async handshake(): Promise<void> {
    try {
      await this.send("initialize", {
        clientInfo: { name: "codex_ts_web", title: "codex-ts web", version: "1" },
      });
      this.socket?.send(JSON.stringify({ method: "initialized" }));
    } catch {
      return; // The socket closed meanwhile; onclose reconnects.
    }
    const reconnected = this.everReady;
    this.everReady = true;
    this.handlers.onState("open");
    this.handlers.onReady(reconnected);
  }

  private receive(text: string): void {
    let message: {
      id?: number | string;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { code: number; message: string };
    };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.method !== undefined && message.id !== undefined) {
      this.handlers.onRequest(message.id, message.method, message.params);
    } else if (message.method !== undefined) {
      this.handlers.onNotification(message.method, message.params);
    } else if (typeof message.id === "number") {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) pending?.reject(new RpcError(message.error.message, message.error.code));
      else pending?.resolve(message.result);
    }
  }
}
