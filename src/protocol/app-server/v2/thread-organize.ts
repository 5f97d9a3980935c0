// thread/attachment/* and threadSection/* (with thread/section/move): what a client pins to a thread, and
// the user's sections threads are sorted into.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";

const Cursor = lazySchema(() => z.string().nullish());
const Limit = lazySchema(() => z.number().int().min(0).nullish());

export const ThreadAttachment = lazySchema(() =>
  z.object({
    id: z.string(),
    attachmentType: z.string(),
    identityKey: z.string(),
    payload: z.unknown(),
    createdAt: z.number().int(),
  }),
);
export type ThreadAttachment = z.infer<typeof ThreadAttachment>;
export const AttachmentAddParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    attachmentType: z.string(),
    identityKey: z.string(),
    payload: z.unknown(),
  }),
);
export const AttachmentAddResponse = lazySchema(() =>
  z.object({
    outcome: z.enum(["created", "existing"]),
    attachment: ThreadAttachment,
  }),
);
export const AttachmentListParams = lazySchema(() =>
  z.object({ threadId: z.string(), cursor: Cursor, limit: Limit }),
);
export const AttachmentListResponse = lazySchema(() =>
  z.object({
    data: z.array(ThreadAttachment),
    nextCursor: z.string().nullable(),
  }),
);
export const AttachmentOwnerListParams = lazySchema(() =>
  z.object({
    attachmentType: z.string(),
    identityKey: z.string(),
    archived: z.boolean().nullish(),
    cursor: Cursor,
    limit: Limit,
  }),
);
export const AttachmentOwnerListResponse = lazySchema(() =>
  z.object({
    data: z.array(z.object({ threadId: z.string(), archived: z.boolean() })),
    nextCursor: z.string().nullable(),
  }),
);
export const AttachmentRemoveParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    attachmentType: z.string(),
    identityKey: z.string(),
  }),
);
export const AttachmentUpdatedNotification = lazySchema(() =>
  z.object({
    threadId: z.string(),
    attachmentId: z.string(),
    attachmentType: z.string(),
    identityKey: z.string(),
    operation: z.enum(["created", "deleted"]),
  }),
);

export const SectionAppearance = lazySchema(() =>
  z.object({ color: z.string().nullish(), icon: z.string().nullish() }),
);
export const ThreadSection = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    appearance: SectionAppearance.nullish(),
  }),
);
export type ThreadSection = z.infer<typeof ThreadSection>;
export const SectionListParams = lazySchema(() => z.object({ cursor: Cursor, limit: Limit }));
export const SectionListResponse = lazySchema(() =>
  z.object({
    data: z.array(ThreadSection),
    nextCursor: z.string().nullable(),
  }),
);
export const SectionCreateParams = lazySchema(() =>
  z.object({ name: z.string(), appearance: SectionAppearance.nullish() }),
);
export const SectionResponse = lazySchema(() => z.object({ section: ThreadSection }));
export const SectionUpdateParams = lazySchema(() =>
  z.object({
    sectionId: z.string(),
    name: z.string(),
    appearance: SectionAppearance.nullish(),
  }),
);
export const SectionIdParams = lazySchema(() => z.object({ sectionId: z.string() }));
export const SectionMoveParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    sectionId: z.string().nullable(),
    beforeThreadId: z.string().nullish(),
  }),
);
export const SectionChangedNotification = lazySchema(() =>
  z.object({
    threadId: z.string(),
    sectionId: z.string().nullable(),
  }),
);
