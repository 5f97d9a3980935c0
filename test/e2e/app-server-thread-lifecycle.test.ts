// A thread's life past its clients, as Codex 0.169 lives it: the last client unsubscribing (or gone) keeps the thread
// loaded for `thread_unload_delay_secs`, resuming a thread whose cwd folder is gone keeps that cwd, and a
// revert announces notLoaded then idle before its answer; resume is followed by the thread's goal state.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppServerClient } from "../support/app-server-client.js";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();
const statusOf = (m: Json) => ((m.params as Json).status as Json).type;

describe("app-server thread lifecycle", () => {
  it("unsubscribing the last client unloads only after the delay; a client back in time keeps it", async () => {
    const { home, model, client: c } = await app.start({ toml: "thread_unload_delay_secs = 1\n" });
    const kept = await startThread(c, { cwd: home.cwd });
    const dropped = await startThread(c, { cwd: home.cwd });
    // Both have a turn: resuming a loaded thread with no rollout yet is refused, as in Codex.
    model.push(reply.message("answer"));
    await runTurn(c, kept, "question");
    model.push(reply.message("answer"));
    await runTurn(c, dropped, "question");

    const from = c.received.length;
    // `kept` first: its wait ends before `dropped`'s, so its unload would be seen by then.
    expect(await c.call("thread/unsubscribe", { threadId: kept })).toEqual({ status: "unsubscribed" });
    expect(await c.call("thread/unsubscribe", { threadId: dropped })).toEqual({ status: "unsubscribed" });
    expect(((await c.call("thread/loaded/list", {})).data as string[]).sort()).toEqual(
      [kept, dropped].sort(),
    );
    expect(((await c.call("thread/read", { threadId: dropped })).thread as Json).status).toEqual({
      type: "idle",
    });
    expect(await c.call("thread/unsubscribe", { threadId: dropped })).toEqual({ status: "notSubscribed" });
    await c.call("thread/resume", { threadId: kept, excludeTurns: true });

    await c.waitNotification("thread/closed", (p) => p.threadId === dropped, { from });
    const changes = c.received
      .slice(from)
      .filter((m) => m.method === "thread/status/changed" && (m.params as Json).threadId === dropped);
    expect(changes.map(statusOf)).toEqual(["notLoaded"]);
    expect(c.notifications("thread/closed").map((p) => p.threadId)).toEqual([dropped]);
    expect((await c.call("thread/loaded/list", {})).data).toEqual([kept]);
    expect(await c.call("thread/unsubscribe", { threadId: dropped })).toEqual({ status: "notLoaded" });
  });

  it("resumes a thread whose cwd folder is gone with that cwd; commands there fail clearly", async () => {
    const {
      home,
      model,
      client: c,
    } = await app.start({
      toml: "thread_unload_delay_secs = 0\n",
      home: { shellTool: "exec_command" },
    });
    const gone = join(home.cwd, "gone");
    mkdirSync(gone);
    const threadId = await startThread(c, { cwd: gone });
    model.push(reply.message("answer"));
    await runTurn(c, threadId, "question");
    await c.call("thread/unsubscribe", { threadId });
    await c.waitNotification("thread/closed", (p) => p.threadId === threadId);
    rmSync(gone, { recursive: true });

    const from = c.received.length;
    const resumed = await c.call("thread/resume", { threadId });
    expect(resumed.cwd).toBe(gone);
    expect(resumed.thread).toMatchObject({ id: threadId, preview: "question" });
    const idle = c.received.findIndex(
      (m, i) => i >= from && m.method === "thread/status/changed" && statusOf(m) === "idle",
    );
    const answer = c.received.findIndex((m, i) => i >= from && m.result !== undefined);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThan(answer);

    model.push(reply.exec("pwd", { callId: "in-gone" }));
    model.push(reply.message("done"));
    const turn = await runTurn(c, threadId, "where am I?");
    expect(turn.status).toBe("completed");
    const output = (model.requests.at(-1)?.body.input ?? []).find(
      (i: Json) => i.type === "function_call_output" && i.call_id === "in-gone",
    );
    expect(String(output?.output)).toContain(`working directory does not exist: ${gone}`);
    // The client sees the command that could not start as a failed item, as Codex shows it.
    const command = (turn.items as Json[]).find((i) => i.id === "in-gone");
    expect(command).toMatchObject({ type: "commandExecution", status: "failed", exitCode: -1, cwd: gone });
    expect(String(command?.aggregatedOutput)).toContain("working directory does not exist");
    // After its answer, resume told the client the thread has no goal.
    const cleared = c.received.findIndex(
      (m, i) => i > answer && m.method === "thread/goal/cleared" && (m.params as Json).threadId === threadId,
    );
    expect(cleared).toBeGreaterThan(answer);

    // Named by the client, a folder that is gone is resumed into too, as Codex does.
    await c.call("thread/unsubscribe", { threadId });
    await c.waitNotification("thread/closed", (p) => p.threadId === threadId, { from });
    expect((await c.call("thread/resume", { threadId, cwd: gone, excludeTurns: true })).cwd).toBe(gone);
  });

  it("the last subscriber disconnecting unloads the thread as unsubscribing does", async () => {
    const {
      home,
      model,
      client: server,
    } = await app.start({
      toml: "thread_unload_delay_secs = 0\n",
      args: ["--listen", "ws://127.0.0.1:0"],
      initialize: false,
    });
    // The port is known from the server's "listening on" line.
    const url = await new Promise<string | undefined>((resolve) => {
      const found = () => /listening on:? (ws:\/\/127\.0\.0\.1:\d+)/.exec(server.stderr)?.[1];
      const timer = setTimeout(() => resolve(found()), 10_000);
      const check = () => {
        if (!found()) return;
        clearTimeout(timer);
        server.child?.stderr?.off("data", check);
        resolve(found());
      };
      server.child?.stderr?.on("data", check);
      check();
    });
    expect(url).toBeDefined();
    const owner = await AppServerClient.connect(url!);
    const watcher = await AppServerClient.connect(url!);
    try {
      await owner.initialize("owner");
      await watcher.initialize("watcher");
      const threadId = await startThread(owner, { cwd: home.cwd });
      model.push(reply.message("answer"));
      await runTurn(owner, threadId, "question");
      await owner.close();
      await watcher.waitNotification("thread/closed", (p) => p.threadId === threadId);
      expect((await watcher.call("thread/loaded/list", {})).data).toEqual([]);
    } finally {
      await watcher.close();
    }
    // A server listening on a socket does not end with its stdin.
    server.child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("a revert says notLoaded then idle before its answer", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const turns: Json[] = [];
    for (const n of [1, 2]) {
      model.push(reply.message(`answer ${n}`));
      turns.push(await runTurn(c, threadId, `question ${n}`));
    }
    const from = c.received.length;
    const id = c.request("thread/revert", { threadId, beforeTurnId: turns[1]?.id });
    await c.waitResponse(id);
    await c.waitNotification("thread/reverted", (p) => p.threadId === threadId, { from });
    const seen = c.received
      .slice(from)
      .filter((m) => m.id === id || m.method === "thread/status/changed" || m.method === "thread/reverted")
      .map((m) => (m.method === "thread/status/changed" ? statusOf(m) : (m.method ?? "answer")));
    expect(seen).toEqual(["notLoaded", "idle", "answer", "thread/reverted"]);
  });
});
