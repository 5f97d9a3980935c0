// The item kinds made around other engines and servers: an MCP tool call (a real stdio MCP server), a
// subagent call (a child engine) and a context compaction. Each runs a real turn against the fake model,
// and the same item (type, id, fields) shows through `exec --json` (where the SDK's stream has the kind),
// the app-server live (item/started with startedAtMs, item/completed with completedAtMs, turn/completed),
// and, after an app-server restart, thread/read and thread/items/list (with the same times).
import { describe, expect, it } from "vitest";
import { ExecThreadEvent } from "../../src/protocol/exec-events.js";
import { reply, sse } from "../support/fake-model.js";
import { jsonLines, runCli } from "../support/cli.js";
import {
  runTurn,
  startThread,
  useAppServer,
  type FakeModelOptions,
  type Json,
} from "../support/app-server-fixture.js";
import { stdioServerToml } from "../support/mcp-config.js";
import { scriptByAgent } from "../support/subagents.js";

const app = useAppServer();

/** A model script: what the fake model answers to each request. */
type Script = Extract<NonNullable<FakeModelOptions["fallback"]>, (...args: never[]) => unknown>;
type Reply = ReturnType<Script>;

interface Seen {
  /** exec --json's completed items. */
  exec: Json[];
  /** item/started and item/completed params of the root thread, live. */
  started: Json[];
  completed: Json[];
  /** Every item/started and item/completed param, of any thread (subagents' too). */
  allStarted: Json[];
  allCompleted: Json[];
  threadId: string;
  turnItems: Json[];
  read: Json[];
  listed: Json[];
}

/**
 * The same turn through exec --json, then the app-server, then thread/read and thread/items/list from a
 * second app-server process. `script()` gives a fresh model script for each of the two runs.
 */
async function runEverywhere(options: { toml: string; script: () => Script }): Promise<Seen> {
  let current = options.script();
  const { home } = await app.startModel({
    toml: options.toml,
    model: { fallback: (request) => current(request) },
  });
  const res = await runCli(["exec", "--json", "--skip-git-repo-check", "go"], {
    env: home.env,
    cwd: home.cwd,
    timeoutMs: 60_000,
  });
  expect(res.code, res.stderr).toBe(0);
  const events = jsonLines(res.stdout);
  for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
  const exec = events.filter((e) => e.type === "item.completed").map((e) => e.item as Json);

  current = options.script();
  const c = await app.spawn(home);
  const threadId = await startThread(c, {
    cwd: home.cwd,
    approvalPolicy: "never",
    sandbox: "danger-full-access",
  });
  const turn = await runTurn(c, threadId, "go", { timeoutMs: 60_000 });
  expect(turn.status).toBe("completed");
  const allStarted = c.notifications("item/started");
  const allCompleted = c.notifications("item/completed");
  await c.close();

  const again = await app.spawn(home);
  const read = await again.call("thread/read", { threadId, includeTurns: true });
  const readTurn = ((read.thread as Json).turns as Json[])[0] as Json;
  const listed = await again.call("thread/items/list", { threadId });
  return {
    exec,
    started: allStarted.filter((p) => p.threadId === threadId),
    completed: allCompleted.filter((p) => p.threadId === threadId),
    allStarted,
    allCompleted,
    threadId,
    turnItems: turn.items as Json[],
    read: readTurn.items as Json[],
    listed: listed.data as Json[],
  };
}

/**
 * The item of `type`, checked to be the same live (started then completed, at the engine's times), in
 * turn/completed, in thread/read and in thread/items/list (with those times) after the restart.
 */
function sameEverywhere(s: Seen, type: string): Json {
  const completed = s.completed.find((p) => (p.item as Json).type === type);
  expect(completed, `no live ${type} item`).toBeDefined();
  const item = completed?.item as Json;
  const started = s.started.find((p) => (p.item as Json).id === item.id);
  expect(started, `no item/started for ${type}`).toBeDefined();
  expect((started?.item as Json).type).toBe(type);
  const startedAtMs = started?.startedAtMs as number;
  const completedAtMs = completed?.completedAtMs as number;
  expect(startedAtMs).toEqual(expect.any(Number));
  expect(completedAtMs).toBeGreaterThanOrEqual(startedAtMs);
  expect(s.turnItems.find((i) => i.id === item.id)).toEqual(item);
  expect(s.read.find((i) => i.id === item.id)).toEqual(item);
  expect(s.listed.find((e) => (e.item as Json).id === item.id)).toEqual({
    turnId: completed?.turnId,
    item,
    startedAtMs,
    completedAtMs,
  });
  return item;
}

/** A scripted model as a fallback: the replies in order, then an echo of anything else. */
function inOrder(replies: Reply[]): () => Script {
  return () => {
    const queue = [...replies];
    return () => queue.shift() ?? reply.message("(no more script)");
  };
}

describe("tool items through every surface", () => {
  it("an MCP tool call on a real stdio server", { timeout: 120_000 }, async () => {
    const s = await runEverywhere({
      toml: stdioServerToml("notes"),
      script: inOrder([
        reply.functionCall("notes__echo", { text: "hi" }, "call_mcp"),
        reply.message("it echoed"),
      ]),
    });
    const item = sameEverywhere(s, "mcpToolCall");
    expect(item).toMatchObject({
      id: "call_mcp",
      server: "notes",
      tool: "echo",
      status: "completed",
      arguments: { text: "hi" },
      result: { content: [{ type: "text", text: "echo: hi" }] },
      error: null,
    });
    expect(item.durationMs).toEqual(expect.any(Number));
    expect(s.read.map((i) => i.type)).toEqual(["userMessage", "mcpToolCall", "agentMessage"]);

    // exec --json: the SDK's mcp_tool_call, with the same server, tool, arguments and result.
    expect(s.exec.map((i) => i.type)).toEqual(["mcp_tool_call", "agent_message"]);
    expect(s.exec[0]).toMatchObject({
      server: "notes",
      tool: "echo",
      arguments: { text: "hi" },
      status: "completed",
      result: { content: [{ type: "text", text: "echo: hi" }], structured_content: null },
    });
  });

  it("a context compaction in the middle of a turn", { timeout: 120_000 }, async () => {
    const s = await runEverywhere({
      toml: "model_auto_compact_token_limit = 800",
      script: inOrder([
        // The first answer reports a context past the limit: the next request is preceded by a compaction.
        {
          events: [
            sse.created(),
            sse.functionCall("shell", { command: ["bash", "-lc", "echo big"] }, "call_big"),
            sse.completed(undefined, { input: 5000, output: 5 }),
          ],
        },
        reply.message("SUMMARY of the work so far"),
        reply.message("done after compacting"),
      ]),
    });
    const item = sameEverywhere(s, "contextCompaction");
    expect(Object.keys(item).sort()).toEqual(["completedAtMs", "id", "startedAtMs", "type"]);
    expect(s.read.map((i) => i.type)).toEqual([
      "userMessage",
      "commandExecution",
      "contextCompaction",
      "agentMessage",
    ]);
    // The SDK's stream has no compaction kind: exec shows the rest of the turn, unchanged.
    expect(s.exec.map((i) => i.type)).toEqual(["command_execution", "agent_message"]);
    expect(s.exec[1]).toMatchObject({ text: "done after compacting" });
  });

  it("a subagent call, and the child's own turn live on its thread", { timeout: 120_000 }, async () => {
    const s = await runEverywhere({
      toml: "[subagents]\nenabled = true\n",
      script: () =>
        scriptByAgent({
          0: [
            reply.functionCall("subagent_spawn", { task: "say done", name: "alpha" }, "call_spawn"),
            reply.functionCall("subagent_await", { agent_id: 1 }, "call_await"),
            reply.message("the child is done"),
          ],
          1: [reply.message("child done")],
        }).fallback,
    });
    const spawn = sameEverywhere(s, "collabAgentToolCall");
    const childId = (spawn.receiverThreadIds as string[])[0] as string;
    expect(spawn).toMatchObject({
      id: "call_spawn",
      tool: "spawnAgent",
      status: "completed",
      senderThreadId: s.threadId,
      prompt: "say done",
    });
    expect(childId).toEqual(expect.any(String));
    const awaitItem = s.completed.map((p) => p.item as Json).find((i) => i.id === "call_await");
    expect(awaitItem).toMatchObject({ type: "collabAgentToolCall", tool: "wait", status: "completed" });
    expect(s.read.find((i) => i.id === "call_await")).toEqual(awaitItem);

    // The child's turn is live on its own thread id: its items started and completed there.
    const childCompleted = s.allCompleted.filter((p) => p.threadId === childId);
    expect(childCompleted.map((p) => (p.item as Json).type)).toEqual(["userMessage", "agentMessage"]);
    expect((childCompleted[1]?.item as Json).text).toBe("child done");
    const childStarted = s.allStarted.filter((p) => p.threadId === childId);
    expect(childStarted.map((p) => (p.item as Json).id)).toEqual(
      childCompleted.map((p) => (p.item as Json).id),
    );
    for (const p of childCompleted) expect(p.turnId).toEqual(childCompleted[0]?.turnId);

    // The SDK's stream has no subagent kind: exec shows the root's answer.
    expect(s.exec.map((i) => i.type)).toEqual(["agent_message"]);
    expect(s.exec[0]).toMatchObject({ text: "the child is done" });
  });
});
