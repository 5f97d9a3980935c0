// Notifications Codex 0.169 sends that a client may wait for, each through the built `codex-ts app-server`.
import { describe, expect, it } from "vitest";
import { hostname } from "node:os";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";

const app = useAppServer();

describe("app-server notifications as Codex sends them", () => {
  it("tells the client after initialize that remote control is disabled, with this home's installation id", async () => {
    const { home, client: c } = await app.start();
    const status = await c.waitNotification("remoteControl/status/changed");
    const id = readFileSync(join(home.codexHome, "installation_id"), "utf8").trim();
    expect(status).toEqual({
      status: "disabled",
      serverName: hostname(),
      installationId: id,
      environmentId: null,
    });
    // A second server on the same home keeps the id.
    const again = await app.spawn(home);
    expect(await again.waitNotification("remoteControl/status/changed")).toMatchObject({
      installationId: id,
    });
  });

  it("skills/changed before the answer to skills/extraRoots/set", async () => {
    const { home, client: c } = await app.start();
    const extra = join(home.cwd, "extra-skills");
    mkdirSync(extra);
    const id = c.request("skills/extraRoots/set", { extraRoots: [extra] });
    await c.waitResponse(id);
    const changed = c.received.findIndex((m) => m.method === "skills/changed");
    const answer = c.received.findIndex((m) => m.id === id);
    expect(changed).toBeGreaterThanOrEqual(0);
    expect(changed).toBeLessThan(answer);
  });

  it("a turn on a model codex-ts knows no context window for starts with a warning", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("known"));
    await runTurn(c, threadId, "hi");
    expect(c.received.some((m) => m.method === "warning")).toBe(false);

    model.push(reply.message("unknown"));
    await runTurn(c, threadId, "hi", { params: { model: "mystery-model" } });
    const warning = await c.waitNotification("warning");
    expect(warning.threadId).toBe(threadId);
    expect(String(warning.message)).toContain("Model metadata for `mystery-model` not found");
  });

  it("answers to thread/resume and thread/fork are followed by the thread's recorded token usage", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("one"), reply.message("two"));
    await runTurn(c, threadId, "first");
    const last = await runTurn(c, threadId, "second");
    const live = await c.waitNotification("thread/tokenUsage/updated", (p) => p.turnId === last.id);
    const usage = live.tokenUsage as Json;
    expect((usage.total as Json).totalTokens).toBeGreaterThan((usage.last as Json).totalTokens as number);

    /** The notifications after the answer to `method`, up to the next answer. */
    async function after(client: AppServerClient, method: string, params: Json) {
      const id = client.request(method, params);
      const answer = await client.waitResponse(id);
      const from = client.received.findIndex((m) => m.id === id);
      const next = () => client.received.slice(from + 1).map((m) => m.method);
      // The notifications are sent before the next answer: a second request fences them.
      await client.call("thread/loaded/list", {});
      const fenced = next();
      return { answer, methods: fenced.slice(0, fenced.indexOf(undefined)) };
    }

    // A loaded thread, and the same thread in a new server (read from its rollout): usage, then its goal.
    const other = await app.spawn(home);
    for (const client of [c, other]) {
      const { methods } = await after(client, "thread/resume", { threadId });
      expect(methods.slice(0, 2)).toEqual(["thread/tokenUsage/updated", "thread/goal/cleared"]);
      const sent = client.received.filter(
        (m) => m.method === "thread/tokenUsage/updated" && (m.params as Json).threadId === threadId,
      );
      expect(sent.at(-1)?.params).toEqual({ threadId, turnId: last.id, tokenUsage: usage });
    }

    // A fork carries its parent's usage over, announced before thread/started.
    const { answer, methods } = await after(other, "thread/fork", { threadId });
    const forkId = ((answer.result as Json).thread as Json).id;
    expect(methods.slice(0, 2)).toEqual(["thread/tokenUsage/updated", "thread/started"]);
    const forked = await other.waitNotification("thread/tokenUsage/updated", (p) => p.threadId === forkId);
    expect(forked).toEqual({ threadId: forkId, turnId: last.id, tokenUsage: usage });
  });
});
