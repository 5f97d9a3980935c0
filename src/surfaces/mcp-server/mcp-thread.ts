// One thread served over MCP: an engine with its event pump, turns run one at a time, approvals relayed to
// whoever asked for the turn.
import type { Config } from "../../config/load.js";
import type { Codex } from "../../core/codex.js";
import { createCodex } from "../../engine/create-codex.js";
import type { Event, KnownEventMsg, OpOf } from "../../protocol/core-protocol.js";
import type { ReviewOutput, ReviewRequest } from "../../protocol/review.js";
import type { ReviewDecision } from "../../protocol/policies.js";

export type ApprovalRequest =
  | Extract<KnownEventMsg, { type: "exec_approval_request" }>
  | Extract<KnownEventMsg, { type: "apply_patch_approval_request" }>;

export interface TurnObserver {
  onEvent(event: Event): void;
  /** Absent when nobody can answer (the policy is then `never`, so none should come). */
  askApproval?(request: ApprovalRequest, signal: AbortSignal): Promise<ReviewDecision>;
}

export type TurnOutcome = { ok: boolean; message: string; review?: ReviewOutput | null };

export class ThreadOpenFailed extends Error {}

const TURN_END = new Set(["task_complete", "error", "turn_aborted"]);

export class McpThread {
  private listener: ((event: Event) => void) | undefined;
  private readonly pump: Promise<void>;
  private queue: Promise<unknown> = Promise.resolve();
  threadId = "";

  private constructor(private readonly codex: Codex) {
    this.pump = (async () => {
      for await (const event of codex) this.listener?.(event);
    })();
  }

  /** Starts the engine and its session (a new thread, or the one recorded at `resumePath`). */
  static async open(
    config: Config,
    options: { resumePath?: string; baseInstructions?: string; interactive: boolean },
  ): Promise<McpThread> {
    const thread = new McpThread(createCodex({ config, interactive: options.interactive, source: "mcp" }));
    const configured = new Promise<string>((resolve, reject) => {
      thread.listener = ({ msg }) => {
        if (msg.type === "session_configured") resolve(msg.session_id);
        else if (msg.type === "error") reject(new ThreadOpenFailed(msg.message));
      };
    });
    thread.codex.submit({
      type: "configure_session",
      ...(options.resumePath ? { resume_path: options.resumePath } : {}),
      ...(options.baseInstructions !== undefined ? { base_instructions: options.baseInstructions } : {}),
    });
    try {
      thread.threadId = await configured;
    } catch (err) {
      await thread.close();
      throw err;
    }
    thread.listener = undefined;
    return thread;
  }

  /** Runs a turn after any turn already queued; an abort of `signal` interrupts it. */
  runTurn(prompt: string, observer: TurnObserver, signal: AbortSignal): Promise<TurnOutcome> {
    const op: OpOf<"user_turn"> = { type: "user_turn", items: [{ type: "text", text: prompt }] };
    return this.enqueue(op, observer, signal);
  }

  /** Runs a review as the thread's next turn; the outcome carries its findings. */
  runReview(request: ReviewRequest, observer: TurnObserver, signal: AbortSignal): Promise<TurnOutcome> {
    return this.enqueue({ type: "review", review_request: request }, observer, signal);
  }

  private enqueue(
    op: OpOf<"user_turn"> | OpOf<"review">,
    observer: TurnObserver,
    signal: AbortSignal,
  ): Promise<TurnOutcome> {
    const run = this.queue.then(() => this.turn(op, observer, signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.codex.close();
    await this.pump;
  }

  private turn(
    op: OpOf<"user_turn"> | OpOf<"review">,
    observer: TurnObserver,
    signal: AbortSignal,
  ): Promise<TurnOutcome> {
    if (signal.aborted) return Promise.resolve({ ok: false, message: "cancelled by the client" });
    const approvals = new AbortController();
    return new Promise<TurnOutcome>((resolve) => {
      let lastMessage = "";
      let review: ReviewOutput | null | undefined;
      const subId = this.codex.submit(op);
      const interrupt = () => this.codex.submit({ type: "interrupt" });
      signal.addEventListener("abort", interrupt, { once: true });
      this.listener = (event) => {
        observer.onEvent(event);
        const { msg } = event;
        if (msg.type === "item_completed" && msg.item.type === "agentMessage") lastMessage = msg.item.text;
        if (msg.type === "item_completed" && msg.item.type === "exitedReviewMode")
          review = msg.item.output ?? null;
        if (msg.type === "exec_approval_request" || msg.type === "apply_patch_approval_request") {
          this.relayApproval(msg, observer, approvals.signal);
        }
        if (event.id !== subId || !TURN_END.has(msg.type)) return;
        this.listener = undefined;
        signal.removeEventListener("abort", interrupt);
        approvals.abort();
        if (msg.type === "task_complete")
          resolve({
            ok: true,
            message: msg.last_agent_message ?? lastMessage,
            ...(review !== undefined ? { review } : {}),
          });
        else if (msg.type === "error") resolve({ ok: false, message: msg.message });
        else if (msg.type === "turn_aborted") resolve({ ok: false, message: `turn ${msg.reason}` });
      };
    });
  }

  private relayApproval(request: ApprovalRequest, observer: TurnObserver, signal: AbortSignal): void {
    const answer = observer.askApproval
      ? observer.askApproval(request, signal).catch((): ReviewDecision => "denied")
      : Promise.resolve<ReviewDecision>("denied");
    void answer.then((decision) => {
      if (signal.aborted) return;
      const type = request.type === "exec_approval_request" ? "exec_approval" : "patch_approval";
      this.codex.submit({ type, id: request.call_id, decision });
    });
  }
}
