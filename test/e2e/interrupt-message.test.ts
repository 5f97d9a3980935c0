// `[agents] interrupt_message`: an interrupted turn leaves a `<turn_aborted>` user message in the history,
// so the next request tells the model the earlier work stopped on purpose (Codex's marker); with the key
// false the turn still ends as interrupted for the client, but the model sees no trace of it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import { scriptByAgent } from "../support/subagents.js";
import {
  runTurn,
  startThread,
  useAppServer,
  type FakeModel,
  type Json,
} from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";

const app = useAppServer();

const MARKER =
  "<turn_aborted>\nThe user interrupted the previous turn on purpose. Any running unified exec processes may " +
  "still be running in the background. If any tools/commands were aborted, they may have partially executed." +
  "\n</turn_aborted>";

function userTexts(input: unknown): string[] {
  return ((input as Json[] | undefined) ?? [])
    .filter((item) => item.type === "message" && item.role === "user")
    .map((item) =>
      ((item.content as Json[]) ?? []).map((c) => (typeof c.text === "string" ? c.text : "")).join(""),
    );
}

/** A turn the model never answers, interrupted once its request is in; then a turn that is answered. */
async function interruptThenAsk(c: AppServerClient, model: FakeModel, threadId: string): Promise<void> {
  model.push(reply.hang());
  const from = c.received.length;
  const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "a long job" }] });
  const turnId = (started.turn as Json).id;
  await model.waitForRequests(1);
  await c.call("turn/interrupt", { threadId, turnId });
  const ended = await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
  expect((ended.turn as Json).status).toBe("interrupted");
  model.push(reply.message("picking up"));
  const next = await runTurn(c, threadId, "go on");
  expect(next.status).toBe("completed");
}

function rolloutLines(path: string): Json[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Json);
}

describe("[agents] interrupt_message", () => {
  it("by default, the request after an interrupt carries the turn_aborted marker, recorded in the rollout", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    await interruptThenAsk(c, model, threadId);

    const texts = userTexts(model.requests[1]?.body.input);
    expect(texts.slice(-3)).toEqual(["a long job", MARKER, "go on"]);

    // In the rollout before the turn's end, so a resumed thread tells the model too.
    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const thread = read.thread as Json;
    const lines = rolloutLines(thread.path as string);
    const markerAt = lines.findIndex(
      (l) => l.type === "response_item" && JSON.stringify(l.payload).includes("<turn_aborted>"),
    );
    const abortedAt = lines.findIndex(
      (l) => l.type === "event_msg" && (l.payload as Json).type === "turn_aborted",
    );
    expect(markerAt).toBeGreaterThan(0);
    expect(abortedAt).toBeGreaterThan(markerAt);
    expect((lines[markerAt]?.payload as Json).role).toBe("user");

    // Context, not something the user said: no turn shows it as a userMessage.
    const shown = (thread.turns as Json[]).flatMap((t) =>
      (t.items as Json[]).filter((i) => i.type === "userMessage"),
    );
    expect(JSON.stringify(shown)).not.toContain("turn_aborted");
    expect(shown).toHaveLength(2);

    // A fresh server resuming the thread sends the marker again.
    const c2 = await app.spawn(home);
    await c2.call("thread/resume", { threadId });
    model.push(reply.message("resumed"));
    await runTurn(c2, threadId, "after resume");
    expect(userTexts(model.requests[2]?.body.input)).toContain(MARKER);
  });

  it("interrupt_message = false: the turn ends as interrupted, and the model is not told", async () => {
    const { home, model, client: c } = await app.start({ toml: "[agents]\ninterrupt_message = false\n" });
    const threadId = await startThread(c, { cwd: home.cwd });
    await interruptThenAsk(c, model, threadId);

    const texts = userTexts(model.requests[1]?.body.input);
    expect(texts.slice(-2)).toEqual(["a long job", "go on"]);
    expect(JSON.stringify(model.requests[1]?.body.input)).not.toContain("turn_aborted");
    const read = await c.call("thread/read", { threadId });
    const lines = rolloutLines((read.thread as Json).path as string);
    expect(lines.some((l) => l.type === "event_msg" && (l.payload as Json).type === "turn_aborted")).toBe(
      true,
    );
    expect(
      lines.some((l) => l.type === "response_item" && JSON.stringify(l.payload).includes("turn_aborted")),
    ).toBe(false);
  });

  it("a fork of a running thread ends that turn as interrupted in the copy, with the marker unless off", async () => {
    for (const off of [false, true]) {
      const {
        home,
        model,
        client: c,
      } = await app.start({
        toml: off ? "[agents]\ninterrupt_message = false\n" : "",
      });
      const threadId = await startThread(c, { cwd: home.cwd });
      model.push(reply.hang());
      const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "a long job" }] });
      await model.waitForRequests(1);

      const fork = (await c.call("thread/fork", { threadId })).thread as Json;
      const turns = fork.turns as Json[];
      expect(turns.map((t) => t.status)).toEqual(["interrupted"]);
      const lines = rolloutLines(fork.path as string);
      const tail = lines.slice(-2).map((l) => [l.type, (l.payload as Json).type, (l.payload as Json).role]);
      expect(tail).toEqual([
        off ? ["event_msg", "item_completed", undefined] : ["response_item", "message", "user"],
        ["event_msg", "turn_aborted", undefined],
      ]);

      // The fork goes on; its model is told (or not) that the copied turn was cut short.
      model.push(reply.message("forked"));
      await runTurn(c, fork.id as string, "go on in the fork");
      const texts = userTexts(model.requests[1]?.body.input);
      if (off) expect(texts.slice(-2)).toEqual(["a long job", "go on in the fork"]);
      else expect(texts.slice(-3)).toEqual(["a long job", MARKER, "go on in the fork"]);
      await c.call("turn/interrupt", { threadId, turnId: (started.turn as Json).id });
    }
  });

  it("a subagent interrupted by its parent's message is told too", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "a long job" }),
        reply.functionCall("subagent_send", { agent_id: 1, message: "change of plan", interrupt: true }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("all done"),
      ],
      1: [reply.hang(), reply.message("changed")],
    });
    const { home, client: c } = await app.start({
      model: { fallback: script.fallback },
      toml: "[subagents]\nenabled = true\n",
    });
    const threadId = await startThread(c, { cwd: home.cwd });
    // The parent's second request (the send) waits for the child to be busy with its first.
    const turn = runTurn(c, threadId, "delegate", { timeoutMs: 30_000 });
    await script.waitForRequests(1, 1);
    expect((await turn).status).toBe("completed");
    const texts = userTexts(script.requestsOf(1)[1]);
    expect(texts.slice(-3)).toEqual(["a long job", MARKER, "change of plan"]);
  });

  it("a value that is not a boolean stops exec with the key named", async () => {
    const { home, model } = await app.startModel({ toml: '[agents]\ninterrupt_message = "no"' });
    const bad = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/config\.toml, line 4: agents\.interrupt_message: /);
    expect(model.requests).toHaveLength(0);
  });
});
