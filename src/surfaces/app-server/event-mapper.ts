// Engine events -> app-server v2 notifications and server requests, for one thread. Items are the
// engine's (projected in item-projection.ts, turns in turn-projector.ts); subagents in subagent-items.ts,
// approvals in approval-requests.ts, questions in user-input.ts. Table-tested in event-mapper.test.ts and
// event-mapper-items.test.ts.
import type { Event, EventMsgOf, KnownEventMsg } from "../../protocol/core-protocol.js";
import type { TurnError, TurnStatus, UserInput } from "../../protocol/app-server/v2/common.js";
import type { Thread } from "../../protocol/app-server/v2/thread.js";
import { ApprovalRequests } from "./approval-requests.js";
import { autoReviewNotification } from "./auto-review-items.js";
import { breakdown, wireTurnError } from "./mapper-conversions.js";
import { OutputBuffer, type MapperOutput } from "./mapper-output.js";
import { mcpStartup } from "./mcp-items.js";
import { TurnDiff } from "./turn-diff.js";
import { SubagentItems } from "./subagent-items.js";
import { TurnProjector } from "./turn-projector.js";
import { userInputRequest } from "./user-input.js";
import { ThreadWaits } from "./thread-waits.js";

export type { MapperOutput } from "./mapper-output.js";

export class AppServerEventMapper {
  private readonly inputs = new Map<string, UserInput[]>();
  private readonly out: OutputBuffer;
  private readonly own: TurnProjector;
  /** Live turns of subagents' threads, by thread id. */
  private readonly children = new Map<string, TurnProjector>();
  private readonly approvals: ApprovalRequests;
  private readonly subagents: SubagentItems;
  private readonly turnDiff = new TurnDiff();
  private readonly waits: ThreadWaits;

  constructor(
    private readonly threadId: string,
    private readonly describeThread: (session: EventMsgOf<"session_configured">) => Thread,
    now: () => number = Date.now,
    /** This thread as the wire shows it now (child threads of its subagents start from it). */
    describeSelf: () => Thread = () => {
      throw new Error(`thread ${threadId} cannot describe itself here`);
    },
  ) {
    this.out = new OutputBuffer(threadId, () => this.own.turn?.id, now);
    this.own = new TurnProjector(this.out, threadId);
    this.waits = new ThreadWaits(this.out);
    this.subagents = new SubagentItems(this.out, threadId, describeSelf);
    this.approvals = new ApprovalRequests(this.out, (agentId) => this.subagents.threadOf(agentId));
  }

  /** The wire input of a turn submission, so its userMessage item shows what the client sent. */
  setTurnInput(subId: string, input: UserInput[]): void {
    this.inputs.set(subId, input);
  }

  get currentTurnId(): string | undefined {
    return this.own.turn?.id;
  }

  map(event: Event): MapperOutput[] {
    this.mapMessage(event.id, event.msg);
    return this.out.take();
  }

  /** What the client decided about an approval (a refusal's declined item comes from the engine). */
  approvalDecided(callId: string): MapperOutput[] {
    if (this.own.turn) this.waits.answered(callId);
    return this.out.take();
  }

  /** The client answered (or could not answer) the model's questions. */
  inputAnswered(callId: string): MapperOutput[] {
    if (this.own.turn) this.waits.answered(callId);
    return this.out.take();
  }

  /** The thread's status now: idle, or active with what its turn waits on. */
  get threadStatus() {
    return this.waits.status(this.own.turn !== undefined);
  }

  /** This thread's own turn waits on the client (a subagent's wait shows on the subagent's thread). */
  private waitOn(
    callId: string,
    agentId: number | null | undefined,
    flag: "waitingOnApproval" | "waitingOnUserInput",
  ) {
    if (this.own.turn && (agentId === undefined || agentId === null)) this.waits.asked(callId, flag);
  }

  private warning(message: string): void {
    this.out.notify({ method: "warning", params: { threadId: this.threadId, message } });
  }

  /** After a patch applied, the whole turn's diff so far (`turn/diff/updated`). */
  private diffUpdated(item: EventMsgOf<"item_completed">["item"]): void {
    if (item.type !== "fileChange" || item.status !== "completed") return;
    const diff = this.turnDiff.diff();
    if (!diff) return;
    this.out.notify({
      method: "turn/diff/updated",
      params: { threadId: this.threadId, turnId: this.out.turnId, diff },
    });
  }

  private mapMessage(subId: string, msg: KnownEventMsg): void {
    if (this.own.delta(msg)) return;
    switch (msg.type) {
      case "session_configured":
        return this.out.notify({ method: "thread/started", params: { thread: this.describeThread(msg) } });
      case "task_started":
        this.turnDiff.reset();
        return this.startTurn(subId, msg.turn_id);
      case "item_started":
        // The turn diff is against each file as it was before the turn's first patch touched it.
        if (msg.item.type === "fileChange") this.turnDiff.begin(msg.item.changes);
        // A command asked about started at its question already.
        if (msg.item.type === "commandExecution" && this.approvals.takeStarted(msg.item.id)) return;
        return this.own.itemStarted(msg, this.userInput(subId, msg.item.type));
      case "item_completed":
        this.own.itemCompleted(msg, this.userInput(subId, msg.item.type));
        return this.diffUpdated(msg.item);
      case "subagent_event":
        return this.childEvent(msg);
      case "exec_approval_request":
        this.waitOn(msg.call_id, msg.agent_id, "waitingOnApproval");
        // The command shows as an item before the question, on the thread that runs it (a subagent's on its
        // own thread); not for a question asked outside a turn.
        return this.approvals.exec(msg, (msg.agent_id ?? null) !== null || this.own.turn !== undefined);
      case "apply_patch_approval_request":
        this.waitOn(msg.call_id, msg.agent_id, "waitingOnApproval");
        return this.approvals.patch(msg);
      case "plan_update":
        return this.planUpdate(msg);
      case "mcp_startup_update":
        return mcpStartup(this.out, msg);
      case "subagent_lifecycle":
        this.subagents.lifecycle(msg);
        // A cancelled child's turn ends with it.
        if (msg.summary.status === "cancelled")
          this.children.get(msg.summary.session_id)?.end("interrupted", null);
        return;
      case "agent_inbox":
        return this.subagents.inbox(msg);
      case "subagent_tool_call_begin":
        return this.subagents.callBegin(msg);
      case "request_user_input":
        this.waitOn(msg.call_id, null, "waitingOnUserInput");
        return userInputRequest(this.out, msg);
      case "token_count":
        return this.tokenCount(msg);
      case "stream_error":
        return this.turnError(wireTurnError(msg.message, null), true);
      case "auto_review":
        return autoReviewNotification(this.out, msg);
      case "warning":
        // As Codex: an MCP server's failure is told by mcpServer/startupStatus/updated, and an auto-review's
        // words go out as guardianWarning, not as a plain warning.
        if (msg.mcp_server !== undefined) return undefined;
        if (msg.auto_review_id === undefined) return this.warning(msg.message);
        return this.out.notify({
          method: "guardianWarning",
          params: { threadId: this.threadId, message: msg.message },
        });
      case "hook_started":
      case "hook_completed":
        return this.out.notify({
          method: msg.type === "hook_started" ? "hook/started" : "hook/completed",
          params: { threadId: this.threadId, turnId: msg.turn_id ?? null, run: msg.run },
        });
      case "error":
        if (this.own.turn?.subId === subId) {
          // As Codex: a failed turn always names a class, "other" when the engine gave none.
          const error = wireTurnError(msg.message, msg.codex_error_info ?? "other");
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

  /** The wire input of the turn's user message, for a userMessage item. */
  private userInput(subId: string, type: string): UserInput[] | undefined {
    return type === "userMessage" ? this.inputs.get(subId) : undefined;
  }

  private startTurn(subId: string, turnId: string): void {
    const status = { type: "active" as const, activeFlags: [] };
    this.out.notify({ method: "thread/status/changed", params: { threadId: this.threadId, status } });
    this.own.start(subId, turnId);
  }

  private endTurn(status: TurnStatus, error: TurnError | null): void {
    const turn = this.own.turn;
    if (!turn) return;
    this.waits.clear();
    this.approvals.turnEnded();
    this.subagents.closeAll();
    this.inputs.delete(turn.subId);
    // As Codex: the thread is idle before turn/completed, so a client that starts the next turn on
    // turn/completed never sees a stale "active".
    this.out.notify({
      method: "thread/status/changed",
      params: { threadId: this.threadId, status: { type: "idle" } },
    });
    this.own.end(status, error);
  }

  /** A subagent's turn and items, live, on its own thread. */
  private childEvent(msg: EventMsgOf<"subagent_event">): void {
    const threadId = msg.session_id;
    let child = this.children.get(threadId);
    if (!child) this.children.set(threadId, (child = new TurnProjector(this.out, threadId)));
    const event = msg.event;
    if (child.delta(event)) return;
    switch (event.type) {
      case "task_started":
        return child.start("", event.turn_id);
      case "item_started":
        // A command asked about started at its question already.
        if (event.item.type === "commandExecution" && this.approvals.takeStarted(event.item.id)) return;
        return child.itemStarted(event);
      case "item_completed":
        child.itemCompleted(event);
        return;
      case "task_complete":
        child.end("completed", null);
        return;
      case "turn_aborted":
        child.end("interrupted", null);
        return;
      case "error":
        child.end("failed", wireTurnError(event.message, event.codex_error_info ?? "other"));
        return;
      case "auto_review":
        return autoReviewNotification(this.out, event, { threadId, turnId: child.turn?.id ?? "" });
      default:
        return;
    }
  }

  private turnError(error: TurnError, willRetry: boolean): void {
    if (!this.own.turn) return;
    this.out.notify({
      method: "error",
      params: { threadId: this.threadId, turnId: this.own.turn.id, error, willRetry },
    });
  }

  private planUpdate(msg: EventMsgOf<"plan_update">): void {
    if (!this.own.turn) return;
    const plan = msg.plan.map((s) => ({
      step: s.step,
      status: s.status === "in_progress" ? ("inProgress" as const) : s.status,
    }));
    this.out.notify({
      method: "turn/plan/updated",
      params: {
        threadId: this.threadId,
        turnId: this.own.turn.id,
        explanation: msg.explanation ?? null,
        plan,
      },
    });
  }

  private tokenCount(msg: EventMsgOf<"token_count">): void {
    if (!msg.info || !this.own.turn) return;
    const tokenUsage = {
      total: breakdown(msg.info.total_token_usage),
      last: breakdown(msg.info.last_token_usage),
      modelContextWindow: msg.info.model_context_window ?? null,
    };
    this.out.notify({
      method: "thread/tokenUsage/updated",
      params: { threadId: this.threadId, turnId: this.own.turn.id, tokenUsage },
    });
  }
}
