// Asking the app-server on a control socket which Codex version it speaks for: a WebSocket handshake and
// an `initialize`. A server that cannot be reached, closes, or does not answer in time is an error worded
// as Codex 0.169 words it (`failed to connect to`, `failed to upgrade`, `timed out probing`).
import type { ClientRequest, IncomingMessage } from "node:http";
import { CODEX_COMPAT_VERSION } from "../../version.js";
import { connectPath } from "./control-socket.js";
import { DaemonError, osReason } from "./daemon-error.js";

/**
 * The Codex version the server at `path` gives in initialize's userAgent (`name/X.Y.Z (...)`); null when it
 * answers with something else.
 */
export async function appServerVersion(path: string, timeoutMs: number): Promise<string | null> {
  const { default: WebSocket } = await import("ws");
  return new Promise((resolvePromise, reject) => {
    const ws = new WebSocket(`ws+unix://${connectPath(path)}:/`);
    let opened = false;
    let settled = false;
    const timer = setTimeout(
      () => fail(`timed out probing app-server control socket ${path}`, "deadline has elapsed"),
      timeoutMs,
    );
    function finish(): boolean {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      return true;
    }
    function fail(message: string, reason?: string): void {
      if (finish()) reject(new DaemonError(message, reason));
    }
    // terminate() while connecting reports an error of its own afterwards: a listener stays for it.
    ws.on("error", (err: NodeJS.ErrnoException) => {
      if (err.syscall === "connect") fail(`failed to connect to ${path}`, osReason(err));
      else if (!opened) fail(`failed to upgrade ${path}`, osReason(err));
      else fail(`WebSocket protocol error: ${err.message}`);
    });
    ws.on("unexpected-response", (_req: ClientRequest, res: IncomingMessage) => {
      fail(`failed to upgrade ${path}`, `HTTP error: ${res.statusCode} ${res.statusMessage ?? ""}`.trim());
    });
    ws.once("close", (code: number) => {
      // 1006: the connection ended without a close frame.
      if (code === 1006) fail("WebSocket protocol error: Connection reset without closing handshake");
      else fail(`app-server on ${path} closed the connection before answering initialize (code ${code})`);
    });
    ws.once("open", () => {
      opened = true;
      const clientInfo = { name: "codex_daemon", version: CODEX_COMPAT_VERSION };
      ws.send(JSON.stringify({ id: 1, method: "initialize", params: { clientInfo } }));
    });
    ws.on("message", (data: Buffer) => {
      let message: { id?: unknown; result?: { userAgent?: unknown } } | null;
      try {
        message = JSON.parse(data.toString("utf8")) as typeof message;
      } catch {
        return;
      }
      if (message?.id !== 1) return;
      const agent = typeof message.result?.userAgent === "string" ? message.result.userAgent : "";
      if (finish()) resolvePromise(/^[^/]+\/(\d+\.\d+\.\d+)/.exec(agent)?.[1] ?? null);
    });
  });
}
