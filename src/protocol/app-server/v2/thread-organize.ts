// thread/attachment/* and threadSection/* (with thread/section/move): what a client pins to a thread, and
// the user's sections threads are sorted into.
import { z } from "zod";

const Cursor = z.string().nullish();
const Limit = z.number().int().min(0).nullish();

export const ThreadAttachment = z.object({
  id: z.string(),
  attachmentType: z.string(),
  identityKey: z.string(),
  payload: z.unknown(),
  createdAt: z.number().int(),
});
export type ThreadAttachment = z.infer<typeof ThreadAttachment>;
export const AttachmentAddParams = z.object({
  threadId: z.string(),
  attachmentType: z.string(),
  identityKey: z.string(),
  payload: z.unknown(),
});
export const AttachmentAddResponse = z.object({
  outcome: z.enum(["created", "existing"]),
  attachment: ThreadAttachment,
});
export const AttachmentListParams = z.object({ threadId: z.string(), cursor: Cursor, limit: Limit });
export const AttachmentListResponse = z.object({
  data: z.array(ThreadAttachment),
  nextCursor: z.string().nullable(),
});
export const AttachmentOwnerListParams = z.object({
  attachmentType: z.string(),
  identityKey: z.string(),
  archived: z.boolean().nullish(),
  cursor: Cursor,
  limit: Limit,
});
export const AttachmentOwnerListResponse = z.object({
  data: z.array(z.object({ threadId: z.string(), archived: z.boolean() })),
  nextCursor: z.string().nullable(),
});
export const AttachmentRemoveParams = z.object({
  threadId: z.string(),
  attachmentType: z.string(),
  identityKey: z.string(),
});
export const AttachmentUpdatedNotification = z.object({
  threadId: z.string(),
  attachmentId: z.string(),
  attachmentType: z.string(),
  identityKey: z.string(),
  operation: z.enum(["created", "deleted"]),
});

export const SectionAppearance = z.object({ color: z.string().nullish(), icon: z.string().nullish() });
export const ThreadSection = z.object({
  id: z.string(),
  name: z.string(),
  appearance: SectionAppearance.nullish(),
});
export type ThreadSection = z.infer<typeof ThreadSection>;
export const SectionListParams = z.object({ cursor: Cursor, limit: Limit });
export const SectionListResponse = z.object({
  data: z.array(ThreadSection),
  nextCursor: z.string().nullable(),
});
export const SectionCreateParams = z.object({ name: z.string(), appearance: SectionAppearance.nullish() });
export const SectionResponse = z.object({ section: ThreadSection });
export const SectionUpdateParams = z.object({
  sectionId: z.string(),
  name: z.string(),
  appearance: SectionAppearance.nullish(),
});
export const SectionIdParams = z.object({ sectionId: z.string() });
export const SectionMoveParams = z.object({
  threadId: z.string(),
  sectionId: z.string().nullable(),
  beforeThreadId: z.string().nullish(),
});
export const SectionChangedNotification = z.object({
  threadId: z.string(),
  sectionId: z.string().nullable(),
});
