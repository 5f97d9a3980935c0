// review/start: a code review as a turn of the thread (inline), or of a new thread (detached, as clients of
// earlier Codex versions ask; 0.169 clients start a thread themselves and review inline there).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ReviewTarget } from "../../review.js";
import { Turn } from "./thread.js";

export const ReviewStartParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    target: ReviewTarget,
    delivery: z.enum(["inline", "detached"]).nullish(),
  }),
);
export type ReviewStartParams = z.infer<typeof ReviewStartParams>;

export const ReviewStartResponse = lazySchema(() =>
  z.object({
    turn: Turn,
    /** The thread the review runs in: `threadId`, or the new thread of a detached review. */
    reviewThreadId: z.string(),
  }),
);
export type ReviewStartResponse = z.infer<typeof ReviewStartResponse>;
