// The one place engine events become TUI state: a pure function (state, event, now) -> state. What a
// turn shows comes from the engine's items (item-events.ts); streams from their deltas.
import type { Event, EventMsgOf, KnownEventMsg } from "../../../protocol/core-protocol.js";
import { VERSION } from "../../../version.js";
import type { NewCell, SessionInfo } from "./cells.js";
import { appendAgentDelta } from "./agent-stream.js";
import { appendOutput, decodeChunk } from "./exec-output.js";
import { skillsReport } from "../slash/skills-report.js";
import { commit } from "./commit.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";
import { cellsFromTurns, historyWithoutLastTurns } from "./history-replay.js";
import { reduceItemEvent } from "./item-events.js";
import { reducePlanEvent } from "./plan-events.js";
import { labelFor, reduceSubagentEvent } from "./subagent-events.js";
import type { TuiState } from "./tui-state.js";

export { commit };

/**
 * Commits what is still streaming (the task ended, or was cut short). Commands still running when a task
 * completes are background processes (`exec_command` keeps them across turns): they stay live until their end
 * arrives. An interrupt killed them.
 */
function flushLive(state: TuiState, interrupted: boolean): TuiState {
  const cells: NewCell[] = [];
  if (state.reasoningStream?.trim()) cells.push({ kind: "reasoning", text: state.reasoningStream });
  if (state.agentStream?.trim()) {
    const continued = (state.agentCommitted ?? 0) > 0;
    cells.push({ kind: "agent", markdown: state.agentStream, ...(continued ? { continued } : {}) });
  }
  if (state.planStream?.trim()) cells.push({ kind: "proposed_plan", markdown: state.planStream });
  if (interrupted)
    for (const run of state.execs) cells.push({ kind: "exec", run: { ...run, status: "interrupted" } });
  for (const run of state.patches) cells.push({ kind: "patch", run: { ...run, status: "failed" } });
  const { agentStream: _a, agentCommitted: _c, reasoningStream: _r, planStream: _p, ...rest } = state;
  return commit({ ...rest, execs: interrupted ? [] : state.execs, patches: [] }, ...cells);
}

function sessionFrom(msg: EventMsgOf<"session_configured">): SessionInfo {
  return {
    threadId: msg.session_id,
    model: msg.model,
    ...(msg.reasoning_effort ? { effort: msg.reasoning_effort } : {}),
    providerId: msg.model_provider_id,
    cwd: msg.cwd,
    approvalPolicy: msg.approval_policy,
    sandboxPolicy: msg.sandbox_policy,
    ...(msg.rollout_path ? { rolloutPath: msg.rollout_path } : {}),
  };
}

/** Drops the last turns from the view: the screen is printed again without them (see tui-state.ts). */
function rolledBack(state: TuiState, turns: number): TuiState {
  const kept = historyWithoutLastTurns([...state.history, ...numberless(state.pendingHistory)], turns);
  const notice = `Dropped the last ${turns} turn${turns === 1 ? "" : "s"} from the conversation.`;
  return {
    ...state,
    history: [],
    pendingHistory: [...kept, { kind: "notice", level: "info", text: notice }],
    historyEpoch: state.historyEpoch + 1,
  };
}

const numberless = (cells: NewCell[]) => cells.map((cell, i) => ({ ...cell, id: -1 - i }));

/**
 * Ends the running task: what still streams or runs is committed, its pending approvals are moot. A
 * subagent's request outlives the root's turn (the subagent keeps working), unless the turn was interrupted:
 * that interrupts every subagent too. A subagent call still shown running is dropped (its end, if it comes,
 * is still committed).
 */
function endTask(state: TuiState, interrupted: boolean): TuiState {
  const { task: _t, ...rest } = flushLive(state, interrupted);
  const approvals = interrupted ? [] : state.approvals.filter((a) => a.agentId !== undefined);
  return { ...rest, approvals, userInputs: [], subagentCalls: [] };
}

/** A subagent's call the user is asked about: its items will show here. */
function askedByChild(state: TuiState, callId: string, agentId: number | null | undefined) {
  return agentId ? { askedChildCalls: [...state.askedChildCalls, callId] } : {};
}

/** A subagent's command or patch shows (labelled) when the user was asked about it. */
function childItem(state: TuiState, msg: EventMsgOf<"subagent_event">, now: number): TuiState {
  const event = msg.event;
  if (event.type !== "item_started" && event.type !== "item_completed") return state;
  if (!state.askedChildCalls.includes(event.item.id)) return state;
  const next = reduceItemEvent(state, event, now, msg.agent_id);
  return event.type === "item_completed"
    ? { ...next, askedChildCalls: next.askedChildCalls.filter((id) => id !== event.item.id) }
    : next;
}

/** Who asks for an approval, when a subagent does. */
function asker(state: TuiState, agentId: number | null | undefined) {
  const { agentLabel } = labelFor(state.subagents, agentId);
  return agentLabel && agentId ? { agentId, agentLabel } : {};
}

/** An `error` ends the task only when it carries the task's id; it may also answer a bad op. */
function isTaskEvent(state: TuiState, eventId: string): boolean {
  return state.task === undefined || state.task.subId === eventId;
}

export function reduceEngineEvent(
  state: TuiState,
  event: Event,
  now: number,
  replayed: readonly ReplayedTurn[] = [],
): TuiState {
  const msg: KnownEventMsg = event.msg;
  switch (msg.type) {
    case "session_configured": {
      const session = sessionFrom(msg);
      // The earlier turns come as typed items from the rollout (`initial_messages` is for wire clients).
      const earlier = cellsFromTurns(replayed, { hideReasoning: state.hideReasoning });
      const withHeader = commit({ ...state, session }, { kind: "session_header", version: VERSION, session });
      return { ...withHeader, pendingHistory: [...withHeader.pendingHistory, ...earlier] };
    }
    case "task_started":
      return {
        ...state,
        task: { subId: event.id, startedAt: now, interruptRequested: false },
        collaborationMode: msg.collaboration_mode_kind,
        ...(msg.model_context_window ? { contextWindow: msg.model_context_window } : {}),
      };
    case "agent_message_content_delta":
      return appendAgentDelta(state, msg.delta);
    case "agent_reasoning_delta":
    case "agent_reasoning_raw_content_delta":
      if (state.hideReasoning) return state;
      return { ...state, reasoningStream: (state.reasoningStream ?? "") + msg.delta };
    case "agent_reasoning_section_break":
      return state.reasoningStream ? { ...state, reasoningStream: `${state.reasoningStream}\n\n` } : state;
    case "exec_command_output_delta":
      return {
        ...state,
        execs: state.execs.map((run) =>
          run.callId === msg.call_id
            ? { ...run, output: appendOutput(run.output, decodeChunk(msg.chunk)) }
            : run,
        ),
      };
    case "exec_approval_request":
      return {
        ...state,
        ...askedByChild(state, msg.call_id, msg.agent_id),
        approvals: [
          ...state.approvals,
          {
            kind: "exec",
            callId: msg.call_id,
            command: msg.command,
            cwd: msg.cwd,
            ...(msg.reason ? { reason: msg.reason } : {}),
            ...(msg.proposed_execpolicy_amendment
              ? { proposedAmendment: msg.proposed_execpolicy_amendment }
              : {}),
            ...asker(state, msg.agent_id),
          },
        ],
      };
    case "apply_patch_approval_request":
      return {
        ...state,
        ...askedByChild(state, msg.call_id, msg.agent_id),
        approvals: [
          ...state.approvals,
          {
            kind: "patch",
            callId: msg.call_id,
            changes: msg.changes,
            cwd: state.session?.cwd ?? "",
            ...(msg.reason ? { reason: msg.reason } : {}),
            ...(msg.grant_root ? { grantRoot: msg.grant_root } : {}),
            ...asker(state, msg.agent_id),
          },
        ],
      };
    case "request_user_input":
      return {
        ...state,
        userInputs: [...state.userInputs, { callId: msg.call_id, questions: msg.questions }],
      };
    case "thread_rolled_back":
      return rolledBack(state, msg.num_turns);
    case "plan_delta":
      return reducePlanEvent(state, msg);
    case "item_started":
    case "item_completed":
      return msg.item.type === "plan" ? reducePlanEvent(state, msg) : reduceItemEvent(state, msg, now);
    case "subagent_event":
      return childItem(state, msg, now);
    case "list_skills_response": {
      const skills = new Map(msg.skills.flatMap((entry) => entry.skills).map((skill) => [skill.name, skill]));
      const listed = { ...state, skills: [...skills.values()] };
      const { skillsReload, ...rest } = listed;
      if (!skillsReload || skillsReload.id !== event.id) return listed;
      // The reload's own answer: a `/skills` run while it was on its way shows this list, not the one before.
      return skillsReload.report ? commit(rest, skillsReport(rest)) : rest;
    }
    case "context_compacted":
      return commit(state, {
        kind: "notice",
        level: "info",
        text:
          msg.reason === "manual"
            ? "Context compacted: the conversation so far is now a summary."
            : "Context compacted automatically: the conversation so far is now a summary.",
      });
    case "plan_update":
      return commit(state, {
        kind: "plan",
        steps: msg.plan,
        ...(msg.explanation ? { explanation: msg.explanation } : {}),
      });
    case "token_count": {
      if (!msg.info) return state;
      const contextWindow = msg.info.model_context_window ?? state.contextWindow;
      return {
        ...state,
        tokens: {
          total: msg.info.total_token_usage,
          last: msg.info.last_token_usage,
          ...(contextWindow ? { contextWindow } : {}),
        },
      };
    }
    case "hook_completed":
      return commit(state, hookCell(msg));
    case "warning":
    case "stream_error":
      return commit(state, { kind: "notice", level: "warning", text: msg.message });
    case "background_event":
      return commit(state, { kind: "notice", level: "info", text: msg.message });
    case "error": {
      const base = isTaskEvent(state, event.id) ? endTask(state, false) : state;
      const notice = { kind: "notice" as const, level: "error" as const, text: msg.message };
      if (state.skillsReload?.id !== event.id) return commit(base, notice);
      // The reload failed: a `/skills` that waited for it shows the list as it stands.
      const { skillsReload, ...rest } = base;
      return skillsReload?.report ? commit(rest, notice, skillsReport(rest)) : commit(rest, notice);
    }
    case "task_complete": {
      const ended = endTask(state, false);
      return state.task?.planProduced ? { ...ended, askImplementPlan: true } : ended;
    }
    case "turn_aborted": {
      const ended = endTask(state, true);
      // A task replaced by a new one needs no word; an interrupt does.
      return msg.reason === "interrupted"
        ? commit(ended, {
            kind: "notice",
            level: "error",
            text: "Interrupted. Tell the model what to do differently.",
          })
        : ended;
    }
    case "subagent_lifecycle":
    case "agent_inbox":
    case "subagent_tool_call_begin":
    case "subagent_tool_call_end":
      return reduceSubagentEvent(state, msg, now);
    case "raw_response_item":
    case "shutdown_complete":
      return state;
    default:
      return state;
  }
}

/** A hook run in the history: what it decided; its warnings come as warnings of their own. */
function hookCell(msg: EventMsgOf<"hook_completed">): NewCell {
  const { run } = msg;
  const said = run.entries.filter((e) => e.kind !== "warning").map((e) => e.text);
  const event = run.eventName.charAt(0).toUpperCase() + run.eventName.slice(1);
  const text = `Hook ${event} ${run.status}${said.length ? `: ${said.join("; ")}` : ""}`;
  return { kind: "notice", level: run.status === "completed" ? "info" : "warning", text };
}
