// Behaviours the differential run against the real Codex 0.169 (scripts/app-server-diff/) found different
// in ways that break a client, each held here through the built `codex-ts app-server`.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();
const b64 = (s: string) => Buffer.from(s).toString("base64");
const text = (p: Json) => Buffer.from(String(p.deltaBase64), "base64").toString();

describe("app-server as the differential run found it", () => {
  it("command/exec: write, resize and terminate sent with the request (before the child runs) reach it", async () => {
    const { client: c } = await app.start();
    const [cat, write, close] = c.requestTogether([
      ["command/exec", { command: ["cat"], processId: "p1", streamStdin: true, streamStdoutStderr: true }],
      ["command/exec/write", { processId: "p1", deltaBase64: b64("hi\n") }],
      ["command/exec/write", { processId: "p1", closeStdin: true }],
    ]) as [number, number, number];
    expect((await c.waitResponse(write)).result).toEqual({});
    expect((await c.waitResponse(close)).result).toEqual({});
    const delta = await c.waitNotification("command/exec/outputDelta", (p) => p.processId === "p1");
    expect(text(delta)).toBe("hi\n");
    expect((await c.waitResponse(cat)).result).toEqual({ exitCode: 0, stdout: "", stderr: "" });

    const [tty, resize, terminate] = c.requestTogether([
      [
        "command/exec",
        { command: ["sleep", "30"], processId: "p2", tty: true, size: { rows: 24, cols: 80 } },
      ],
      ["command/exec/resize", { processId: "p2", size: { rows: 30, cols: 100 } }],
      ["command/exec/terminate", { processId: "p2" }],
    ]) as [number, number, number];
    expect((await c.waitResponse(resize)).result).toEqual({});
    expect((await c.waitResponse(terminate)).result).toEqual({});
    expect(((await c.waitResponse(tty)).result as Json).exitCode).not.toBe(0);
  });

  it("feedback/save writes one zip file, also for a thread with no turn yet or an unknown thread", async () => {
    const { home, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const fresh = join(home.cwd, "fresh.zip");
    expect(await c.call("feedback/save", { classification: "bug", savePath: fresh, threadId })).toEqual({
      threadId,
      promptHash: null,
      savedPath: fresh,
    });
    expect(statSync(fresh).isFile()).toBe(true);
    const first = unzipSync(readFileSync(fresh));
    expect(JSON.parse(Buffer.from(first["feedback.json"]!).toString())).toMatchObject({
      threadId,
      rollout: null,
    });

    await runTurn(c, threadId, "hello");
    const after = join(home.cwd, "after.zip");
    await c.call("feedback/save", { classification: "bug", savePath: after, threadId });
    const second = unzipSync(readFileSync(after));
    expect(Buffer.from(second["rollout.jsonl"]!).toString()).toContain('"session_meta"');

    const unknown = "00000000-0000-0000-0000-000000000000";
    const other = join(home.cwd, "other.zip");
    const saved = await c.call("feedback/save", {
      classification: "bug",
      savePath: other,
      threadId: unknown,
    });
    expect(saved).toMatchObject({ threadId: unknown, savedPath: other });
    expect(Object.keys(unzipSync(readFileSync(other)))).not.toContain("rollout.jsonl");
  });

  it("collaborationMode/list answers the Plan and Default presets, to experimental clients only", async () => {
    const { home } = await app.startModel();
    const plain = await app.spawn(home);
    const refused = await plain.waitResponse(plain.request("collaborationMode/list", {}));
    expect(refused.error).toMatchObject({
      code: -32600,
      message: "collaborationMode/list requires experimentalApi capability",
    });

    const c = await app.spawn(home, { initialize: false });
    await c.call("initialize", {
      clientInfo: { name: "t", title: null, version: "1" },
      capabilities: { experimentalApi: true },
    });
    c.notify("initialized");
    expect(await c.call("collaborationMode/list", {})).toEqual({
      data: [
        { name: "Plan", mode: "plan", model: null, reasoning_effort: "medium" },
        { name: "Default", mode: "default", model: null, reasoning_effort: null },
      ],
    });
  });

  it("threads carry their model, originator and git state; a fork keeps its parent's name; commands say who ran them", async () => {
    const { home, model, client: c } = await app.start({ initialize: "ide" });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: home.cwd })
        .toString()
        .trim();
    git("init", "-q", "-b", "main");
    writeFileSync(join(home.cwd, "a.txt"), "a\n");
    git("add", ".");
    git("commit", "-qm", "init");
    const sha = git("rev-parse", "HEAD");
    const gitInfo = { sha, branch: "main", originUrl: null };

    const started = await c.call("thread/start", { cwd: home.cwd });
    const threadId = (started.thread as Json).id as string;
    const modelName = started.model as string;
    expect(started.thread).toMatchObject({ model: modelName, originator: "ide", gitInfo });
    model.push(reply.shell(["true"]), reply.message("done"));
    const turn = await runTurn(c, threadId, "run it");
    const command = (turn.items as Json[]).find((i) => i.type === "commandExecution");
    expect(command?.source).toBe("agent");

    const read = await c.call("thread/read", { threadId });
    expect(read.thread).toMatchObject({ model: modelName, originator: "ide", gitInfo });
    const listed = ((await c.call("thread/list", {})).data as Json[]).find((t) => t.id === threadId);
    expect(listed).toMatchObject({ model: modelName, originator: "ide", gitInfo });
    expect((listed as Json).cliVersion).toBe((read.thread as Json).cliVersion);
    expect((listed as Json).cliVersion).not.toBe("");

    // A client's patch of the git state shows over the thread's own.
    await c.call("thread/metadata/update", { threadId, gitInfo: { branch: "feature" } });
    expect((await c.call("thread/read", { threadId })).thread).toMatchObject({
      gitInfo: { sha, branch: "feature", originUrl: null },
    });

    await c.call("thread/name/set", { threadId, name: "named" });
    const fork = (await c.call("thread/fork", { threadId })).thread as Json;
    expect(fork).toMatchObject({ name: "named", forkedFromId: threadId });
    const forkListed = ((await c.call("thread/list", {})).data as Json[]).find((t) => t.id === fork.id);
    expect(forkListed).toMatchObject({ name: "named" });
  });

  it("thread/start names the AGENTS.md files loaded for the thread", async () => {
    const { home, client: c } = await app.start();
    expect((await c.call("thread/start", { cwd: home.cwd })).instructionSources).toEqual([]);
    writeFileSync(join(home.cwd, "AGENTS.md"), "Use tabs.\n");
    const started = await c.call("thread/start", { cwd: home.cwd });
    expect(started.instructionSources).toEqual([join(home.cwd, "AGENTS.md")]);
  });

  it("a loaded thread with history but no turn yet shows its engine's model", async () => {
    const { home, client: c } = await app.start();
    const started = await c.call("thread/start", { cwd: home.cwd });
    const threadId = (started.thread as Json).id as string;
    await c.call("thread/inject_items", {
      threadId,
      items: [{ type: "message", role: "user", content: [{ type: "input_text", text: "a note" }] }],
    });
    expect((await c.call("thread/read", { threadId })).thread).toMatchObject({ model: started.model });
  });
});
