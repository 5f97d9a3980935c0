// What the manager knows about one subagent, and how the child's own events move it along: status,
// reasoning header, pending approvals, the outcome of its last turn, its recent activity.
import type { Event, EventMsgOf, SubagentStatus, SubagentSummary } from "../../protocol/core-protocol.js";
import { ActivityLog, activityOf } from "./activity-log.js";
import type { ChildEngine } from "./child-engine.js";
import type { InboxTake } from "./handover.js";
import type { RolloutLine } from "../../rollout/lines.js";
import { AgentInbox } from "./inbox.js";
import { reasoningHeader } from "./reasoning-header.js";

export type ApprovalRequestMsg =
  EventMsgOf<"exec_approval_request"> | EventMsgOf<"apply_patch_approval_request">;

/** How a turn of the child ended, kept until its parent reads it with `subagent_await`. */
export interface TurnOutcome {
  status: SubagentStatus;
  /** Its final message, or what went wrong. */
  message: string | null;
}

export type ApprovedCallMsg =
  | EventMsgOf<"exec_command_begin">
  | EventMsgOf<"exec_command_end">
  | EventMsgOf<"patch_apply_begin">
  | EventMsgOf<"patch_apply_end">;

export interface ChildEventEffect {
  /** Something a summary shows changed (status, reasoning header). */
  changed: boolean;
  /** A turn ended: there is an outcome for the parent, and the inbox may be delivered. */
  turnEnded: boolean;
  /** The input of the turn last started is in the child's rollout now: the next batch may be handed over. */
  inputRecorded?: boolean;
  approval?: ApprovalRequestMsg;
  /** What became of a call the root's client was asked to approve: its client shows the outcome. */
  approvedCall?: ApprovedCallMsg;
}

export class SubagentNode {
  sessionId = "";
  rolloutPath = "";
  status: SubagentStatus = "running";
  reasoningHeader: string | undefined;
  outcome: TurnOutcome | undefined;
  readonly inbox = new AgentInbox();
  readonly log = new ActivityLog();
  engine: ChildEngine | undefined;
  /**
   * The thread's lines when it is ephemeral (no rollout file): the live list its engine records into, kept
   * after the engine closed so a fork or a resume can still read them. Undefined for a thread with a file.
   */
  memoryLines: readonly RolloutLine[] | undefined;
  /** A turn of the child runs (from the moment it is asked for to the end of that task). */
  taskRunning = false;
  /** The submission that started the current turn: errors carrying it end the turn, others do not. */
  private turnSubmission: string | undefined;
  /** Stopped by an interrupt of the root: its inbox waits for the next message instead of starting a turn. */
  halted = false;
  /**
   * A turn's input was handed to the engine and the child has not recorded it yet. No other batch is handed
   * over meanwhile, so at most one take of its inbox is ever in doubt after a crash (see rebuild-tree.ts).
   */
  inputUnrecorded = false;
  /** Restored from a previous run: its last taken messages, to check against its rollout when reopened. */
  lastTake: InboxTake | undefined;
  /** Approval requests of the running turn, by call id and kind. */
  readonly approvals = new Map<string, "exec" | "patch">();
  /** Calls whose approval went to the root's client, until they end. */
  private readonly askedCalls = new Set<string>();
  /** Those of them that began: they end on their own, maybe after the turn (an exec_command session). */
  private readonly begunCalls = new Set<string>();
  /** The running (or last) turn's id. */
  turnId: string | undefined;
  /**
   * The running turn was interrupted to start the next one (a message with `interrupt`): its end is no
   * outcome for the parent, as with a replaced turn. Cleared when the next turn starts.
   */
  private interruptedForNext = false;

  constructor(
    readonly id: number,
    readonly parentId: number,
    readonly depth: number,
    readonly name: string | undefined,
    readonly origin: "spawn" | "fork",
    /** The model it runs (its own children inherit it). */
    readonly model: string,
  ) {}

  /** The role it was spawned with, if any. */
  agentType: string | undefined;

  summary(): SubagentSummary {
    return {
      agent_id: this.id,
      parent_agent_id: this.parentId,
      session_id: this.sessionId,
      name: this.name ?? null,
      status: this.status,
      reasoning_header: this.reasoningHeader ?? null,
      ...this.inbox.counts,
      origin: this.origin,
      model: this.model,
      ...(this.agentType ? { agent_type: this.agentType } : {}),
      rollout_path: this.rolloutPath || null,
    };
  }

  get isActive(): boolean {
    return this.status === "running" || this.status === "waiting";
  }

  /** Applies one of the child's events; says what the manager has to do about it. */
  apply(event: Event): ChildEventEffect {
    const msg = event.msg;
    const activity = activityOf(msg);
    if (activity) this.log.add(activity);
    const effect: ChildEventEffect = { changed: false, turnEnded: false };
    if (this.inputUnrecorded && event.id === this.turnSubmission && endsHandOver(msg.type)) {
      this.inputUnrecorded = false;
      effect.inputRecorded = true;
    }
    switch (msg.type) {
      case "task_started":
        if (event.id === this.turnSubmission) this.interruptedForNext = false;
        this.turnId = msg.turn_id;
        this.taskRunning = true;
        effect.changed = this.setStatus("running");
        break;
      case "agent_reasoning": {
        const header = reasoningHeader(msg.text);
        if (header !== undefined && header !== this.reasoningHeader) {
          this.reasoningHeader = header;
          effect.changed = true;
        }
        break;
      }
      case "exec_approval_request":
      case "apply_patch_approval_request":
        this.approvals.set(msg.call_id, msg.type === "exec_approval_request" ? "exec" : "patch");
        this.askedCalls.add(msg.call_id);
        effect.changed = this.setStatus("waiting");
        effect.approval = msg;
        break;
      case "exec_command_begin":
      case "patch_apply_begin":
        if (this.askedCalls.has(msg.call_id)) {
          this.begunCalls.add(msg.call_id);
          effect.approvedCall = msg;
        }
        break;
      case "exec_command_end":
      case "patch_apply_end":
        this.begunCalls.delete(msg.call_id);
        if (this.askedCalls.delete(msg.call_id)) effect.approvedCall = msg;
        break;
      case "task_complete":
        effect.changed = this.endTurn("completed", msg.last_agent_message ?? null);
        effect.turnEnded = true;
        break;
      case "error":
        // Errors of other submissions (a refused op, a late approval) are logged only.
        if (!this.taskRunning || event.id !== this.turnSubmission) break;
        effect.changed = this.endTurn("failed", msg.message);
        effect.turnEnded = true;
        break;
      case "turn_aborted":
        if (msg.reason === "replaced" || (msg.reason === "interrupted" && this.interruptedForNext)) {
          // The next turn (a message that interrupted this one) is already starting: still running.
          this.approvals.clear();
          break;
        }
        effect.changed = this.endTurn("idle", `turn aborted (${msg.reason})`);
        effect.turnEnded = true;
        break;
      default:
        break;
    }
    return effect;
  }

  /**
   * Starts a turn with these messages (replacing a running one). It counts as running from now, so a message
   * sent before the child reports the turn started is queued rather than starting yet another turn.
   */
  startTurn(texts: readonly string[]): void {
    if (!this.engine) return;
    if (this.taskRunning) {
      // Interrupted first (not just replaced), so the child's history says its turn was cut short.
      this.engine.interrupt();
      this.interruptedForNext = true;
    }
    this.taskRunning = true;
    this.inputUnrecorded = true;
    this.turnSubmission = this.engine.startTurn(texts);
  }

  /** An approval was answered: the turn goes on (or waits on another one). */
  approvalAnswered(callId: string): boolean {
    this.approvals.delete(callId);
    return this.approvals.size === 0 && this.status === "waiting" ? this.setStatus("running") : false;
  }

  setStatus(status: SubagentStatus): boolean {
    if (this.status === status) return false;
    this.status = status;
    return true;
  }

  private endTurn(status: SubagentStatus, message: string | null): boolean {
    this.taskRunning = false;
    this.approvals.clear();
    // Calls that never began never will; those under way keep being followed to their end.
    for (const callId of this.askedCalls) if (!this.begunCalls.has(callId)) this.askedCalls.delete(callId);
    this.outcome = { status, message };
    return this.setStatus(status);
  }
}

/** The child recorded its turn's input (`user_message` follows the record), or the turn ended without it. */
function endsHandOver(type: Event["msg"]["type"]): boolean {
  return type === "user_message" || type === "task_complete" || type === "turn_aborted" || type === "error";
}
