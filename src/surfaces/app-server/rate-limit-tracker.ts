// The account's usage limits as the last model response announced them (carried by the engine's token_count
// events): answered by account/rateLimits/read, and sent as account/rateLimits/updated after every model
// response, as Codex does (with null windows while no response has carried the x-codex-* headers).
import { z } from "zod";
import type { RateLimitSnapshot } from "../../protocol/app-server/v2/account.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";

const CoreWindow = z.object({
  used_percent: z.number(),
  window_minutes: z.number().nullish(),
  resets_at: z.number().nullish(),
});
const CoreSnapshot = z.object({ primary: CoreWindow.nullish(), secondary: CoreWindow.nullish() });

function toWindow(w: z.infer<typeof CoreWindow> | null | undefined) {
  if (!w) return null;
  return {
    usedPercent: Math.round(w.used_percent),
    windowDurationMins: w.window_minutes ?? null,
    resetsAt: w.resets_at ?? null,
  };
}

// What only OpenAI's backend knows (quota aliases, spend controls): null, as Codex sends it without them.
const BACKEND_ONLY = {
  normalModelSlug: null,
  individualLimit: null,
  spendControlReached: null,
  rateLimitReachedType: null,
} as const;

/** The wire shape of a core `rate_limits` value; undefined when it is not one. */
export function toWireRateLimits(raw: unknown): RateLimitSnapshot | undefined {
  const parsed = CoreSnapshot.safeParse(raw);
  if (!parsed.success) return undefined;
  return {
    limitId: "codex",
    limitName: null,
    primary: toWindow(parsed.data.primary),
    secondary: toWindow(parsed.data.secondary),
    credits: null,
    planType: null,
    ...BACKEND_ONLY,
  };
}

const EMPTY: RateLimitSnapshot = {
  limitId: null,
  limitName: null,
  primary: null,
  secondary: null,
  credits: null,
  planType: null,
  ...BACKEND_ONLY,
};

// What Codex announces after a response when no limits are known: the codex limit, with nothing in it.
const NONE_YET: RateLimitSnapshot = { ...EMPTY, limitId: "codex" };

export class RateLimitTracker {
  private last: RateLimitSnapshot | undefined;

  constructor(private readonly broadcast: (notification: ServerNotification) => void) {}

  /** Records the limits of a model response's token_count and announces the limits now known. */
  note(raw: unknown): void {
    const next = toWireRateLimits(raw);
    if (next) this.last = next;
    this.broadcast({ method: "account/rateLimits/updated", params: { rateLimits: this.last ?? NONE_YET } });
  }

  /** The last limits seen; an empty snapshot before any model response carried them. */
  read(): { rateLimits: RateLimitSnapshot; rateLimitsByLimitId: Record<string, RateLimitSnapshot> | null } {
    const last = this.last;
    return last
      ? { rateLimits: last, rateLimitsByLimitId: { codex: last } }
      : { rateLimits: EMPTY, rateLimitsByLimitId: null };
  }
}
