// The engine's items as TUI state: messages, reasoning, commands and patches of the root agent, and the
// commands and patches of a subagent that the user approved (labelled with who ran them), and one-line notices
// (web searches, failed calls, review mode). Plans are
// plan-events.ts's; subagent tool calls are subagent-events.ts's.
import type { EventMsgOf } from "../../../protocol/core-protocol.js";
import { contentText, type TurnItem, type TurnItemOf } from "../../../protocol/turn-item.js";
import type { ExecRun, NewCell, PatchRun } from "./cells.js";
import { finishAgentStream } from "./agent-stream.js";
import { commit } from "./commit.js";
import { labelFor } from "./subagent-events.js";
import type { TuiState } from "./tui-state.js";

type ItemMsg = EventMsgOf<"item_started"> | EventMsgOf<"item_completed">;

export function reduceItemEvent(state: TuiState, msg: ItemMsg, now: number, agentId?: number): TuiState {
  const item = msg.item;
  if (msg.type === "item_started") {
    if (item.type === "commandExecution")
      return { ...state, execs: [...state.execs, startedRun(item, now, state, agentId)] };
    // A patch the user is asked about shows in the approval overlay, not as being applied.
    if (item.type === "fileChange" && !state.approvals.some((a) => a.callId === item.id))
      return { ...state, patches: [...state.patches, applying(item, state, agentId)] };
    return state;
  }
  return reduceCompletedItem(state, item, agentId);
}

function startedRun(
  item: TurnItemOf<"commandExecution">,
  now: number,
  state: TuiState,
  agentId: number | undefined,
): ExecRun {
  return {
    callId: item.id,
    command: item.command,
    cwd: item.cwd,
    startedAt: now,
    output: "",
    status: "running",
    ...labelFor(state.subagents, agentId),
  };
}

function applying(item: TurnItemOf<"fileChange">, state: TuiState, agentId: number | undefined): PatchRun {
  return {
    callId: item.id,
    changes: item.changes,
    cwd: state.session?.cwd ?? "",
    status: "applying",
    ...labelFor(state.subagents, agentId),
  };
}

/** A completed item as cells (live, or an earlier turn's item shown again). */
export function reduceCompletedItem(state: TuiState, item: TurnItem, agentId?: number): TuiState {
  switch (item.type) {
    case "userMessage": {
      const text = item.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
      return commit(state, { kind: "user", text });
    }
    case "agentMessage":
      return finishAgentStream(state, item.text);
    case "reasoning": {
      const { reasoningStream: _s, ...rest } = state;
      if (state.hideReasoning) return rest;
      // `content` is the raw reasoning, there only with show_raw_agent_reasoning.
      const cells: NewCell[] = [...item.summary, ...item.content].map((text) => ({
        kind: "reasoning",
        text,
      }));
      return commit(rest, ...cells);
    }
    case "commandExecution":
      return endExec(state, item, agentId);
    case "fileChange":
      return patchDone(state, item, agentId);
    default: {
      const notice = noticeOfItem(item);
      return notice ? commit(state, notice) : state;
    }
  }
}

/** Items shown as one line: web searches, failed tool calls, review mode (live and in resumed history). */
export function noticeOfItem(item: TurnItem): NewCell | undefined {
  switch (item.type) {
    case "webSearch":
      return { kind: "notice", level: "info", text: `Searched the web: ${item.query}` };
    case "dynamicToolCall":
      // Never silent: the model may go on as if the call worked, the user must see that it did not.
      return item.status === "failed"
        ? { kind: "notice", level: "error", text: `${item.tool} failed: ${contentText(item.content_items)}` }
        : undefined;
    case "enteredReviewMode":
      return { kind: "notice", level: "info", text: `>> Code review started: ${item.review} <<` };
    case "exitedReviewMode":
      // A review that failed or was interrupted says so in its own error.
      return item.review ? { kind: "notice", level: "info", text: "<< Code review finished >>" } : undefined;
    default:
      return undefined;
  }
}

function endExec(
  state: TuiState,
  item: TurnItemOf<"commandExecution">,
  agentId: number | undefined,
): TuiState {
  const live = state.execs.find((run) => run.callId === item.id);
  const rest = { ...state, execs: state.execs.filter((r) => r.callId !== item.id) };
  // A refused command never ran: the approval's decision is already in the history.
  if (item.status === "declined") return rest;
  const interrupted = state.task?.interruptRequested === true;
  const exitCode = item.exit_code ?? -1;
  const run: ExecRun = {
    callId: item.id,
    command: item.command,
    cwd: item.cwd,
    startedAt: live?.startedAt ?? 0,
    output: item.aggregated_output ?? live?.output ?? "",
    status: interrupted && exitCode !== 0 ? "interrupted" : exitCode === 0 ? "succeeded" : "failed",
    exitCode,
    durationMs: item.duration_ms ?? 0,
    ...(live?.agentLabel ? { agentLabel: live.agentLabel } : labelFor(state.subagents, agentId)),
  };
  return commit(rest, { kind: "exec", run });
}

function patchDone(state: TuiState, item: TurnItemOf<"fileChange">, agentId: number | undefined): TuiState {
  const live = state.patches.find((p) => p.callId === item.id);
  const rest = { ...state, patches: state.patches.filter((p) => p.callId !== item.id) };
  // A refused patch was never applied: the approval's decision is already in the history.
  if (item.status === "declined") return rest;
  const run = live ?? applying(item, state, agentId);
  return commit(rest, {
    kind: "patch",
    run:
      item.status === "completed"
        ? { ...run, status: "applied" }
        : { ...run, status: "failed", ...(item.error ? { error: item.error } : {}) },
  });
}
