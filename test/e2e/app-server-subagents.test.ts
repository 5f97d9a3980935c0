// Subagents through `codex-ts app-server` with `[subagents] enabled = true`: the root's model spawns a
// child, awaits it, steers it, reads its logs, lists and cancels it. The client sees one
// collabAgentToolCall item per call, the child as a thread of its own (thread/started, status changes,
// inbox changes, thread/closed), thread/list shows the child with its parent, and thread/read rebuilds the
// same items from disk. Every message is checked against the real protocol.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply, type ScriptedReply } from "../support/fake-model.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { scriptByAgent } from "../support/subagents.js";

const app = useAppServer();

/** An app-server with `[subagents] enabled = true`, every agent's model answering from `script`. */
const start = (script: { fallback: ScriptedReply }, env: NodeJS.ProcessEnv = {}) =>
  app.start({ model: { fallback: script.fallback }, toml: "[subagents]\nenabled = true\n", env });

/** The fields a client renders of a collab item. */
const shown = (i: Json) => [i.tool, i.status, i.prompt ?? null, i.receiverThreadIds, i.agentsStates];

describe("app-server subagents", () => {
  it("every subagent call is a collabAgentToolCall item; the child is a thread of its own", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task-a: say done", name: "alpha" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.functionCall("subagent_send", { agent_id: 1, message: "one more thing" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.functionCall("subagent_logs", { agent_id: 1 }),
        reply.functionCall("subagent_list", {}),
        reply.functionCall("subagent_send", { agent_id: 9, message: "anyone?" }),
        reply.functionCall("subagent_cancel", { agent_id: 1 }),
        reply.message("all done"),
      ],
      1: [reply.message("A done"), reply.message("A again")],
    });
    const { home, client: c } = await start(script);
    const threadId = await startThread(c, { cwd: home.cwd });
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "delegate" }] });
    const completed = await c.waitNotification("turn/completed", (p) => p.threadId === threadId, {
      timeoutMs: 30_000,
    });
    expect((completed.turn as Json).status).toBe("completed");

    // The child appears as a thread of its own, below the root.
    const childStarted = c
      .notifications("thread/started")
      .map((p) => p.thread as Json)
      .find((t) => t.id !== threadId);
    const childId = childStarted?.id as string;
    expect(childStarted).toMatchObject({
      parentThreadId: threadId,
      sessionId: threadId,
      preview: "task-a: say done",
      agentNickname: "alpha",
      cwd: home.cwd,
      source: {
        subAgent: { thread_spawn: { parent_thread_id: threadId, depth: 1, agent_nickname: "alpha" } },
      },
    });

    // The child's turns are live on its own thread: turn/started, its items, turn/completed with them.
    const liveTurns = c.notifications("turn/completed").filter((p) => p.threadId === childId);
    expect(liveTurns.map((p) => (p.turn as Json).status)).toEqual(["completed", "completed"]);
    const childItems = (p: Json) => ((p.turn as Json).items as Json[]).map((i) => [i.type, i.text ?? null]);
    expect(liveTurns.map(childItems)).toEqual([
      [
        ["userMessage", null],
        ["agentMessage", "A done"],
      ],
      [
        ["userMessage", null],
        ["agentMessage", "A again"],
      ],
    ]);
    expect(c.notifications("turn/started").filter((p) => p.threadId === childId)).toHaveLength(2);
    const liveChildItems = c
      .notifications("item/completed")
      .filter((p) => p.threadId === childId)
      .map((p) => [(p.item as Json).id, p.turnId]);
    expect(liveChildItems).toEqual(
      liveTurns.flatMap((p) => ((p.turn as Json).items as Json[]).map((i) => [i.id, (p.turn as Json).id])),
    );

    const collab = c
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .filter((i) => i.type === "collabAgentToolCall");
    const state = (status: unknown, message: string | null = null) => ({ [childId]: { status, message } });
    expect(collab.map(shown)).toEqual([
      ["spawnAgent", "completed", "task-a: say done", [childId], state("running")],
      ["wait", "completed", null, [childId], state("completed", "A done")],
      // The child may finish its new turn before the send's outcome is described.
      [
        "sendInput",
        "completed",
        "one more thing",
        [childId],
        state(expect.stringMatching(/^(running|completed)$/)),
      ],
      ["wait", "completed", null, [childId], state("completed", "A again")],
      ["listAgents", "completed", null, [childId], state("completed")],
      ["listAgents", "completed", null, [childId], state("completed")],
      ["sendInput", "failed", "anyone?", [], {}],
      ["closeAgent", "completed", null, [childId], state("shutdown")],
    ]);
    expect(collab.every((i) => i.senderThreadId === threadId)).toBe(true);
    const startedIds = c
      .notifications("item/started")
      .map((p) => p.item as Json)
      .filter((i) => i.type === "collabAgentToolCall")
      .map((i) => [i.id, i.status]);
    expect(startedIds).toEqual(collab.map((i) => [i.id, "inProgress"]));

    // The child's own status: working, idle between its turns, closed when cancelled.
    const childStatuses = c
      .notifications("thread/status/changed")
      .filter((p) => p.threadId === childId)
      .map((p) => (p.status as Json).type);
    expect(childStatuses).toEqual(["idle", "active", "idle"]);
    expect(c.notifications("thread/closed").map((p) => p.threadId)).toEqual([childId]);
    expect((await c.call("thread/loaded/list", {})).data).toEqual([threadId]);
    // The message sent while the child was idle went through its inbox: counts rose, then it was taken.
    const inbox = c
      .notifications("thread/queue/changed")
      .filter((p) => p.threadId === childId)
      .map((p) => p.pendingMessages);
    expect(inbox).toEqual([1, 0]);

    const listed = await c.call("thread/list", {});
    const child = (listed.data as Json[]).find((t) => t.id === childId);
    expect(child).toMatchObject({
      parentThreadId: threadId,
      source: { subAgent: { thread_spawn: { parent_thread_id: threadId } } },
    });
    const subOnly = await c.call("thread/list", { sourceKinds: ["subAgentThreadSpawn"] });
    expect((subOnly.data as Json[]).map((t) => t.id)).toEqual([childId]);

    // Read back from disk, the turn has the same collab items (same ids, same states).
    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const turns = (read.thread as Json).turns as Json[];
    const readCollab = ((turns[0]?.items ?? []) as Json[]).filter((i) => i.type === "collabAgentToolCall");
    expect(readCollab).toEqual(collab);
    const childRead = await c.call("thread/read", { threadId: childId, includeTurns: true });
    const childTurns = (childRead.thread as Json).turns as Json[];
    expect(childTurns.map((t) => t.status)).toEqual(["completed", "completed"]);
    // With the subagent tools offered, the model may use them unasked.
    expect((await c.call("thread/start", { cwd: home.cwd })).multiAgentMode).toBe("proactive");
  });

  it("a subagent's approval is asked about in its own thread; the answer reaches it", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task-b: make two files", name: "maker" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("maker finished"),
        reply.functionCall("subagent_send", { agent_id: 1, message: "one more file" }),
        reply.message("could not reach maker"),
      ],
      1: [
        reply.functionCall("shell", { command: ["bash", "-lc", "touch approved.txt"] }),
        reply.functionCall("shell", { command: ["bash", "-lc", "touch declined.txt"] }),
        reply.message("B done"),
      ],
    });
    const { home, client: c } = await start(script);
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
    });
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "delegate" }] });

    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    const childId = (
      c.notifications("thread/started").find((p) => (p.thread as Json).id !== threadId)?.thread as Json
    ).id as string;
    expect(ask.params).toMatchObject({ threadId: childId, command: "bash -lc 'touch approved.txt'" });
    expect((ask.params as Json).turnId).not.toBe("");
    await c.waitNotification("thread/status/changed", (p) => p.threadId === childId);
    c.respond(ask.id!, { decision: "accept" });
    const from = c.received.length;
    const ask2 = await c.waitServerRequest("item/commandExecution/requestApproval", { from });
    c.respond(ask2.id!, { decision: "decline" });
    const completed = await c.waitNotification("turn/completed", (p) => p.threadId === threadId, {
      timeoutMs: 30_000,
    });
    expect((completed.turn as Json).status).toBe("completed");

    expect(existsSync(join(home.cwd, "approved.txt"))).toBe(true);
    expect(existsSync(join(home.cwd, "declined.txt"))).toBe(false);
    // Both calls show in the child's thread and turn: one ran, one was declined.
    const commands = c
      .notifications("item/completed")
      .filter((p) => (p.item as Json).type === "commandExecution")
      .map((p) => [p.threadId, p.turnId, (p.item as Json).id, (p.item as Json).status]);
    const { turnId } = ask.params as Json;
    expect(commands).toEqual([
      [childId, turnId, (ask.params as Json).itemId, "completed"],
      [childId, turnId, (ask2.params as Json).itemId, "declined"],
    ]);
    const waiting = c
      .notifications("thread/status/changed")
      .filter((p) => p.threadId === childId)
      .map((p) => p.status);
    expect(waiting).toContainEqual({ type: "active", activeFlags: ["waitingOnApproval"] });

    // The child runs inside the root: only the root is a loaded thread; listings show the child's status.
    expect((await c.call("thread/loaded/list", {})).data).toEqual([threadId]);
    const listedChild = ((await c.call("thread/list", {})).data as Json[]).find((t) => t.id === childId);
    expect(listedChild?.status).toEqual({ type: "idle" });

    // The child runs inside the root: a second engine on its file, or moving it, is refused.
    for (const method of ["thread/resume", "thread/archive"]) {
      const refused = await c.waitResponse(c.request(method, { threadId: childId }));
      expect(String((refused.error as Json).message)).toContain(`it is a subagent of thread ${threadId}`);
    }
    const turnRefused = await c.waitResponse(
      c.request("turn/start", { threadId: childId, input: [{ type: "text", text: "hi" }] }),
    );
    expect(String((turnRefused.error as Json).message)).toContain("reach it through its parent");

    // After a restart, the resumed root's tree holds the child (not running yet): still refused.
    await c.close();
    expect(c.violations).toEqual([]);
    const again = await app.spawn(home);
    await again.call("thread/resume", { threadId });
    const refusedAfter = await again.waitResponse(again.request("thread/resume", { threadId: childId }));
    expect(String((refusedAfter.error as Json).message)).toContain(`it is a subagent of thread ${threadId}`);

    // The other way round: the child opened on its own first (its root not loaded), then the root asks
    // to reopen it: refused, so two engines never write one file.
    await again.close();
    expect(again.violations).toEqual([]);
    const third = await app.spawn(home);
    await third.call("thread/resume", { threadId: childId });
    await third.call("thread/resume", { threadId });
    const before = third.received.length;
    await third.call("turn/start", { threadId, input: [{ type: "text", text: "more" }] });
    await third.waitNotification("turn/completed", (p) => p.threadId === threadId, {
      from: before,
      timeoutMs: 30_000,
    });
    const sendOutput = script
      .requestsOf(0)
      .at(-1)
      ?.find((i) => i.type === "function_call_output" && String(i.output).includes("subagent_send"));
    expect(String(sendOutput?.output)).toContain("is open in another session");
  });

  it("a subagent's requests are made as the root's account (tokens the client handed in)", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task-c: say hi", name: "greeter" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("greeted"),
      ],
      1: [reply.message("hi")],
    });
    // No key anywhere: only the tokens handed in over the protocol can authenticate a request.
    const { home, model, client: c } = await start(script, { OPENAI_API_KEY: undefined });
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const claims = {
      "https://api.openai.com/auth": { chatgpt_plan_type: "pro", chatgpt_account_id: "acct-9" },
    };
    const accessToken = `${part({ alg: "none" })}.${part(claims)}.sig`;
    await c.call("account/login/start", {
      type: "chatgptAuthTokens",
      accessToken,
      chatgptAccountId: "acct-9",
    });
    const threadId = await startThread(c, { cwd: home.cwd });
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "delegate" }] });
    const completed = await c.waitNotification("turn/completed", (p) => p.threadId === threadId, {
      timeoutMs: 30_000,
    });
    expect((completed.turn as Json).status).toBe("completed");
    expect(script.requestsOf(1)).toHaveLength(1);
    expect(new Set(model.requests.map((r) => r.headers.authorization))).toEqual(
      new Set([`Bearer ${accessToken}`]),
    );
  });
});
