// thread/attachment/add|list|remove, thread/attachmentOwner/list, threadSection/list|create|update|delete
// and thread/section/move, over the store in threads/thread-organizer.ts. Errors follow Codex's wording.
import { indexPage } from "./index-page.js";
import { ErrorCode } from "../../../protocol/app-server/jsonrpc.js";
import { AppServerError, badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import type { ServerServices } from "../services.js";
import { PINNED_SECTION } from "../../../rollout/thread-organizer.js";

async function assertThread(services: ServerServices, threadId: string): Promise<void> {
  if (!services.threads.has(threadId)) await services.catalog.find(threadId);
}

const sectionNotFound = (id: string) =>
  new AppServerError(ErrorCode.invalidParams, `thread section not found: ${id}`);

export const attachmentAdd: Handler<"thread/attachment/add"> = async (params, ctx) => {
  await assertThread(ctx.services, params.threadId);
  const { attachmentType, identityKey, threadId } = params;
  const result = ctx.services.organizer.change((org) => {
    const existing = org.attachments.find(
      (a) => a.threadId === threadId && a.attachmentType === attachmentType && a.identityKey === identityKey,
    );
    if (existing) return { outcome: "existing" as const, stored: existing };
    const stored = {
      threadId,
      id: ctx.services.organizer.newId(),
      attachmentType,
      identityKey,
      payload: params.payload ?? null,
      createdAt: Math.floor(Date.now() / 1000),
    };
    org.attachments.push(stored);
    return { outcome: "created" as const, stored };
  });
  const { threadId: _owner, ...attachment } = result.stored;
  ctx.respond({ outcome: result.outcome, attachment });
  if (result.outcome === "created") {
    ctx.server.broadcast({
      method: "thread/attachment/updated",
      params: { threadId, attachmentId: attachment.id, attachmentType, identityKey, operation: "created" },
    });
  }
  return { outcome: result.outcome, attachment };
};

export const attachmentList: Handler<"thread/attachment/list"> = async (params, ctx) => {
  await assertThread(ctx.services, params.threadId);
  const mine = ctx.services.organizer
    .read()
    .attachments.filter((a) => a.threadId === params.threadId)
    .map(({ threadId: _owner, ...a }) => a);
  return indexPage(mine, params.cursor, params.limit);
};

export const attachmentOwnerList: Handler<"thread/attachmentOwner/list"> = async (params, ctx) => {
  const owners = ctx.services.organizer
    .read()
    .attachments.filter(
      (a) => a.attachmentType === params.attachmentType && a.identityKey === params.identityKey,
    )
    .map((a) => a.threadId);
  const data: Array<{ threadId: string; archived: boolean }> = [];
  for (const threadId of [...new Set(owners)]) {
    const found = await ctx.services.catalog.find(threadId).catch(() => undefined);
    const archived = found?.archived ?? false;
    if (params.archived === undefined || params.archived === null || params.archived === archived) {
      data.push({ threadId, archived });
    }
  }
  return indexPage(data, params.cursor, params.limit);
};

export const attachmentRemove: Handler<"thread/attachment/remove"> = async (params, ctx) => {
  await assertThread(ctx.services, params.threadId);
  const removed = ctx.services.organizer.change((org) => {
    const at = org.attachments.findIndex(
      (a) =>
        a.threadId === params.threadId &&
        a.attachmentType === params.attachmentType &&
        a.identityKey === params.identityKey,
    );
    return at < 0 ? undefined : org.attachments.splice(at, 1)[0];
  });
  ctx.respond({});
  if (removed) {
    ctx.server.broadcast({
      method: "thread/attachment/updated",
      params: {
        threadId: params.threadId,
        attachmentId: removed.id,
        attachmentType: removed.attachmentType,
        identityKey: removed.identityKey,
        operation: "deleted",
      },
    });
  }
  return {};
};

export const sectionList: Handler<"threadSection/list"> = (params, ctx) =>
  indexPage(ctx.services.organizer.read().sections, params.cursor, params.limit);

export const sectionCreate: Handler<"threadSection/create"> = (params, ctx) => {
  const name = params.name.trim();
  if (!name) throw badRequest("section name must not be empty");
  const section = { id: ctx.services.organizer.newId(), name, appearance: params.appearance ?? null };
  ctx.services.organizer.change((org) => org.sections.push(section));
  return { section };
};

export const sectionUpdate: Handler<"threadSection/update"> = (params, ctx) => {
  const name = params.name.trim();
  if (!name) throw badRequest("section name must not be empty");
  const section = ctx.services.organizer.change((org) => {
    const found = org.sections.find((s) => s.id === params.sectionId);
    if (!found) throw sectionNotFound(params.sectionId);
    found.name = name;
    if (params.appearance !== undefined) found.appearance = params.appearance;
    return { ...found };
  });
  return { section };
};

export const sectionDelete: Handler<"threadSection/delete"> = (params, ctx) => {
  if (params.sectionId === PINNED_SECTION.id) throw badRequest("the Pinned section cannot be deleted");
  const members = ctx.services.organizer.change((org) => {
    const at = org.sections.findIndex((s) => s.id === params.sectionId);
    if (at < 0) throw sectionNotFound(params.sectionId);
    org.sections.splice(at, 1);
    const moved = org.members[params.sectionId] ?? [];
    delete org.members[params.sectionId];
    for (const threadId of moved) delete org.entered[threadId];
    return moved;
  });
  ctx.respond({});
  for (const threadId of members) {
    ctx.server.broadcast({ method: "thread/section/changed", params: { threadId, sectionId: null } });
  }
  return {};
};

export const sectionMove: Handler<"thread/section/move"> = async (params, ctx) => {
  await assertThread(ctx.services, params.threadId);
  const { threadId, sectionId } = params;
  ctx.services.organizer.change((org) => {
    if (sectionId !== null && !org.sections.some((s) => s.id === sectionId)) {
      throw badRequest(`section ${sectionId} does not exist`);
    }
    // A move within its section keeps the time it entered it.
    const stays = sectionId !== null && (org.members[sectionId] ?? []).includes(threadId);
    for (const id of Object.keys(org.members))
      org.members[id] = org.members[id]!.filter((t) => t !== threadId);
    if (sectionId === null) {
      delete org.entered[threadId];
      return;
    }
    if (!stays) org.entered[threadId] = Math.floor(Date.now() / 1000);
    const list = (org.members[sectionId] ??= []);
    const before = params.beforeThreadId ? list.indexOf(params.beforeThreadId) : -1;
    if (params.beforeThreadId && before < 0) {
      throw badRequest(`thread ${params.beforeThreadId} is not in section ${sectionId}`);
    }
    list.splice(before < 0 ? list.length : before, 0, threadId);
  });
  ctx.respond({});
  ctx.server.broadcast({ method: "thread/section/changed", params: { threadId, sectionId } });
  return {};
};
