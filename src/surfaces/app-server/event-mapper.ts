// Engine events -> app-server v2 notifications and server requests, for one thread. The one place the
// mapping lives (commands and patches in tool-items.ts, MCP in mcp-items.ts, subagents in subagent-items.ts,
// questions in user-input.ts); table-tested in event-mapper.test.ts and event-mapper-items.test.ts.
import type { Event, EventMsgOf, KnownEventMsg } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { TurnError, TurnStatus, UserInput } from "../../protocol/app-server/v2/common.js";
import type { ThreadItem, ThreadItemOf } from "../../protocol/app-server/v2/items.js";
import type { Thread } from "../../protocol/app-server/v2/thread.js";
import { breakdown, errorInfo } from "./mapper-conversions.js";
import { OutputBuffer, type MapperOutput } from "./mapper-output.js";
import { mcpBegin, mcpEnd, mcpStartup } from "./mcp-items.js";
import { TurnDiff } from "./turn-diff.js";
import { SubagentItems } from "./subagent-items.js";
import { ToolItems } from "./tool-items.js";
import { userInputRequest } from "./user-input.js";
import { ThreadWaits } from "./thread-waits.js";

export type { MapperOutput } from "./mapper-output.js";

interface OpenTurn {
  subId: string;
  id: string;
  startedAtMs: number;
}

type OpenReasoning = ThreadItemOf<"reasoning"> & { index: number };

export class AppServerEventMapper {
  private turn: OpenTurn | undefined;
  private counter = 0;
  private agentMessage: ThreadItemOf<"agentMessage"> | undefined;
  private reasoning: OpenReasoning | undefined;
  private readonly inputs = new Map<string, UserInput[]>();
  private readonly out: OutputBuffer;
  private readonly tools: ToolItems;
  private readonly subagents: SubagentItems;
  private readonly turnDiff = new TurnDiff();
  private readonly waits: ThreadWaits;
  /** This thread's own patches being applied (a subagent's are not part of its turn diff). */
  private readonly ownPatches = new Set<string>();

  constructor(
    private readonly threadId: string,
    private readonly describeThread: (session: EventMsgOf<"session_configured">) => Thread,
    now: () => number = Date.now,
    /** This thread as the wire shows it now (child threads of its subagents start from it). */
    describeSelf: () => Thread = () => {
      throw new Error(`thread ${threadId} cannot describe itself here`);
    },
  ) {
    this.out = new OutputBuffer(threadId, () => this.turn?.id, now);
    this.waits = new ThreadWaits(this.out);
    this.subagents = new SubagentItems(this.out, threadId, describeSelf);
    this.tools = new ToolItems(this.out, (agentId) => this.subagents.threadOf(agentId));
  }

  /** The wire input of a turn submission, so its userMessage item shows what the client sent. */
  setTurnInput(subId: string, input: UserInput[]): void {
    this.inputs.set(subId, input);
  }

  get currentTurnId(): string | undefined {
    return this.turn?.id;
  }

  map(event: Event): MapperOutput[] {
    // Reasoning parts arrive one event each; the item completes when anything else comes.
    if (!event.msg.type.startsWith("agent_reasoning")) this.closeReasoning();
    this.mapMessage(event.id, event.msg);
    return this.out.take();
  }

  /** What the client decided about an approval; a refusal shows the item as declined. */
  approvalDecided(callId: string, decision: ReviewDecision): MapperOutput[] {
    this.tools.decided(callId, decision);
    if (this.turn) this.waits.answered(callId);
    return this.out.take();
  }

  /** The client answered (or could not answer) the model's questions. */
  inputAnswered(callId: string): MapperOutput[] {
    if (this.turn) this.waits.answered(callId);
    return this.out.take();
  }

  /** The thread's status now: idle, or active with what its turn waits on. */
  get threadStatus() {
    return this.waits.status(this.turn !== undefined);
  }

  /** This thread's own turn waits on the client (a subagent's wait shows on the subagent's thread). */
  private waitOn(
    callId: string,
    agentId: number | null | undefined,
    flag: "waitingOnApproval" | "waitingOnUserInput",
  ) {
    if (this.turn && (agentId === undefined || agentId === null)) this.waits.asked(callId, flag);
  }

  private warning(message: string): void {
    this.out.notify({ method: "warning", params: { threadId: this.threadId, message } });
  }

  /** After a patch applied, the whole turn's diff so far (`turn/diff/updated`). */
  private diffUpdated(callId: string, success: boolean): void {
    const own = this.ownPatches.delete(callId);
    if (!success || !own) return;
    const diff = this.turnDiff.diff();
    if (!diff) return;
    this.out.notify({
      method: "turn/diff/updated",
      params: { threadId: this.threadId, turnId: this.out.turnId, diff },
    });
  }

  private mapMessage(subId: string, msg: KnownEventMsg): void {
    switch (msg.type) {
      case "session_configured":
        return this.out.notify({ method: "thread/started", params: { thread: this.describeThread(msg) } });
      case "task_started":
        this.turnDiff.reset();
        return this.startTurn(subId, msg.turn_id);
      case "user_message":
        return this.userMessage(subId, msg.message);
      case "agent_message_content_delta":
        return this.agentDelta(msg.item_id, msg.delta);
      case "agent_message":
        return this.agentMessageDone(msg.message);
      case "agent_reasoning_delta":
        return this.reasoningDelta(msg.delta);
      case "agent_reasoning_section_break":
        return this.reasoningBreak();
      case "agent_reasoning":
        this.openReasoning().summary.push(msg.text);
        return;
      case "exec_approval_request":
        this.waitOn(msg.call_id, msg.agent_id, "waitingOnApproval");
        return this.tools.execApproval(msg);
      case "exec_command_begin":
        return this.tools.commandBegin(msg);
      case "exec_command_output_delta":
        return this.tools.commandOutput(msg);
      case "exec_command_end":
        return this.tools.commandEnd(msg);
      case "apply_patch_approval_request":
        this.waitOn(msg.call_id, msg.agent_id, "waitingOnApproval");
        return this.tools.patchApproval(msg);
      case "patch_apply_begin":
        // A subagent's patch is not part of this thread's turn diff.
        if (msg.agent_id === undefined || msg.agent_id === null) {
          this.ownPatches.add(msg.call_id);
          this.turnDiff.begin(msg.changes);
        }
        return this.tools.patchBegin(msg.call_id, msg.changes);
      case "patch_apply_end":
        this.tools.patchEnd(msg.call_id, msg.success);
        return this.diffUpdated(msg.call_id, msg.success);
      case "view_image_tool_call": {
        const item = { type: "imageView" as const, id: msg.call_id, path: msg.path };
        this.out.item("item/started", item);
        return this.out.item("item/completed", item);
      }
      case "plan_update":
        return this.planUpdate(msg);
      case "item_started":
        return this.out.item("item/started", { ...msg.item, text: "" });
      case "plan_delta":
        return this.out.notify({
          method: "item/plan/delta",
          params: { threadId: this.threadId, turnId: this.out.turnId, itemId: msg.item_id, delta: msg.delta },
        });
      case "item_completed":
        return this.out.item("item/completed", msg.item);
      case "context_compacted":
        return this.compacted();
      case "mcp_tool_call_begin":
        return mcpBegin(this.out, msg);
      case "mcp_tool_call_end":
        return mcpEnd(this.out, msg);
      case "mcp_startup_update":
        return mcpStartup(this.out, msg);
      case "subagent_lifecycle": {
        this.subagents.lifecycle(msg);
        const { status, agent_id } = msg.summary;
        const threadId = this.subagents.threadOf(agent_id);
        // A child that stopped working asks nothing any more; a cancelled one runs nothing any more.
        if (threadId && status !== "running" && status !== "waiting") {
          this.tools.settleChild(threadId, status === "cancelled");
        }
        return;
      }
      case "agent_inbox":
        return this.subagents.inbox(msg);
      case "subagent_tool_call_begin":
        return this.subagents.callBegin(msg);
      case "subagent_tool_call_end":
        return this.subagents.callEnd(msg);
      case "request_user_input":
        this.waitOn(msg.call_id, null, "waitingOnUserInput");
        return userInputRequest(this.out, msg);
      case "token_count":
        return this.tokenCount(msg);
      case "stream_error":
        return this.turnError({ message: msg.message, codexErrorInfo: null }, true);
      case "warning":
        return this.warning(msg.message);
      case "error":
        if (this.turn?.subId === subId) {
          const error = { message: msg.message, codexErrorInfo: errorInfo(msg.codex_error_info) };
          this.turnError(error, false);
          return this.endTurn("failed", error);
        }
        // An error about another submission (an approval for nothing, say) does not end the turn.
        return this.warning(msg.message);
      case "task_complete":
        return this.endTurn("completed", null);
      case "turn_aborted":
        return this.endTurn("interrupted", null);
      default:
        return;
    }
  }

  private nextId(prefix: string): string {
    return `${prefix}_${++this.counter}`;
  }

  private startTurn(subId: string, turnId: string): void {
    const startedAtMs = this.out.now();
    this.turn = { subId, id: turnId, startedAtMs };
    const status = { type: "active" as const, activeFlags: [] };
    this.out.notify({ method: "thread/status/changed", params: { threadId: this.threadId, status } });
    const turn = {
      id: turnId,
      items: [],
      status: "inProgress" as const,
      error: null,
      startedAt: Math.floor(startedAtMs / 1000),
      completedAt: null,
      durationMs: null,
    };
    this.out.notify({ method: "turn/started", params: { threadId: this.threadId, turn } });
  }

  private endTurn(status: TurnStatus, error: TurnError | null): void {
    const turn = this.turn;
    if (!turn) return;
    if (this.agentMessage) this.out.item("item/completed", this.agentMessage);
    this.agentMessage = undefined;
    this.tools.closeAll(status);
    this.waits.clear();
    this.subagents.closeAll(status);
    this.inputs.delete(turn.subId);
    const completedAtMs = this.out.now();
    this.out.notify({
      method: "turn/completed",
      params: {
        threadId: this.threadId,
        turn: {
          id: turn.id,
          items: [],
          status,
          error,
          startedAt: Math.floor(turn.startedAtMs / 1000),
          completedAt: Math.floor(completedAtMs / 1000),
          durationMs: completedAtMs - turn.startedAtMs,
        },
      },
    });
    this.out.notify({
      method: "thread/status/changed",
      params: { threadId: this.threadId, status: { type: "idle" } },
    });
    this.turn = undefined;
  }

  private turnError(error: TurnError, willRetry: boolean): void {
    if (!this.turn) return;
    this.out.notify({
      method: "error",
      params: { threadId: this.threadId, turnId: this.turn.id, error, willRetry },
    });
  }

  private userMessage(subId: string, text: string): void {
    const content = this.inputs.get(subId) ?? [{ type: "text" as const, text }];
    const item: ThreadItem = { type: "userMessage", id: this.nextId("user"), content };
    this.out.item("item/started", item);
    this.out.item("item/completed", item);
  }

  private agentDelta(itemId: string, delta: string): void {
    if (this.agentMessage?.id !== itemId) {
      if (this.agentMessage) this.out.item("item/completed", this.agentMessage);
      this.agentMessage = { type: "agentMessage", id: itemId, text: "" };
      this.out.item("item/started", this.agentMessage);
    }
    this.agentMessage.text += delta;
    this.out.notify({
      method: "item/agentMessage/delta",
      params: { threadId: this.threadId, turnId: this.out.turnId, itemId, delta },
    });
  }

  /** The final text is authoritative: a retried stream may have sent some deltas twice. */
  private agentMessageDone(text: string): void {
    const open = this.agentMessage;
    this.agentMessage = undefined;
    const item: ThreadItem = { type: "agentMessage", id: open?.id ?? this.nextId("msg"), text };
    if (!open) this.out.item("item/started", { ...item, text: "" });
    this.out.item("item/completed", item);
  }

  private openReasoning(): OpenReasoning {
    if (!this.reasoning) {
      this.reasoning = { type: "reasoning", id: this.nextId("rs"), summary: [], content: [], index: 0 };
      this.out.item("item/started", { type: "reasoning", id: this.reasoning.id, summary: [], content: [] });
    }
    return this.reasoning;
  }

  private reasoningDelta(delta: string): void {
    const item = this.openReasoning();
    this.out.notify({
      method: "item/reasoning/summaryTextDelta",
      params: {
        threadId: this.threadId,
        turnId: this.out.turnId,
        itemId: item.id,
        delta,
        summaryIndex: item.index,
      },
    });
  }

  private reasoningBreak(): void {
    const item = this.openReasoning();
    item.index++;
    this.out.notify({
      method: "item/reasoning/summaryPartAdded",
      params: { threadId: this.threadId, turnId: this.out.turnId, itemId: item.id, summaryIndex: item.index },
    });
  }

  private closeReasoning(): void {
    const item = this.reasoning;
    if (!item) return;
    this.reasoning = undefined;
    this.out.item("item/completed", { type: "reasoning", id: item.id, summary: item.summary, content: [] });
  }

  private planUpdate(msg: EventMsgOf<"plan_update">): void {
    if (!this.turn) return;
    const plan = msg.plan.map((s) => ({
      step: s.step,
      status: s.status === "in_progress" ? ("inProgress" as const) : s.status,
    }));
    this.out.notify({
      method: "turn/plan/updated",
      params: { threadId: this.threadId, turnId: this.turn.id, explanation: msg.explanation ?? null, plan },
    });
  }

  private compacted(): void {
    const item: ThreadItem = { type: "contextCompaction", id: this.nextId("compaction") };
    this.out.item("item/started", item);
    this.out.item("item/completed", item);
  }

  private tokenCount(msg: EventMsgOf<"token_count">): void {
    if (!msg.info || !this.turn) return;
    const tokenUsage = {
      total: breakdown(msg.info.total_token_usage),
      last: breakdown(msg.info.last_token_usage),
      modelContextWindow: msg.info.model_context_window ?? null,
    };
    this.out.notify({
      method: "thread/tokenUsage/updated",
      params: { threadId: this.threadId, turnId: this.turn.id, tokenUsage },
    });
  }
}
