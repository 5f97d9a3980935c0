// Every subagent tool call is announced: subagent_tool_call_begin with the agents it targets, then
// subagent_tool_call_end with their states after it (and whether it worked). Clients show the calls from
// these (the app-server as collabAgentToolCall items); the end event is persisted with the thread.
import type { SubagentCallAgent, SubagentToolName } from "../../protocol/core-protocol.js";
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import type { ToolContext, ToolResult } from "../../core/tool-api/define-tool.js";

export interface CallStart {
  tool: SubagentToolName;
  /** Agents known to be targeted before the call runs. */
  targets: number[];
  prompt?: string;
  model?: string;
}

export interface CallOutcome {
  result: ToolResult;
  /** The agents the call was about, as they are after it (default: the targets, described again). */
  agents?: SubagentCallAgent[];
}

/** Runs a subagent tool's work between its two events; a refusal or failure becomes `subagent_TOOL: reason`. */
export async function announcedCall(
  ctx: Pick<ToolContext, "callId" | "emit">,
  scope: AgentScope,
  start: CallStart,
  work: () => Promise<CallOutcome>,
): Promise<ToolResult> {
  const describeAll = (ids: number[]) => ids.flatMap((id) => scope.describe(id) ?? []);
  const base = {
    call_id: ctx.callId,
    tool: start.tool,
    sender_agent_id: scope.agentId,
    sender_session_id: scope.sessionId,
    prompt: start.prompt ?? null,
    model: start.model ?? null,
  };
  ctx.emit({ type: "subagent_tool_call_begin", ...base, agents: describeAll(start.targets) });
  let outcome: CallOutcome;
  try {
    outcome = await work();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    outcome = { result: { output: `subagent_${start.tool}: ${reason}`, success: false } };
  }
  const { result } = outcome;
  ctx.emit({
    type: "subagent_tool_call_end",
    ...base,
    agents: outcome.agents ?? describeAll(start.targets),
    success: result.success,
    error: result.success ? null : typeof result.output === "string" ? result.output : null,
  });
  return result;
}
