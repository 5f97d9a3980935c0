// Whether a thread has results the user has not seen (Codex 0.169): `readState` on thread/read,
// `readStates` on thread/list, the thread/readState/changed notification, and the experimental
// thread/readState/update method (in the real server, not in its published schema).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";

export const ThreadUnreadPosition = lazySchema(() =>
  z.discriminatedUnion("type", [
    /** Explicitly marked unread, including when the thread has no turns. */
    z.object({ type: z.literal("threadStart") }),
    /** The earliest completed turn the user has not seen. */
    z.object({ type: z.literal("turn"), turnId: z.string() }),
  ]),
);

/** `firstUnread: null` means read. The opaque `revision` changes with every change. */
export const ThreadReadState = lazySchema(() =>
  z.object({
    firstUnread: ThreadUnreadPosition.nullish(),
    revision: z.string(),
  }),
);
export type ThreadReadState = z.infer<typeof ThreadReadState>;

export const ThreadReadStateUpdateParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    operation: z.object({ type: z.enum(["read", "unread"]) }),
    /** The revision the client saw; a different current one is a conflict (nothing changes). */
    expectedRevision: z.string(),
  }),
);
export type ThreadReadStateUpdateParams = z.infer<typeof ThreadReadStateUpdateParams>;

export const ThreadReadStateUpdateResponse = lazySchema(() => z.object({ readState: ThreadReadState }));
