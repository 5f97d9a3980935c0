// What commander gives `app-server`, as the server's flags: `--stdio` is `--listen stdio://`, and
// `--analytics-default-enabled` (Codex's IDE extension passes it) has nothing to act on, codex-ts sending
// no analytics at all.
import { InvalidArgumentError } from "commander";
import { ListenUrlError, parseListenUrl } from "../surfaces/app-server/listen-url.js";
import type { AppServerFlags } from "../surfaces/app-server/run-app-server.js";

export type AppServerCliFlags = AppServerFlags & { stdio?: boolean; analyticsDefaultEnabled?: boolean };

export function appServerFlags(given: AppServerCliFlags): AppServerFlags {
  const { stdio, analyticsDefaultEnabled: _analytics, ...flags } = given;
  return stdio ? { ...flags, listen: "stdio://" } : flags;
}

/** A `--listen` value Codex would not take is a usage error (exit 2: cli/usage-exit.ts). */
export function checkListenUrl(value: string): string {
  try {
    parseListenUrl(value);
    return value;
  } catch (err) {
    if (!(err instanceof ListenUrlError)) throw err;
    throw new InvalidArgumentError(err.message);
  }
}

/** `--ws-max-clock-skew-seconds`: a whole number of seconds, 0 or more. */
export function seconds(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  throw new InvalidArgumentError("expected a whole number of seconds (0 or more).");
}
