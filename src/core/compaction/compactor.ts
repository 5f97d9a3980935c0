// Runs compactions for a session: automatically before a turn when the context is nearly full, on demand,
// and after the model reported the context as exceeded. The replacement is recorded as a `compacted`
// rollout line, so a resume sends exactly what the live thread sends.
import type { ModelClient } from "../../model/model-client.js";
import type { KnownEventMsg, PlanStep, TokenUsage } from "../../protocol/core-protocol.js";
import type { ConversationHistory } from "../history.js";
import type { ThreadRollout } from "../thread-rollout.js";
import type { TurnContext } from "../turn-context.js";
import { approxTokens, autoCompactDue, ContextMeter, type AutoCompactScope } from "./context-meter.js";
import { buildReplacementHistory } from "./replacement-history.js";
import { summarizeConversation } from "./summarize.js";

export type CompactionReason = "auto" | "manual" | "context_length_exceeded";

export interface CompactorDeps {
  threadId: string;
  history: ConversationHistory;
  rollout: ThreadRollout;
  client: () => ModelClient;
  latestPlan: () => readonly PlanStep[] | undefined;
  /** The configured compaction prompt, if any. */
  prompt?: string;
  /** Tokens at which a turn with this model compacts first; undefined: never automatically. Asked per turn:
   * a local model's window is learned from its server before the first request. */
  autoLimit: (model: string) => number | undefined;
  /** `model_auto_compact_token_limit_scope` (default total), and the window `body_after_prefix` caps at. */
  autoScope?: { scope: AutoCompactScope; contextWindow: (model: string) => number | undefined };
  /**
   * Token accounting: the summary request's usage counts like any response's, and once the history is
   * replaced the context it now fills (an estimate) is reported, so a client's context meter drops.
   */
  usage?: { spent(usage: TokenUsage): void; contextNow(tokens: number): void };
  /** PreCompact / PostCompact hooks, run around each compaction. */
  hooks?: {
    before(trigger: "manual" | "auto", cwd: string, signal: AbortSignal): Promise<unknown>;
    after(trigger: "manual" | "auto", cwd: string, signal: AbortSignal): Promise<unknown>;
  };
}

export class Compactor {
  readonly meter = new ContextMeter();

  constructor(private readonly deps: CompactorDeps) {}

  /** Compacts when the next request would pass the limit. */
  async maybeCompact(
    turn: TurnContext,
    signal: AbortSignal,
    emit: (msg: KnownEventMsg) => void,
  ): Promise<void> {
    const limit = this.deps.autoLimit(turn.model);
    const scope = this.deps.autoScope?.scope ?? "total";
    const contextWindow = scope === "total" ? undefined : this.deps.autoScope?.contextWindow(turn.model);
    if (limit === undefined && contextWindow === undefined) return;
    const estimate = this.meter.estimate(this.deps.history.snapshot());
    if (estimate === undefined) return;
    if (!autoCompactDue(estimate, this.meter.prefix(), { scope, limit, contextWindow })) return;
    await this.compact(turn, signal, emit, "auto");
  }

  async compact(
    turn: TurnContext,
    signal: AbortSignal,
    emit: (msg: KnownEventMsg) => void,
    reason: CompactionReason,
  ): Promise<void> {
    const { history, rollout } = this.deps;
    const trigger = reason === "manual" ? "manual" : "auto";
    emit({ type: "context_compaction_started" });
    await this.deps.hooks?.before(trigger, turn.cwd, signal);
    const items = history.snapshot();
    const { summary, usage } = await summarizeConversation({
      client: this.deps.client(),
      turn,
      threadId: this.deps.threadId,
      items,
      ...(this.deps.prompt !== undefined ? { prompt: this.deps.prompt } : {}),
      signal,
      emit,
    });
    if (usage) this.deps.usage?.spent(usage);
    if (signal.aborted) throw signal.reason;
    const replacement = buildReplacementHistory(items, summary, this.deps.latestPlan());
    history.replaceAll(replacement);
    rollout.recordCompacted(summary, replacement);
    this.meter.reset();
    this.deps.usage?.contextNow(approxTokens(replacement));
    emit({ type: "context_compacted", reason });
    await this.deps.hooks?.after(trigger, turn.cwd, signal);
  }
}

/** The model said the request does not fit its context window. */
export function isContextOverflow(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "context_length_exceeded";
}

export const CONTEXT_OVERFLOW_ADVICE =
  "The conversation no longer fits the model's context window, even after compacting it. " +
  "Start a new thread, or fork an earlier turn (codex-ts fork ID --turn N), and restate what remains to be done.";
