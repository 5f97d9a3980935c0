// The tools every session offers unless a caller chooses others.
import { ToolRegistry } from "./registry.js";
import { shellTool } from "./shell/shell-tool.js";

export function defaultToolRegistry(): ToolRegistry {
  return new ToolRegistry([shellTool]);
}
