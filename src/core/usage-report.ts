// The session's token usage reports (token_count): after each model response the totals grow by what it
// used; after a compaction the totals stand and `last` is the size of the context now.
import type { KnownEventMsg, TokenUsage } from "../protocol/core-protocol.js";
import type { SessionSettings } from "./session-settings.js";
import { addUsage, ZERO_USAGE } from "./usage.js";

export class UsageReport {
  /**
   * @param total where the totals start (a resumed thread counts on from its last recorded ones)
   * @param emit emits as the submission `subId` (through the session's item tracker)
   */
  constructor(
    private total: TokenUsage,
    private readonly settings: SessionSettings,
    private readonly emit: (subId: string, msg: KnownEventMsg) => void,
  ) {}

  /** A model response used `last`: added to the totals and reported. */
  record(subId: string, last: TokenUsage): void {
    this.total = addUsage(this.total, last);
    this.report(subId, last);
  }

  /**
   * As Codex after a compaction: the totals as they are, `last` the size of the context now (as input, so
   * a meter reading input + output sees it too).
   */
  reportContext(subId: string, tokens: number): void {
    this.report(subId, { ...ZERO_USAGE, input_tokens: tokens, total_tokens: tokens });
  }

  private report(subId: string, last: TokenUsage): void {
    const { settings } = this;
    this.emit(subId, {
      type: "token_count",
      info: {
        total_token_usage: this.total,
        last_token_usage: last,
        model_context_window: settings.contextWindow(settings.defaults.model) ?? null,
      },
      ...(settings.client.rateLimits ? { rate_limits: settings.client.rateLimits } : {}),
    });
  }
}
