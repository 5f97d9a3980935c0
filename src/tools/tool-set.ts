// Which tools a session offers, and in which form, from the model and config.
import type { Config } from "../config/load.js";
import { applyPatchCustomTool, applyPatchFunctionTool } from "./apply-patch/tool.js";
import { ToolRegistry } from "../core/tool-api/registry.js";
import type { ToolSet } from "../core/tool-api/tool-set.js";
import { requestUserInputTool } from "./request-user-input.js";
import { shellTool } from "./shell/shell-tool.js";
import { updatePlanTool } from "./update-plan.js";
import { execCommandTool, UnifiedExecManager, writeStdinTool } from "./unified-exec/index.js";
import { MAX_EMPTY_POLL_YIELD_TIME_MS } from "./unified-exec/write-stdin-tool.js";
import { viewImageTool } from "./view-image.js";

export type ApplyPatchForm = "freeform" | "function";

/**
 * The form follows the model family, whatever the provider (a proxy or local server in front of a gpt-5 or
 * codex model still gets freeform calls from it), as the real Codex decides; `apply_patch_tool_type` wins.
 * Either way the handler accepts both forms.
 */
export function applyPatchForm(config: Pick<Config, "model" | "toml">): ApplyPatchForm {
  const configured = config.toml.apply_patch_tool_type;
  if (configured === "freeform" || configured === "function") return configured;
  const model = config.model.replace(/^.*\//, "");
  return /^(gpt-5|codex)/.test(model) ? "freeform" : "function";
}

/**
 * The hosted `web_search` tool as the real Codex sends it: `cached` serves indexed results only
 * (`external_web_access: false`), `live` may fetch pages; absent or `disabled` offers none.
 */
export function webSearchSpecs(config: Pick<Config, "toml">): Record<string, unknown>[] {
  const mode = config.toml.web_search;
  if (mode === "cached") return [{ type: "web_search", external_web_access: false }];
  if (mode === "live") return [{ type: "web_search", external_web_access: true }];
  return [];
}

export type ShellToolKind = "exec_command" | "shell";

/**
 * `exec_command` and `write_stdin` (processes that outlive a call, a terminal when asked) for every model,
 * as the real Codex offers them; `shell_tool = "shell"` gives the one-shot argv `shell` tool instead.
 */
export function shellToolKind(config: Pick<Config, "toml">): ShellToolKind {
  return config.toml.shell_tool === "shell" ? "shell" : "exec_command";
}

export function buildToolSet(config: Pick<Config, "model" | "provider" | "toml">): ToolSet {
  const applyPatch = applyPatchForm(config) === "freeform" ? applyPatchCustomTool : applyPatchFunctionTool;
  const common = [applyPatch, updatePlanTool, viewImageTool, requestUserInputTool];
  const hosted = webSearchSpecs(config);
  if (shellToolKind(config) === "shell") {
    return { registry: new ToolRegistry([shellTool, ...common], hosted), close: () => Promise.resolve() };
  }
  const manager = new UnifiedExecManager();
  const execCommand = execCommandTool(manager, { allowLoginShell: config.toml.allow_login_shell ?? true });
  const writeStdin = writeStdinTool(manager, {
    maxEmptyPollMs: config.toml.background_terminal_max_timeout ?? MAX_EMPTY_POLL_YIELD_TIME_MS,
  });
  return {
    registry: new ToolRegistry([execCommand, writeStdin, ...common], hosted),
    close: () => manager.closeAll(),
  };
}
