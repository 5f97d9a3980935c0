// What commander gives `app-server`, as the server's flags: `--stdio` is `--listen stdio://`, and
// `--analytics-default-enabled` (Codex's IDE extension passes it) has nothing to act on, codex-ts sending
// no analytics at all.
import type { AppServerFlags } from "../surfaces/app-server/run-app-server.js";

export type AppServerCliFlags = AppServerFlags & { stdio?: boolean; analyticsDefaultEnabled?: boolean };

export function appServerFlags(given: AppServerCliFlags): AppServerFlags {
  const { stdio, analyticsDefaultEnabled: _analytics, ...flags } = given;
  return stdio ? { ...flags, listen: "stdio://" } : flags;
}
