// A history the API accepts: every tool call has its output and every output its call. A process killed
// while a tool ran leaves a call without output in the rollout (the API would refuse the next request with
// "No tool output found"); an output can also outlive its call when lines were lost. Resuming such a file
// gives the call an "aborted" output right after it and drops outputs whose call is gone.
import type { ResponseItem } from "../protocol/items.js";

export const INTERRUPTED_CALL_OUTPUT = "aborted: the session ended before this call finished";

const OUTPUT_OF: Readonly<Record<string, string>> = {
  function_call: "function_call_output",
  custom_tool_call: "custom_tool_call_output",
  local_shell_call: "function_call_output",
};

const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output"]);

function callIdOf(item: ResponseItem): string | undefined {
  const { call_id: callId, id } = item as { call_id?: unknown; id?: unknown };
  if (typeof callId === "string") return callId;
  // A local_shell_call may carry only its item id, which its output then names.
  return item.type === "local_shell_call" && typeof id === "string" ? id : undefined;
}

export function pairToolCalls(history: readonly ResponseItem[]): ResponseItem[] {
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const item of history) {
    const id = callIdOf(item);
    if (id === undefined) continue;
    if (item.type in OUTPUT_OF) calls.add(id);
    else if (OUTPUT_TYPES.has(item.type)) answered.add(id);
  }
  const missing = [...calls].some((id) => !answered.has(id));
  const orphans = [...answered].some((id) => !calls.has(id));
  if (!missing && !orphans) return [...history];

  const paired: ResponseItem[] = [];
  for (const item of history) {
    const id = callIdOf(item);
    if (id !== undefined && OUTPUT_TYPES.has(item.type) && !calls.has(id)) continue;
    paired.push(item);
    const outputType = OUTPUT_OF[item.type];
    if (id !== undefined && outputType && !answered.has(id)) {
      paired.push({ type: outputType, call_id: id, output: INTERRUPTED_CALL_OUTPUT });
    }
  }
  return paired;
}
