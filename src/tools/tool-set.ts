// Which tools a session offers, and in which form, from the model and config.
import type { Config } from "../config/load.js";
import { applyPatchCustomTool, applyPatchFunctionTool } from "./apply-patch/tool.js";
import { ToolRegistry } from "./registry.js";
import { requestUserInputTool } from "./request-user-input.js";
import { shellTool } from "./shell/shell-tool.js";
import { updatePlanTool } from "./update-plan.js";
import { execCommandTool, UnifiedExecManager, writeStdinTool } from "./unified-exec/index.js";
import { viewImageTool } from "./view-image.js";

export type ApplyPatchForm = "freeform" | "function";

/** Freeform (grammar) tools are an OpenAI Responses feature of the gpt-5 family; others (and every Chat
 * Completions provider) get JSON. */
export function applyPatchForm(config: Pick<Config, "model" | "provider" | "toml">): ApplyPatchForm {
  const configured = config.toml.apply_patch_tool_type;
  if (configured === "freeform" || configured === "function") return configured;
  const openai = config.provider.requiresOpenaiAuth && config.provider.wireApi === "responses";
  return openai && /^(gpt-5|codex)/.test(config.model) ? "freeform" : "function";
}

export interface ToolSet {
  registry: ToolRegistry;
  /** Ends what the tools keep alive (long-running exec_command processes). */
  close(): Promise<void>;
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
  if (shellToolKind(config) === "shell") {
    return { registry: new ToolRegistry([shellTool, ...common]), close: () => Promise.resolve() };
  }
  const manager = new UnifiedExecManager();
  return {
    registry: new ToolRegistry([execCommandTool(manager), writeStdinTool(manager), ...common]),
    close: () => manager.closeAll(),
  };
}
