// The app-server's transport from its flags (`--listen`, `--ws-auth` and friends), or why it cannot start,
// with Codex 0.169's exit code and words.
import { ListenUrlError, isLoopback, parseListenUrl, type ListenTarget } from "./listen-url.js";
import { WsAuthError, wsAuthCheck, type WsAuthFlags } from "./ws-auth.js";
import type { UpgradeCheck } from "./websocket-transport.js";

export type TransportSetup =
  | { ok: true; target: Exclude<ListenTarget, { kind: "off" }>; check: UpgradeCheck | undefined }
  | { ok: false; exitCode: number; message: string };

export function transportSetup(flags: WsAuthFlags & { listen?: string }): TransportSetup {
  let target: ListenTarget;
  try {
    target = parseListenUrl(flags.listen ?? "stdio://");
  } catch (err) {
    if (!(err instanceof ListenUrlError)) throw err;
    return { ok: false, exitCode: 2, message: err.message };
  }
  // Codex's other way in without --listen, remote control, is not in codex-ts.
  if (target.kind === "off") {
    return {
      ok: false,
      exitCode: 1,
      message: "no transport configured; use --listen or enable remote control",
    };
  }
  let check: UpgradeCheck | undefined;
  try {
    check = wsAuthCheck(flags);
  } catch (err) {
    if (!(err instanceof WsAuthError)) throw err;
    return { ok: false, exitCode: 1, message: err.message };
  }
  if (target.kind === "ws" && !isLoopback(target.host) && check === undefined) {
    const authority = target.host.includes(":") ? `[${target.host}]` : target.host;
    return {
      ok: false,
      exitCode: 1,
      message:
        `refusing to start non-loopback websocket listener ${authority}:${target.port} without auth; ` +
        "configure `--ws-auth capability-token` or `--ws-auth signed-bearer-token`",
    };
  }
  return { ok: true, target, check };
}
