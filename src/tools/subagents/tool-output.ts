// Outputs of the subagent tools: JSON the model can act on (failures become outputs in call-events.ts).
import type { ToolResult } from "../../core/tool-api/define-tool.js";

export function jsonOutput(value: unknown): ToolResult {
  return { output: JSON.stringify(value), success: true };
}
