// Clients generated from Codex 0.169's types (Python, Swift, Kotlin, TypeScript `T | null` fields) expect
// every nullable key to be there, as Codex sends it: null when it has no value. A session through the built
// `codex-ts app-server` is checked against the real schema with its nullable properties required.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { protocolSchema, strictProtocolSchema } from "../support/app-server-client.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("app-server sends the keys Codex sends as null", () => {
  it("threads, turns, items and their answers carry every nullable key of the schema", async () => {
    const { home, model, client: c } = await app.start();
    const started = await c.call("thread/start", { cwd: home.cwd });
    expect(started).toMatchObject({
      disabledPluginIds: [],
      runtimeWorkspaceRoots: [home.cwd],
      activePermissionProfile: null,
      multiAgentMode: "explicitRequestOnly",
    });
    expect(started.thread).toMatchObject({ forkedFromId: null, agentRole: null, threadSource: null });
    const threadId = (started.thread as Json).id as string;

    model.push(reply.shell(["echo", "hi"]), reply.message("done"));
    const turn = await runTurn(c, threadId, "run it");
    const command = (turn.items as Json[]).find((i) => i.type === "commandExecution");
    expect(command).toMatchObject({ pluginId: null, scriptPath: null, processId: null });
    const message = (turn.items as Json[]).find((i) => i.type === "agentMessage");
    expect(message).toMatchObject({ text: "done", phase: null, moderation: null, questions: null });
    const completed = await c.waitNotification(
      "item/completed",
      (p) => (p.item as Json).type === "agentMessage",
    );
    expect(completed.contentTokenCount).toBeNull();

    const read = await c.call("thread/read", { threadId, includeTurns: true });
    await c.call("thread/list", {});
    await c.call("thread/turns/list", { threadId });
    await c.call("thread/items/list", { threadId });
    const forked = await c.call("thread/fork", { threadId });
    expect(forked.thread).toMatchObject({ forkedFromId: threadId });
    const resumed = await c.call("thread/resume", { threadId });
    expect(resumed).toMatchObject({ initialTurnsPage: null, multiAgentMode: "explicitRequestOnly" });

    const models = (await c.call("model/list", {})).data as Json[];
    expect(models.find((m) => m.id === "gpt-5.1-codex")).toMatchObject({
      serviceTiers: [{ id: "priority", name: "Fast" }],
      additionalSpeedTiers: ["fast"],
      upgrade: null,
      defaultServiceTier: null,
    });
    const config = (await c.call("config/read", {})).config as Json;
    expect(config).toMatchObject({ review_model: null, mcp_servers: {}, model_provider: "openai" });
    expect(await c.call("account/read", {})).toMatchObject({ userId: null, workspaceRouting: null });
    await c.call("skills/list", {});
    await c.call("mcpServerStatus/list", {});

    expect(c.recheck(strictProtocolSchema())).toEqual([]);
    // The strict schema does hold them: a thread without one of its null keys is refused.
    const { agentRole: _left, ...lacking } = read.thread as Json;
    expect(strictProtocolSchema().check("Thread", lacking)).toContain("agentRole");
    expect(protocolSchema().check("Thread", lacking)).toBe("");
  });
});
