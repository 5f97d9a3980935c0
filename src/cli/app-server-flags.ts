// What commander gives `app-server`, as the server's flags: `--stdio` is `--listen stdio://`, and
// `--analytics-default-enabled` (Codex's IDE extension passes it) has nothing to act on, codex-ts sending
// no analytics at all.
import { InvalidArgumentError } from "commander";
import { ListenUrlError, parseListenUrl } from "../surfaces/app-server/listen-url.js";
import type { AppServerFlags } from "../surfaces/app-server/run-app-server.js";
import { WS_AUTH_MODES } from "../surfaces/app-server/ws-auth.js";

export type AppServerCliFlags = AppServerFlags & { stdio?: boolean; analyticsDefaultEnabled?: boolean };

export function appServerFlags(given: AppServerCliFlags): AppServerFlags {
  const { stdio, analyticsDefaultEnabled: _analytics, ...flags } = given;
  return stdio ? { ...flags, listen: "stdio://" } : flags;
}

/** A `--listen` value Codex would not take is a usage error (exit 2), before anything starts. */
export function checkListenUrl(value: string): string {
  try {
    parseListenUrl(value);
    return value;
  } catch (err) {
    if (!(err instanceof ListenUrlError)) throw err;
    const error = new InvalidArgumentError(err.message);
    error.exitCode = 2;
    throw error;
  }
}

/** `--ws-max-clock-skew-seconds`: a whole number of seconds, 0 or more. */
export function seconds(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const error = new InvalidArgumentError("expected a whole number of seconds (0 or more).");
  error.exitCode = 2;
  throw error;
}

/** `--ws-auth`: a mode outside the list is a usage error (exit 2), as in Codex. */
export function wsAuthMode(value: string): string {
  if ((WS_AUTH_MODES as readonly string[]).includes(value)) return value;
  const error = new InvalidArgumentError(`Allowed choices are ${WS_AUTH_MODES.join(", ")}.`);
  error.exitCode = 2;
  throw error;
}
