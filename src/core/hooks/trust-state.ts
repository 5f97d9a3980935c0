// Hook trust as the user's config.toml records it, in Codex's shape:
//
//   [hooks.state."/home/me/.codex-ts/hooks.json:pre_tool_use:0:0"]
//   trusted_hash = "sha256:..."
//   enabled = false        # optional: keep the hook but do not run it
//
// A record for another hash means the hook changed since it was trusted ("modified"): it does not run.
import type { HookTrustStatus } from "../../protocol/hooks.js";
import { writeUserConfig } from "../../config/config-write.js";
import { readUserConfig, type UserHome } from "../../config/user-home.js";

export type HookTrustState = Record<string, { trusted_hash?: unknown; enabled?: unknown } | undefined>;

export function trustStatusOf(
  key: string,
  hash: string,
  state: HookTrustState,
): { status: HookTrustStatus; enabled: boolean } {
  const record = state[key];
  const enabled = record?.enabled !== false;
  if (typeof record?.trusted_hash !== "string") return { status: "untrusted", enabled };
  return { status: record.trusted_hash === hash ? "trusted" : "modified", enabled };
}

/** Records trust in each hook as it is now, in `$CODEX_HOME/config.toml` (formatting and comments kept). */
export function trustHooks(
  codexHome: string,
  hooks: ReadonlyArray<{ key: string; currentHash: string }>,
): void {
  if (hooks.length === 0) return;
  writeUserConfig(
    codexHome,
    hooks.map((h) => ({
      keyPath: `hooks.state.${JSON.stringify(h.key)}.trusted_hash`,
      value: h.currentHash,
      mergeStrategy: "replace" as const,
    })),
  );
}

/** The trust records of `$CODEX_HOME/config.toml` as the file says now (empty when it cannot be read). */
export function readUserTrust(home: UserHome): HookTrustState {
  try {
    const hooks = readUserConfig(home).hooks as { state?: unknown } | undefined;
    return hooks?.state && typeof hooks.state === "object" ? (hooks.state as HookTrustState) : {};
  } catch {
    return {};
  }
}
