// thread/queue/add, thread/queue/list, thread/queue/delete: messages queued for a thread, taken as user
// turns when it is loaded and idle (experimental methods of Codex 0.169, left out of its published schema).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { UserInput } from "./common.js";

const Metadata = lazySchema(() => z.record(z.string(), z.string()).nullish());

export const QueuedSubmission = lazySchema(() =>
  z.object({
    id: z.string(),
    input: z.array(UserInput),
    clientUserMessageId: z.string(),
    responsesapiClientMetadata: Metadata,
  }),
);
export type QueuedSubmission = z.infer<typeof QueuedSubmission>;

export const ThreadQueueAddParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    input: z.array(UserInput),
    clientUserMessageId: z.string(),
    responsesapiClientMetadata: Metadata,
  }),
);
export const ThreadQueueAddResponse = lazySchema(() => z.object({ queuedSubmission: QueuedSubmission }));

export const ThreadQueueListParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    cursor: z.string().nullish(),
    limit: z.number().int().min(0).nullish(),
  }),
);
export const ThreadQueueListResponse = lazySchema(() =>
  z.object({ data: z.array(QueuedSubmission), nextCursor: z.string().nullish() }),
);

export const ThreadQueueDeleteParams = lazySchema(() =>
  z.object({ threadId: z.string(), queuedSubmissionId: z.string() }),
);
export const ThreadQueueDeleteResponse = lazySchema(() => z.object({ deleted: z.boolean() }));
