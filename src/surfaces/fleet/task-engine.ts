// One run of a task: the engine driven as `exec` drives it (same Codex, same sandbox, same item projection
// through ExecEventMapper), with what a fleet adds: items and journal entries to Redis, approvals parked
// until someone answers, cancel from any machine, and the task's time and token budgets.
import { resolveCredentials } from "../../auth/credentials.js";
import type { Config } from "../../config/load.js";
import type { Codex } from "../../core/codex.js";
import { createCodex } from "../../engine/create-codex.js";
import type { Event, Op, TokenUsage } from "../../protocol/core-protocol.js";
import type { ExecThreadEvent } from "../../protocol/exec-events.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import { ExecEventMapper } from "../exec/event-mapper.js";
import { refuseRequest } from "../exec/unanswerable-requests.js";
import type { FleetStreamEvent } from "./item-stream.js";
import type { JournalEntry } from "./journal.js";
import { journalEntryFor } from "./journal.js";
import type { PendingApproval } from "./task-record.js";

export type RunOutcome = "completed" | "failed" | "cancelled" | "over-budget" | "rate-limited";

export interface RunResult {
  outcome: RunOutcome;
  finalMessage: string | undefined;
  error: string | undefined;
  usage: TokenUsage | undefined;
}

export interface RunSinks {
  item(event: FleetStreamEvent): Promise<void>;
  journal(callId: string, entry: JournalEntry): Promise<void>;
  progress(usage: TokenUsage): Promise<void>;
  /** The task now waits for a person (`approval`), or goes on (undefined). */
  parked(approval: PendingApproval | undefined): Promise<void>;
}

export interface RunOptions {
  taskId: string;
  run: number;
  config: Config;
  /** The worker's own CODEX_HOME: its login, never the submitter's. */
  credentialsHome: string;
  rolloutPath: string;
  input: string;
  timeoutMs?: number;
  maxTokens?: number;
  sinks: RunSinks;
}

const RATE_LIMITED = /HTTP 429\b|rate_limit_exceeded/;

/** Item ids of a later run get the run as prefix, so a watcher reading the whole stream sees unique ids. */
function renumber(event: ExecThreadEvent, run: number): ExecThreadEvent {
  if (run <= 1 || !("item" in event)) return event;
  return { ...event, item: { ...event.item, id: `run${run}_${event.item.id}` } };
}

export class TaskRun {
  private readonly codex: Codex;
  private readonly mapper = new ExecEventMapper();
  private readonly pendingApprovals = new Map<string, "exec" | "patch">();
  private cancelled = false;
  private overBudget: string | undefined;
  private usage: TokenUsage | undefined;
  /** Redis writes in event order, without holding the engine up. */
  private writes: Promise<void> = Promise.resolve();
  private writeError: Error | undefined;

  constructor(private readonly options: RunOptions) {
    const { config } = options;
    this.codex = createCodex({
      config,
      interactive: false,
      source: "fleet",
      auth: {
        credentialsFor: (provider) =>
          resolveCredentials(provider, options.credentialsHome, process.env, { codexApiKeyEnv: true }),
      },
    });
  }

  /** Interrupts the turn (from `fleet cancel`); the run ends as cancelled. */
  cancel(): void {
    this.cancelled = true;
    this.codex.submit({ type: "interrupt" });
  }

  /** Answers a parked approval; false when this run has no such request. */
  answer(callId: string, decision: ReviewDecision): boolean {
    const kind = this.pendingApprovals.get(callId);
    if (!kind) return false;
    this.pendingApprovals.delete(callId);
    this.codex.submit({ type: kind === "exec" ? "exec_approval" : "patch_approval", id: callId, decision });
    this.write(() => this.options.sinks.item({ type: "fleet.approval.answered", call_id: callId, decision }));
    if (this.pendingApprovals.size === 0) this.write(() => this.options.sinks.parked(undefined));
    return true;
  }

  private write(step: () => Promise<void>): void {
    this.writes = this.writes.then(step).catch((err: Error) => {
      this.writeError ??= err;
    });
  }

  private stopFor(reason: string): void {
    if (this.overBudget) return;
    this.overBudget = reason;
    this.codex.submit({ type: "interrupt" });
  }

  async run(): Promise<RunResult> {
    const { options } = this;
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => this.stopFor(`time budget of ${options.timeoutMs} ms exceeded`), options.timeoutMs)
        : undefined;
    this.codex.submit({ type: "configure_session", resume_path: options.rolloutPath });
    this.codex.submit({ type: "user_turn", items: [{ type: "text", text: options.input }] });
    const refusals = new Set<string>();
    try {
      for await (const event of this.codex) {
        if (event.msg.type === "error" && refusals.has(event.id)) continue;
        const refusal = this.handleRequest(event);
        if (refusal) refusals.add(this.codex.submit(refusal));
        this.observe(event);
        const type = event.msg.type;
        if (type === "task_complete" || type === "turn_aborted" || type === "error") break;
      }
    } finally {
      if (timer) clearTimeout(timer);
      await this.codex.close();
    }
    await this.writes;
    if (this.writeError) throw this.writeError;
    return this.result();
  }

  /** Approvals park the task (answered later through `answer`); questions nobody can answer are refused. */
  private handleRequest(event: Event): Op | undefined {
    const msg = event.msg;
    if (msg.type === "exec_approval_request" || msg.type === "apply_patch_approval_request") {
      const kind = msg.type === "exec_approval_request" ? "exec" : "patch";
      const summary =
        msg.type === "exec_approval_request" ? msg.command.join(" ") : Object.keys(msg.changes).join(", ");
      this.pendingApprovals.set(msg.call_id, kind);
      const approval: PendingApproval = {
        callId: msg.call_id,
        kind,
        summary,
        ...(msg.reason ? { reason: msg.reason } : {}),
      };
      this.write(() => this.options.sinks.parked(approval));
      this.write(() =>
        this.options.sinks.item({ type: "fleet.approval.requested", call_id: msg.call_id, kind, summary }),
      );
      return undefined;
    }
    return refuseRequest(msg)?.op;
  }

  private observe(event: Event): void {
    const { sinks, taskId, run, maxTokens } = this.options;
    const msg = event.msg;
    if (msg.type === "token_count" && msg.info) {
      const usage = msg.info.total_token_usage;
      this.usage = usage;
      this.write(() => sinks.progress(usage));
      if (maxTokens !== undefined && usage.total_tokens > maxTokens) {
        this.stopFor(`token budget of ${maxTokens} exceeded (${usage.total_tokens} used)`);
      }
    }
    const journal = journalEntryFor(taskId, run, event);
    if (journal) this.write(() => sinks.journal(...journal));
    if (msg.type === "exec_approval_request" || msg.type === "apply_patch_approval_request") return;
    for (const item of this.mapper.map(event)) {
      const numbered = renumber(item, run);
      this.write(() => sinks.item(numbered));
    }
  }

  private result(): RunResult {
    const failure = this.mapper.failure;
    const message = this.mapper.lastAgentMessage;
    const finalMessage =
      message !== undefined && message.trim() !== "" ? message : (this.mapper.lastPlan ?? message);
    const base = { finalMessage, usage: this.usage };
    if (this.cancelled) return { ...base, outcome: "cancelled", error: "cancelled" };
    if (this.overBudget) return { ...base, outcome: "over-budget", error: this.overBudget };
    if (failure !== undefined) {
      return { ...base, outcome: RATE_LIMITED.test(failure) ? "rate-limited" : "failed", error: failure };
    }
    return { ...base, outcome: "completed", error: undefined };
  }
}
