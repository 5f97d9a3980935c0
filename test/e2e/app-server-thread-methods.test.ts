// thread/items/list and thread/turns/list paging, thread/delete, thread/unsubscribe, thread/goal/*,
// thread/metadata/update, and the local account/provider methods, through `codex-ts app-server`.
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";
import { threadLines, writeRolloutFile } from "../support/rollout-files.js";

const app = useAppServer();

async function errorOf(c: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}

describe("app-server thread methods", () => {
  it("pages turns and items with cursors both ways", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const turns: Json[] = [];
    for (const n of [1, 2, 3]) {
      model.push(reply.message(`answer ${n}`));
      turns.push(await runTurn(c, threadId, `question ${n}`));
    }
    const ids = turns.map((t) => t.id);
    const first = await c.call("thread/turns/list", { threadId, limit: 2 });
    expect((first.data as Json[]).map((t) => t.id)).toEqual([ids[2], ids[1]]);
    // As in Codex 0.169: every page has a backwards cursor, and it includes the page's first entry.
    const newer = await c.call("thread/turns/list", {
      threadId,
      sortDirection: "asc",
      cursor: first.backwardsCursor,
    });
    expect((newer.data as Json[]).map((t) => t.id)).toEqual([ids[2]]);
    const second = await c.call("thread/turns/list", { threadId, limit: 2, cursor: first.nextCursor });
    expect((second.data as Json[]).map((t) => t.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    const back = await c.call("thread/turns/list", {
      threadId,
      sortDirection: "asc",
      cursor: second.backwardsCursor,
    });
    expect((back.data as Json[]).map((t) => t.id)).toEqual([ids[0], ids[1], ids[2]]);
    expect(await errorOf(c, "thread/turns/list", { threadId, cursor: "garbage" })).toMatchObject({
      code: -32600,
    });

    const items = await c.call("thread/items/list", { threadId });
    const entries = items.data as Json[];
    expect(entries.map((e) => (e.item as Json).type)).toEqual([
      "userMessage",
      "agentMessage",
      "userMessage",
      "agentMessage",
      "userMessage",
      "agentMessage",
    ]);
    expect(entries.map((e) => e.turnId)).toEqual([ids[0], ids[0], ids[1], ids[1], ids[2], ids[2]]);
    const one = await c.call("thread/items/list", {
      threadId,
      turnId: ids[1],
      sortDirection: "desc",
      limit: 1,
    });
    expect((one.data as Json[]).map((e) => (e.item as Json).type)).toEqual(["agentMessage"]);
    const rest = await c.call("thread/items/list", {
      threadId,
      turnId: ids[1],
      sortDirection: "desc",
      cursor: { type: "item", itemId: ((one.data as Json[])[0]!.item as Json).id },
    });
    expect((rest.data as Json[]).map((e) => (e.item as Json).type)).toEqual(["userMessage"]);
    expect(await errorOf(c, "thread/items/list", { threadId, turnId: "nope" })).toMatchObject({
      code: -32600,
      message: expect.stringContaining("turn not found"),
    });
  });

  it("goals and git metadata are kept per thread; unsubscribe unloads; delete removes", async () => {
    // A delay of 0: the thread is unloaded as soon as its last client unsubscribes.
    const { home, model, client: c } = await app.start({ toml: "thread_unload_delay_secs = 0\n" });
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("answer"));
    await runTurn(c, threadId, "question");

    expect(await c.call("thread/goal/get", { threadId })).toEqual({ goal: null });
    expect(await errorOf(c, "thread/goal/set", { threadId })).toMatchObject({ code: -32600 });
    const set = await c.call("thread/goal/set", { threadId, objective: "ship the parser" });
    expect(set.goal).toMatchObject({
      threadId,
      objective: "ship the parser",
      status: "active",
      tokensUsed: 0,
    });
    await c.waitNotification("thread/goal/updated", (p) => p.threadId === threadId);
    const paused = await c.call("thread/goal/set", { threadId, status: "paused", tokenBudget: 1000 });
    expect(paused.goal).toMatchObject({ objective: "ship the parser", status: "paused", tokenBudget: 1000 });
    expect((await c.call("thread/goal/get", { threadId })).goal).toEqual(paused.goal);
    expect(await c.call("thread/goal/clear", { threadId })).toEqual({ cleared: true });
    await c.waitNotification("thread/goal/cleared", (p) => p.threadId === threadId);
    expect(await c.call("thread/goal/clear", { threadId })).toEqual({ cleared: false });

    const updated = await c.call("thread/metadata/update", {
      threadId,
      gitInfo: { sha: "abc123", branch: "main" },
    });
    // All three fields, as Codex sends them (the home's cwd is not a repository: nothing of its own).
    expect((updated.thread as Json).gitInfo).toEqual({ sha: "abc123", branch: "main", originUrl: null });
    const cleared = await c.call("thread/metadata/update", { threadId, gitInfo: { branch: null } });
    expect((cleared.thread as Json).gitInfo).toEqual({ sha: "abc123", branch: null, originUrl: null });
    const read = (await c.call("thread/read", { threadId })).thread as Json;
    expect(read).toMatchObject({
      gitInfo: { sha: "abc123", branch: null },
      environments: [{ environmentId: "local", cwd: home.cwd, runtimeWorkspaceRoots: [home.cwd] }],
      historyMode: "paginated",
      canAcceptDirectInput: true,
      recencyAt: read.updatedAt,
    });
    expect(
      await errorOf(c, "thread/goal/get", { threadId: "00000000-0000-7000-8000-000000000000" }),
    ).toMatchObject({
      code: -32600,
    });

    expect(await c.call("thread/unsubscribe", { threadId })).toEqual({ status: "unsubscribed" });
    await c.waitNotification("thread/closed", (p) => p.threadId === threadId);
    expect(await c.call("thread/loaded/list", {})).toMatchObject({ data: [] });
    expect(await c.call("thread/unsubscribe", { threadId })).toEqual({ status: "notLoaded" });

    const path = (await c.call("thread/read", { threadId })).thread as Json;
    expect(existsSync(String(path.path))).toBe(true);
    await c.call("thread/name/set", { threadId, name: "to be deleted" });
    expect(await c.call("thread/delete", { threadId })).toEqual({});
    await c.waitNotification("thread/deleted", (p) => p.threadId === threadId);
    expect(existsSync(String(path.path))).toBe(false);
    expect(readFileSync(join(home.codexHome, "session_index.jsonl"), "utf8")).not.toContain(threadId);
    expect((await c.call("thread/list", {})).data).toEqual([]);
    expect(await errorOf(c, "thread/read", { threadId })).toMatchObject({ code: -32600 });
  });
});

const DAY_MTIME = 1_700_000_000;

describe("thread/delete failing part way", () => {
  it("answers a JSON-RPC error; what did go is announced and its names forgotten", async () => {
    const { home } = await app.startModel();
    const parentId = randomUUID();
    const childId = randomUUID();
    const parent = writeRolloutFile(home.codexHome, threadLines(parentId, 1), { id: parentId });
    const meta = { parent_thread_id: parentId, source: "subagent" };
    const child = writeRolloutFile(home.codexHome, threadLines(childId, 1, meta), { id: childId });
    const names = join(home.codexHome, "session_index.jsonl");
    const named = (id: string) => `${JSON.stringify({ id, thread_name: id, updated_at: "t" })}\n`;
    writeFileSync(names, named(parentId) + named(childId));
    utimesSync(dirname(child.path), DAY_MTIME, DAY_MTIME);
    const c = await app.spawn(home);
    // Sorted by update, the list catches up with every folder before answering and leaves no catch-up to
    // run after it (a page by creation does), which could see the folder below while it is being changed.
    expect((await c.call("thread/list", { sortKey: "updated_at" })).data).toHaveLength(2);
    // The subagent's file turned into a folder: its unlink fails (EISDIR), whoever runs the test.
    // The day folder keeps its mtime (a whole second, set again exactly), so that the index's catch-up
    // does not drop the subagent's row.
    rmSync(child.path);
    mkdirSync(child.path);
    writeFileSync(join(child.path, "keep"), "");
    utimesSync(dirname(child.path), DAY_MTIME, DAY_MTIME);

    const error = await errorOf(c, "thread/delete", { threadId: parentId });
    expect(error).toMatchObject({ code: -32603 });
    expect(String(error.message)).toContain(parentId);
    await c.waitNotification("thread/deleted", (p) => p.threadId === parentId);
    expect(existsSync(parent.path)).toBe(false);
    const left = readFileSync(names, "utf8");
    expect(left).not.toContain(parentId);
    expect(left).toContain(childId);
  });
});

describe("app-server local account and provider methods", () => {
  it("answers as Codex does for an API-key account; providers, profiles and feedback/save work", async () => {
    const { home, client: c } = await app.start();
    expect(await c.call("account/gatewayOAuth/read")).toEqual({
      providerId: "openai",
      providerName: "OpenAI",
      required: false,
      supportsDeviceAuth: false,
      status: null,
      error: null,
    });
    expect(await errorOf(c, "account/gatewayOAuth/login", undefined)).toMatchObject({
      code: -32600,
      message: "The selected provider does not use gateway OAuth",
    });
    expect(await c.call("account/securitySetup/read")).toEqual({ notice: null });
    expect(await errorOf(c, "account/usage/read", undefined)).toMatchObject({
      code: -32600,
      message: "codex account authentication required to read token usage",
    });
    expect(await c.call("permissionProfile/list", {})).toMatchObject({
      data: [{ id: ":read-only" }, { id: ":workspace" }, { id: ":danger-full-access" }],
    });
    // Codex 0.169 leaves the names it does not know out of its answer (app-server-experimental-features).
    expect(await c.call("experimentalFeature/enablement/set", { enablement: { nope: true } })).toEqual({
      enablement: {},
    });

    const written = await c.call("modelProvider/config/write", {
      settings: {
        type: "customGateway",
        name: "Local Gateway",
        baseUrl: "http://127.0.0.1:9/v1",
        envKey: "LOCAL_KEY",
      },
    });
    expect(written.provider).toMatchObject({
      id: "local-gateway",
      settings: { type: "customGateway", auth: { mode: "environmentVariable", envKey: "LOCAL_KEY" } },
    });
    expect(readFileSync(join(home.codexHome, "config.toml"), "utf8")).toContain(
      "[model_providers.local-gateway]",
    );
    const providers = await c.call("modelProvider/list", {});
    expect((providers.data as Json[]).map((p) => p.id)).toEqual(["openai", "local-gateway"]);
    expect(
      await errorOf(c, "modelProvider/config/write", { settings: { type: "customGateway" } }),
    ).toMatchObject({
      code: -32600,
      message: "Enter a provider name.",
    });

    const savePath = join(home.cwd, "feedback-bundle");
    const saved = await c.call("feedback/save", { classification: "bug", savePath, reason: "it broke" });
    expect(saved.savedPath).toBe(savePath);
    const bundle = unzipSync(readFileSync(savePath));
    expect(JSON.parse(Buffer.from(bundle["feedback.json"]!).toString("utf8"))).toMatchObject({
      reason: "it broke",
    });
    expect(await errorOf(c, "feedback/save", { classification: "bug", savePath: "relative" })).toMatchObject({
      code: -32600,
      message: "feedback savePath must be an absolute host path",
    });
  });
});

describe("app-server attachments and sections", () => {
  it("attaches, lists owners, removes; sections are created, filled in order, renamed and deleted", async () => {
    const { home, client: c } = await app.start();
    const a = await startThread(c, { cwd: home.cwd });
    const b = await startThread(c, { cwd: home.cwd });
    const key = { attachmentType: "pullRequest", identityKey: "org/repo#7" };
    const added = await c.call("thread/attachment/add", { threadId: a, ...key, payload: { url: "u" } });
    expect(added).toMatchObject({ outcome: "created", attachment: { ...key, payload: { url: "u" } } });
    await c.waitNotification(
      "thread/attachment/updated",
      (p) => p.threadId === a && p.operation === "created",
    );
    const again = await c.call("thread/attachment/add", { threadId: a, ...key, payload: null });
    expect(again).toMatchObject({ outcome: "existing", attachment: { id: (added.attachment as Json).id } });
    await c.call("thread/attachment/add", { threadId: b, ...key, payload: null });
    expect((await c.call("thread/attachment/list", { threadId: a })).data).toEqual([added.attachment]);
    const owners = await c.call("thread/attachmentOwner/list", key);
    expect((owners.data as Json[]).map((o) => o.threadId)).toEqual([a, b]);
    await c.call("thread/attachment/remove", { threadId: a, ...key });
    await c.waitNotification(
      "thread/attachment/updated",
      (p) => p.threadId === a && p.operation === "deleted",
    );
    expect((await c.call("thread/attachment/list", { threadId: a })).data).toEqual([]);

    const listed = await c.call("threadSection/list", {});
    expect(listed.data).toEqual([
      { id: "01984de2-8f74-7c91-a3b2-5c5e937cf318", name: "Pinned", appearance: null },
    ]);
    const created = (await c.call("threadSection/create", { name: "Work", appearance: { color: "blue" } }))
      .section as Json;
    await c.call("thread/section/move", { threadId: a, sectionId: created.id });
    await c.call("thread/section/move", { threadId: b, sectionId: created.id, beforeThreadId: a });
    await c.waitNotification("thread/section/changed", (p) => p.threadId === b && p.sectionId === created.id);
    const renamed = await c.call("threadSection/update", { sectionId: created.id, name: "Job" });
    expect(renamed.section).toMatchObject({ id: created.id, name: "Job", appearance: { color: "blue" } });
    const badMove = await c.waitResponse(
      c.request("thread/section/move", { threadId: a, sectionId: "nope" }),
    );
    expect(badMove.error).toMatchObject({ code: -32600, message: "section nope does not exist" });
    const badUpdate = await c.waitResponse(
      c.request("threadSection/update", { sectionId: "nope", name: "x" }),
    );
    expect(badUpdate.error).toMatchObject({ code: -32602, message: "thread section not found: nope" });
    expect(await c.call("threadSection/delete", { sectionId: created.id })).toEqual({});
    await c.waitNotification("thread/section/changed", (p) => p.threadId === a && p.sectionId === null);
    expect((await c.call("threadSection/list", {})).data).toHaveLength(1);
  });
});
