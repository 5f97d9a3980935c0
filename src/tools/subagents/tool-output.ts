// Outputs of the subagent tools: JSON the model can act on, and every failure as an output (never a throw).
import type { ToolResult } from "../define-tool.js";

export function jsonOutput(value: unknown): ToolResult {
  return { output: JSON.stringify(value), success: true };
}

/** Runs a tool's work; a refusal or failure becomes `NAME: reason`, which the model reads. */
export async function guarded(name: string, work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (err) {
    return { output: `${name}: ${err instanceof Error ? err.message : String(err)}`, success: false };
  }
}
