// Where hooks come from. Discovery reads the config layers' own sources (`$CODEX_HOME`, each trusted
// project's `.codex/`), the enabled plugins' (plugins/runtime.ts) and any extra sources a caller hands in:
//
//   discoverHooks({ ..., extraSources: [{ kind: "plugin", path: "/plugins/lint", pluginId: "lint@local" }] })
//
// A source is a `hooks.json` file, or a folder holding `hooks.json` (or `hooks/hooks.json`).
import type { HookSourceKind } from "../../protocol/hooks.js";

export interface HookSource {
  kind: HookSourceKind;
  /** A hooks.json file, or a folder where `hooks.json` or `hooks/hooks.json` is looked for. */
  path: string;
  /** The plugin that brings the hooks (`plugin` sources). */
  pluginId?: string;
  /** The plugin's installed folder: its hook commands get it as PLUGIN_ROOT / CLAUDE_PLUGIN_ROOT. */
  pluginRoot?: string;
}
