// Requests the server sent to a client and waits on, keyed by the id the server gave them.
import type { JsonRpcErrorBody, RequestId } from "../../protocol/app-server/jsonrpc.js";

export class ServerRequestError extends Error {
  constructor(
    readonly kind: "timeout" | "rpc" | "closed" | "invalid" | "cancelled",
    message: string,
    readonly rpcError?: JsonRpcErrorBody,
  ) {
    super(message);
  }
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: ServerRequestError) => void;
  timer: NodeJS.Timeout | undefined;
}

export class PendingServerRequests {
  private nextId = 0;
  private readonly pending = new Map<RequestId, Pending>();

  /** Registers a request; the promise settles with the client's answer, a timeout, or cancellation. */
  open(method: string, timeoutMs: number | undefined): { id: number; answer: Promise<unknown> } {
    const id = this.nextId++;
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.pending.delete(id);
              reject(new ServerRequestError("timeout", `no answer to ${method} within ${timeoutMs} ms`));
            }, timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
    });
    return { id, answer };
  }

  methodOf(id: RequestId): string | undefined {
    return this.pending.get(id)?.method;
  }

  /** False when nothing waits under that id (a late or unknown response). */
  resolve(id: RequestId, result: unknown): boolean {
    return this.settle(id, (p) => p.resolve(result));
  }

  reject(id: RequestId, error: ServerRequestError): boolean {
    return this.settle(id, (p) => p.reject(error));
  }

  /** Gives up on every pending request (the connection closed). */
  rejectAll(error: ServerRequestError): void {
    for (const id of [...this.pending.keys()]) this.reject(id, error);
  }

  private settle(id: RequestId, action: (p: Pending) => void): boolean {
    const pending = this.pending.get(id);
    if (!pending) return false;
    this.pending.delete(id);
    if (pending.timer) clearTimeout(pending.timer);
    action(pending);
    return true;
  }
}
