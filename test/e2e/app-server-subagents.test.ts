// Subagents through `codex-ts app-server` with `[subagents] enabled = true`: the root's model spawns a
// child, awaits it and cancels it; the client sees collabAgentToolCall items for the spawn and the close,
// and thread/list shows the child thread with its parent. Every message is checked against the real protocol.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome } from "../support/cli.js";
import { AppServerClient, closeAppServerTest } from "../support/app-server-client.js";
import { scriptByAgent } from "../../src/core/subagents/testing.js";

type Json = Record<string, unknown>;
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let client: AppServerClient | undefined;

afterEach(async () => {
  await closeAppServerTest(client, model);
  client = undefined;
  model = undefined;
});

describe("app-server subagents", () => {
  it("spawn and close are collabAgentToolCall items; the child is listed with its parent", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task-a: say done", name: "alpha" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.functionCall("subagent_cancel", { agent_id: 1 }),
        reply.message("all done"),
      ],
      1: [reply.message("A done")],
    });
    model = await startFakeModel({ fallback: script.fallback });
    const home = makeHome(model.url, "[subagents]\nenabled = true\n");
    client = AppServerClient.spawn([], { env: home.env, cwd: home.cwd });
    const c = client;
    await c.initialize();
    const threadId = ((await c.call("thread/start", { cwd: home.cwd })).thread as Json).id as string;
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "delegate" }] });
    const completed = await c.waitNotification("turn/completed", () => true, { timeoutMs: 30_000 });
    expect((completed.turn as Json).status).toBe("completed");

    const collab = c
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .filter((i) => i.type === "collabAgentToolCall");
    expect(collab.map((i) => [i.tool, i.status, i.senderThreadId])).toEqual([
      ["spawnAgent", "completed", threadId],
      ["closeAgent", "completed", threadId],
    ]);
    const childId = (collab[0]?.receiverThreadIds as string[])[0] ?? "";
    expect(childId).not.toBe(threadId);
    expect(collab[1]?.receiverThreadIds).toEqual([childId]);
    expect(collab[1]?.agentsStates).toEqual({ [childId]: { status: "shutdown", message: "alpha" } });

    const listed = await c.call("thread/list", {});
    const child = (listed.data as Json[]).find((t) => t.id === childId);
    expect(child).toMatchObject({
      parentThreadId: threadId,
      source: { subAgent: { thread_spawn: { parent_thread_id: threadId } } },
    });
    const subOnly = await c.call("thread/list", { sourceKinds: ["subAgentThreadSpawn"] });
    expect((subOnly.data as Json[]).map((t) => t.id)).toEqual([childId]);
  });
});
