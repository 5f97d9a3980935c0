// Which tools a session offers, and in which form, from the model and config.
import type { Config } from "../config/load.js";
import { applyPatchCustomTool, applyPatchFunctionTool } from "./apply-patch/tool.js";
import { ToolRegistry } from "./registry.js";
import { requestUserInputTool } from "./request-user-input.js";
import { shellTool } from "./shell/shell-tool.js";
import { updatePlanTool } from "./update-plan.js";
import { viewImageTool } from "./view-image.js";

export type ApplyPatchForm = "freeform" | "function";

/** Freeform (grammar) tools are an OpenAI Responses feature of the gpt-5 family; others get JSON. */
export function applyPatchForm(config: Pick<Config, "model" | "provider" | "toml">): ApplyPatchForm {
  const configured = config.toml.apply_patch_tool_type;
  if (configured === "freeform" || configured === "function") return configured;
  return config.provider.requiresOpenaiAuth && /^(gpt-5|codex)/.test(config.model) ? "freeform" : "function";
}

export function buildToolRegistry(config: Pick<Config, "model" | "provider" | "toml">): ToolRegistry {
  const applyPatch = applyPatchForm(config) === "freeform" ? applyPatchCustomTool : applyPatchFunctionTool;
  return new ToolRegistry([shellTool, applyPatch, updatePlanTool, viewImageTool, requestUserInputTool]);
}
