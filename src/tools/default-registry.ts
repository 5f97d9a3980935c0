// The tools every session offers unless a caller chooses others.
import { ToolRegistry } from "./registry.js";
import { requestUserInputTool } from "./request-user-input.js";
import { shellTool } from "./shell/shell-tool.js";
import { updatePlanTool } from "./update-plan.js";
import { viewImageTool } from "./view-image.js";

export function defaultToolRegistry(): ToolRegistry {
  return new ToolRegistry([shellTool, updatePlanTool, viewImageTool, requestUserInputTool]);
}
