// Hooks through the app-server: hooks/list reports each hook's key, hash and trust; trusting is a
// config/batchWrite of the hash (as Codex's clients do); a changed hook is untrusted again; runs arrive as
// hook/started and hook/completed, and a Stop hook's continuation as a hookPrompt item.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { strictProtocolSchema, type AppServerClient } from "../support/app-server-client.js";
import { hookLog, nodeHook, writeHooksJson } from "../support/hooks.js";
import { scriptByAgent } from "../support/subagents.js";

const app = useAppServer();

async function listHooks(c: AppServerClient, cwd: string): Promise<Json[]> {
  const result = await c.call("hooks/list", { cwds: [cwd] });
  const [entry] = result.data as Json[];
  return entry?.hooks as Json[];
}

async function trust(c: AppServerClient, hook: Json): Promise<void> {
  await c.call("config/batchWrite", {
    edits: [
      {
        keyPath: `hooks.state.${JSON.stringify(hook.key)}.trusted_hash`,
        value: hook.currentHash,
        mergeStrategy: "replace",
      },
    ],
  });
}

describe("app-server hooks", () => {
  it("hooks/list reports hash and trust; a trusted hook runs, a changed one is untrusted again", async () => {
    const { home, model } = await app.startModel();
    const log = join(home.codexHome, "prompt.log");
    const command = nodeHook(home.codexHome, "prompt", { log, answer: "Remember the style guide." });
    const file = writeHooksJson(home.codexHome, { UserPromptSubmit: [{ command }] });
    const c = await app.spawn(home);

    const [hook] = await listHooks(c, home.cwd);
    expect(hook).toMatchObject({
      key: `${file}:user_prompt_submit:0:0`,
      eventName: "userPromptSubmit",
      handlerType: "command",
      command,
      matcher: null,
      timeoutSec: 600,
      source: "user",
      sourcePath: file,
      enabled: true,
      isManaged: false,
      currentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      trustStatus: "untrusted",
    });

    // Untrusted: reported, not run.
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("one"));
    const from = c.received.length;
    await runTurn(c, threadId, "first");
    expect(hookLog(log)).toEqual([]);
    const warned = c.received
      .slice(0)
      .filter((m) => m.method === "warning")
      .map((m) => (m.params as Json).message as string);
    expect(warned.some((m) => m.includes("is not trusted and does not run"))).toBe(true);
    expect(c.received.slice(from).some((m) => m.method === "hook/started")).toBe(false);

    await trust(c, hook!);
    expect((await listHooks(c, home.cwd))[0]).toMatchObject({ trustStatus: "trusted" });
    expect(readFileSync(join(home.codexHome, "config.toml"), "utf8")).toContain(String(hook!.currentHash));

    // A new thread picks the trust up: the hook runs and its runs are reported.
    const second = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("two"));
    const before = c.received.length;
    await runTurn(c, second, "second");
    expect(hookLog(log)).toHaveLength(1);
    const started = await c.waitNotification("hook/started", () => true, { from: before });
    expect(started).toMatchObject({
      threadId: second,
      run: { eventName: "userPromptSubmit", status: "running", handlerType: "command", source: "user" },
    });
    const completed = await c.waitNotification("hook/completed", () => true, { from: before });
    expect(completed).toMatchObject({
      threadId: second,
      run: { status: "completed", entries: [{ kind: "context", text: "Remember the style guide." }] },
    });

    // Changing the hook needs trust again.
    const changed = JSON.parse(readFileSync(file, "utf8")) as { hooks: Record<string, Json[]> };
    (changed.hooks.UserPromptSubmit![0]!.hooks as Json[])[0]!.timeout = 5;
    writeFileSync(file, JSON.stringify(changed));
    const [modified] = await listHooks(c, home.cwd);
    expect(modified).toMatchObject({ trustStatus: "modified", timeoutSec: 5 });
    expect(modified!.currentHash).not.toBe(hook!.currentHash);
  });

  it("PreCompact and PostCompact hooks run around thread/compact/start", async () => {
    const { home, model } = await app.startModel();
    const log = join(home.codexHome, "compact.log");
    writeHooksJson(home.codexHome, {
      PreCompact: [{ matcher: "manual", command: nodeHook(home.codexHome, "pre", { log }) }],
      PostCompact: [{ command: nodeHook(home.codexHome, "post", { log }) }],
    });
    const c = await app.spawn(home, { args: ["--dangerously-bypass-hook-trust"] });
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("first"));
    await runTurn(c, threadId, "hello");
    model.push(reply.message("SUMMARY of the work"));
    const from = c.received.length;
    await c.call("thread/compact/start", { threadId });
    await c.waitNotification("turn/completed", () => true, { from });
    expect(hookLog(log).map((e) => [e.hook_event_name, e.trigger])).toEqual([
      ["PreCompact", "manual"],
      ["PostCompact", "manual"],
    ]);
  });

  it("a subagent's session runs SubagentStart and SubagentStop instead of SessionStart and Stop", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "child task", name: "alpha" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("all done"),
      ],
      1: [reply.message("child done")],
    });
    const { home } = await app.startModel({
      model: { fallback: script.fallback },
      toml: "[subagents]\nenabled = true\n",
    });
    const log = join(home.codexHome, "agents.log");
    const record = (name: string, answer?: unknown) =>
      nodeHook(home.codexHome, name, { log, ...(answer !== undefined ? { answer } : {}) });
    writeHooksJson(home.codexHome, {
      SessionStart: [{ command: record("session-start") }],
      SubagentStart: [{ command: record("subagent-start", "You are a helper.") }],
      SubagentStop: [{ command: record("subagent-stop") }],
      Stop: [{ command: record("stop") }],
    });
    const c = await app.spawn(home, { args: ["--dangerously-bypass-hook-trust"] });
    const threadId = await startThread(c, { cwd: home.cwd });
    const turn = await runTurn(c, threadId, "delegate");
    expect(turn.status).toBe("completed");
    const events = hookLog(log).map((e) => e.hook_event_name);
    expect(events.filter((e) => e === "SessionStart")).toHaveLength(1);
    expect(events.filter((e) => e === "SubagentStart")).toHaveLength(1);
    expect(events.filter((e) => e === "SubagentStop")).toHaveLength(1);
    expect(events.filter((e) => e === "Stop")).toHaveLength(1);
    expect(hookLog(log).find((e) => e.hook_event_name === "SubagentStart")).toMatchObject({
      agent_type: "default",
    });
    const child = JSON.stringify(script.requestsOf(1)[0] ?? []);
    expect(child).toContain("You are a helper.");
  });

  it("a Stop hook's continuation is a hookPrompt item of the turn", async () => {
    const { home, model } = await app.startModel();
    const log = join(home.codexHome, "stop.log");
    const command = nodeHook(home.codexHome, "stop", {
      log,
      answer: { decision: "block", reason: "Also update the changelog." },
    });
    writeHooksJson(home.codexHome, { Stop: [{ command }] });
    const c = await app.spawn(home, { args: ["--dangerously-bypass-hook-trust"] });
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("done"), reply.message("changelog updated"));
    const turn = await runTurn(c, threadId, "fix the bug");
    expect(turn.status).toBe("completed");
    const items = turn.items as Json[];
    const prompt = items.find((i) => i.type === "hookPrompt");
    expect(prompt).toMatchObject({
      type: "hookPrompt",
      fragments: [{ hookRunId: expect.any(String), text: "Also update the changelog." }],
    });
    expect(items.filter((i) => i.type === "agentMessage").map((i) => i.text)).toEqual([
      "done",
      "changelog updated",
    ]);
    // The hook runs (null times while running) and the hookPrompt item carry every key Codex sends as null.
    await c.call("thread/read", { threadId, includeTurns: true });
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });
});
