// One configured hook handler as discovery finds it: where it comes from, when it runs, and the key and
// hash its trust is recorded under (`[hooks.state."<key>"] trusted_hash = "sha256:..."`, as Codex does).
import { createHash } from "node:crypto";
import type { HookEvent, HookSourceKind, HookTrustStatus } from "../../protocol/hooks.js";

/** Codex's default when a handler sets no timeout. */
export const DEFAULT_HOOK_TIMEOUT_SEC = 600;

export interface HookDefinition {
  /** `<sourcePath>:<event_snake>:<group>:<handler>`, Codex's key format. */
  key: string;
  event: HookEvent;
  matcher: string | null;
  command: string;
  timeoutSec: number;
  statusMessage: string | null;
  async: boolean;
  source: HookSourceKind;
  sourcePath: string;
  pluginId: string | null;
  /** A plugin hook's installed folder (PLUGIN_ROOT in its environment). */
  pluginRoot: string | null;
  displayOrder: number;
  /** `sha256:<hex>` of the definition; a trust record for another hash means the hook changed. */
  currentHash: string;
  trustStatus: HookTrustStatus;
  enabled: boolean;
}

export function eventKeyLabel(event: HookEvent): string {
  return event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
}

/** The hash covers what the hook does and when, not where it sits, so moving a file keeps nothing trusted. */
export function hookHash(def: {
  event: HookEvent;
  matcher: string | null;
  command: string;
  timeoutSec: number;
  statusMessage: string | null;
  async: boolean;
}): string {
  const canonical = JSON.stringify([
    def.event,
    def.matcher,
    def.command,
    def.timeoutSec,
    def.statusMessage,
    def.async,
  ]);
  return `sha256:${createHash("sha256").update(canonical).digest("hex")}`;
}
