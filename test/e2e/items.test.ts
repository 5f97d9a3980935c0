// One item model, three surfaces: a real turn per item kind against the fake model, and the same item
// (type, id, fields) through `exec --json`, the app-server live (item/completed and turn/completed), and
// `thread/read` from a second app-server process after a restart. Every app-server message is checked
// against the real protocol's JSON Schema by the test client.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExecThreadEvent } from "../../src/protocol/exec-events.js";
import { reply, sse, type ScriptedReply } from "../support/fake-model.js";
import { jsonLines, runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

/** A reply with a reasoning summary, then one shell call (`bash -lc cmd`). */
function reasonThenExec(summary: string, cmd: string, callId: string): ScriptedReply {
  return {
    events: [
      sse.created(),
      ...sse.reasoning(summary),
      sse.functionCall("shell", { command: ["bash", "-lc", cmd] }, callId),
      sse.completed(),
    ],
  };
}

const PATCH = "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch";
const BAD_PATCH = "*** Begin Patch\n*** Frobnicate File: x\n*** End Patch\n";

interface Surfaces {
  exec: Json[];
  live: Json[];
  turnItems: Json[];
  read: Json[];
  readTurn: Json;
  reasoningParts: Json[];
}

/** The same script through exec --json, then through the app-server, then thread/read after a restart. */
async function runEverywhere(
  script: () => ScriptedReply[],
  options: { prepare?: (cwd: string) => void } = {},
): Promise<Surfaces> {
  const { home, model } = await app.startModel();
  options.prepare?.(home.cwd);
  model.push(...script());
  const res = await runCli(["exec", "--json", "--skip-git-repo-check", "-s", "workspace-write", "go"], {
    env: home.env,
    cwd: home.cwd,
  });
  expect(res.code).toBe(0);
  const events = jsonLines(res.stdout);
  for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
  const exec = events.filter((e) => e.type === "item.completed").map((e) => e.item as Json);

  options.prepare?.(home.cwd);
  const c = await app.spawn(home);
  const threadId = await startThread(c, {
    cwd: home.cwd,
    approvalPolicy: "never",
    sandbox: "danger-full-access",
  });
  model.push(...script());
  const turn = await runTurn(c, threadId, "go");
  expect(turn.status).toBe("completed");
  const live = c
    .notifications("item/completed")
    .filter((p) => p.threadId === threadId)
    .map((p) => p.item as Json);
  const reasoningParts = c.notifications("item/reasoning/summaryPartAdded");
  await c.close();

  const again = await app.spawn(home);
  const read = await again.call("thread/read", { threadId, includeTurns: true });
  const readTurn = ((read.thread as Json).turns as Json[])[0] as Json;
  return {
    exec,
    live,
    turnItems: turn.items as Json[],
    read: readTurn.items as Json[],
    readTurn,
    reasoningParts,
  };
}

describe("one item model through every surface", () => {
  it("reasoning, a command and the answer: the command stays in history", async () => {
    const s = await runEverywhere(() => [
      reasonThenExec("**Looking** at files", "echo listed; exit 3", "call_cmd"),
      reply.message("it failed with 3"),
    ]);
    expect(s.live.map((i) => i.type)).toEqual([
      "userMessage",
      "reasoning",
      "commandExecution",
      "agentMessage",
    ]);
    // turn/completed carries the turn's items; thread/read after a restart gives the very same ones.
    expect(s.turnItems).toEqual(s.live);
    expect(s.read).toEqual(s.live);
    const [user, reasoning, command, answer] = s.live as [Json, Json, Json, Json];
    expect(user).toMatchObject({ content: [{ type: "text", text: "go" }] });
    expect(reasoning).toMatchObject({ summary: ["**Looking** at files"], content: [] });
    expect(command).toMatchObject({
      id: "call_cmd",
      command: "bash -lc 'echo listed; exit 3'",
      status: "failed",
      exitCode: 3,
      aggregatedOutput: "listed\n",
    });
    expect(command.durationMs).toEqual(expect.any(Number));
    expect(answer).toMatchObject({ text: "it failed with 3" });
    expect(s.reasoningParts).toEqual([expect.objectContaining({ itemId: reasoning.id, summaryIndex: 0 })]);
    expect(s.readTurn).toMatchObject({
      status: "completed",
      itemsView: "full",
      startedAt: expect.any(Number),
    });
    expect(s.readTurn.durationMs).toEqual(expect.any(Number));

    // exec --json shows the same items in its own shape.
    expect(s.exec.map((i) => i.type)).toEqual(["reasoning", "command_execution", "agent_message"]);
    expect(s.exec[0]).toMatchObject({ text: "**Looking** at files" });
    expect(s.exec[1]).toMatchObject({
      command: command.command,
      exit_code: 3,
      aggregated_output: "listed\n",
      status: "failed",
    });
    expect(s.exec[2]).toMatchObject({ text: answer.text });
  });

  it("a file change: the same item live, in turn/completed and after a restart", async () => {
    const s = await runEverywhere(
      () => [
        reply.shell(["bash", "-lc", `apply_patch <<'EOF'\n${PATCH}\nEOF\n`], { callId: "call_patch" }),
        reply.message("added"),
      ],
      { prepare: (cwd) => rmSync(join(cwd, "notes.txt"), { force: true }) },
    );
    const change = s.live.find((i) => i.type === "fileChange");
    expect(change).toMatchObject({
      id: "call_patch",
      status: "completed",
      changes: [{ path: expect.stringMatching(/notes\.txt$/), kind: { type: "add" }, diff: "hello\n" }],
    });
    expect(s.turnItems).toEqual(s.live);
    expect(s.read).toEqual(s.live);
    const execChange = s.exec.find((i) => i.type === "file_change");
    expect(execChange).toMatchObject({ status: "completed", changes: [{ kind: "add" }] });
  });

  it("an image the model looked at", async () => {
    const s = await runEverywhere(
      () => [reply.functionCall("view_image", { path: "pic.png" }, "call_img"), reply.message("seen")],
      { prepare: (cwd) => writeFileSync(join(cwd, "pic.png"), Buffer.from("89504e470d0a1a0a0000", "hex")) },
    );
    expect(s.live.find((i) => i.type === "imageView")).toMatchObject({ id: "call_img" });
    expect(s.read).toEqual(s.live);
    expect(s.turnItems).toEqual(s.live);
  });

  it("a web search and a failed tool call: the same items live and after a restart", async () => {
    const s = await runEverywhere(() => [
      {
        events: [
          sse.created(),
          {
            type: "response.output_item.added",
            item: { type: "web_search_call", id: "ws_1", status: "in_progress" },
          },
          {
            type: "response.output_item.done",
            item: {
              type: "web_search_call",
              id: "ws_1",
              status: "completed",
              action: { type: "open_page", url: "https://example.com/notes" },
            },
          },
          sse.customToolCall("apply_patch", BAD_PATCH, "call_bad"),
          sse.completed(),
        ],
      },
      reply.message("could not edit"),
    ]);
    expect(s.live.map((i) => i.type)).toEqual([
      "userMessage",
      "webSearch",
      "dynamicToolCall",
      "agentMessage",
    ]);
    expect(s.live[1]).toMatchObject({
      type: "webSearch",
      id: "ws_1",
      query: "https://example.com/notes",
      action: { type: "openPage", url: "https://example.com/notes" },
    });
    expect(s.live[2]).toMatchObject({
      id: "call_bad",
      namespace: null,
      tool: "apply_patch",
      status: "failed",
      success: false,
      contentItems: [{ type: "inputText", text: expect.stringMatching(/^apply_patch verification failed/) }],
    });
    expect(s.turnItems).toEqual(s.live);
    expect(s.read).toEqual(s.live);
    expect(s.exec.map((i) => i.type)).toEqual(["web_search", "error", "agent_message"]);
    expect(s.exec[0]).toMatchObject({ query: "https://example.com/notes" });
    expect(s.exec[1]).toMatchObject({
      message: expect.stringMatching(/^apply_patch: apply_patch verification/),
    });
  });

  it("rollouts keep every completed item, in the engine's own shape", async () => {
    const { home, model } = await app.startModel();
    model.push(reasonThenExec("thinking", "echo hi", "call_r"), reply.message("ok"));
    const res = await runCli(["exec", "--json", "--skip-git-repo-check", "go"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const threadId = (jsonLines(res.stdout)[0] as Json).thread_id as string;
    const sessions = join(String(home.env.CODEX_HOME), "sessions");
    const file = readdirSync(sessions, { recursive: true }).find((f) => String(f).includes(threadId));
    expect(file).toBeDefined();
    const lines = readFileSync(join(sessions, String(file)), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const completed = lines
      .filter((l) => l.type === "event_msg" && (l.payload as Json).type === "item_completed")
      .map((l) => l.payload as Json);
    expect(completed.map((p) => (p.item as Json).type)).toEqual([
      "userMessage",
      "reasoning",
      "commandExecution",
      "agentMessage",
    ]);
    for (const p of completed) {
      expect(p.started_at_ms).toEqual(expect.any(Number));
      expect(p.completed_at_ms).toBeGreaterThanOrEqual(p.started_at_ms as number);
    }
    expect(completed[2]?.item).toMatchObject({
      id: "call_r",
      command: ["bash", "-lc", "echo hi"],
      status: "completed",
      exit_code: 0,
      aggregated_output: "hi\n",
    });
  });

  it("a known model event that fails validation is skipped with a warning naming it; the turn goes on", async () => {
    const { home, model } = await app.startModel();
    model.push({
      events: [
        sse.created(),
        { type: "response.output_text.delta" },
        ...sse.message("still here"),
        sse.completed(),
      ],
    });
    const res = await runCli(["exec", "--json", "--skip-git-repo-check", "go"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const items = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed")
      .map((e) => e.item as Json);
    expect(items).toEqual([
      {
        id: "item_0",
        type: "error",
        message: expect.stringMatching(
          /^skipped an invalid response\.output_text\.delta event from the model: delta/,
        ),
      },
      { id: "item_1", type: "agent_message", text: "still here" },
    ]);
  });
});
