// Threads that last: crash and resume, rollback, fork, archive/unarchive, and the index, through the binary.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { readRollout } from "../../src/rollout/reader.js";
import { replayRollout } from "../../src/rollout/replay.js";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

function rolloutFiles(home: TestHome, dir = "sessions"): string[] {
  const root = join(home.codexHome, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(root, f));
}

/** User texts the model saw in a request, without injected context. */
function userTexts(input: Array<Record<string, unknown>>): string[] {
  return input
    .filter((i) => i.type === "message" && i.role === "user")
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""))
    .filter((t) => !t.startsWith("<environment_context>") && !t.startsWith("# AGENTS.md"));
}

async function protoSession(home: TestHome, extra: string[] = []) {
  const p = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never", ...extra], {
    env: home.env,
    cwd: home.cwd,
  });
  p.send({ id: "c", op: { type: "configure_session" } });
  const configured = await p.waitFor(is("session_configured"));
  return {
    p,
    threadId: String(msg(configured).session_id),
    rolloutPath: String(msg(configured).rollout_path),
  };
}

async function turn(p: JsonLinesProcess, id: string, text = id): Promise<void> {
  const from = p.received.length;
  p.send({ id, op: { type: "user_turn", items: [{ type: "text", text }] } });
  await p.waitFor(is("task_complete", id), { from });
}

describe("resume after a crash", () => {
  it("kill -9 in the middle of the 3rd turn: resume --last sends turns 1-2 intact", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "echo one"]),
        reply.message("turn one done"),
        reply.message("turn two done"),
        reply.slow("a slow partial answer that never finishes", 300),
      ],
    });
    const home = makeHome(model.url);
    const session = await protoSession(home);
    proto = session.p;
    await turn(proto, "t1", "first task");
    await turn(proto, "t2", "second task");
    proto.send({ id: "t3", op: { type: "user_turn", items: [{ type: "text", text: "third task" }] } });
    await proto.waitFor(is("agent_message_content_delta", "t3"));
    proto.child.kill("SIGKILL");
    await proto.exited;
    proto = undefined;

    const res = await runCli(["exec", "resume", "--last", "--json", "continue"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    expect(jsonLines(res.stdout)[0]).toEqual({ type: "thread.started", thread_id: session.threadId });
    const input = model.requests.at(-1)?.body.input ?? [];
    expect(userTexts(input)).toEqual(["first task", "second task", "third task", "continue"]);
    const calls = input.filter((i) => i.type === "function_call");
    const outputs = input.filter((i) => i.type === "function_call_output");
    expect(calls).toHaveLength(1);
    expect(String(outputs[0]?.output)).toContain("one");
    const assistant = input
      .filter((i) => i.type === "message" && i.role === "assistant")
      .map((i) => JSON.stringify(i.content));
    expect(assistant.join()).toContain("turn one done");
    expect(assistant.join()).toContain("turn two done");
    expect(assistant.join()).not.toContain("slow partial");
    // Every line but possibly the last is whole JSON; the reader reports at most that one.
    const lines = readFileSync(session.rolloutPath, "utf8").split("\n").filter(Boolean);
    for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const parsed = await readRollout(session.rolloutPath);
    expect(parsed.warnings.length).toBeLessThanOrEqual(1);
  });
});

describe("resume after a crash mid tool call", () => {
  it("a call cut off by kill -9 gets an aborted output, so the resumed thread's next request is valid", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "sleep 30"], { timeout_ms: 60_000 }),
        reply.message("resumed fine"),
      ],
    });
    const home = makeHome(model.url);
    const session = await protoSession(home);
    proto = session.p;
    proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "wait a while" }] } });
    await proto.waitFor(is("exec_command_begin", "t1"));
    proto.child.kill("SIGKILL");
    await proto.exited;
    proto = undefined;

    const res = await runCli(["exec", "resume", "--last", "--json", "go on"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/No tool output|Error/);
    expect(res.code).toBe(0);
    const input = model.requests.at(-1)?.body.input ?? [];
    const call = input.find((i) => i.type === "function_call");
    const output = input.find((i) => i.type === "function_call_output");
    expect(output).toMatchObject({ call_id: call?.call_id, output: expect.stringContaining("aborted") });
    expect(userTexts(input)).toEqual(["wait a while", "go on"]);
    // The fake model, like the API, refuses a call without its output: none was refused.
    expect(model.errors).toEqual([]);
  });
});

describe("rollback", () => {
  it("5 turns, rollback 2: the next request and a resumed thread have turns 1-3; 99 clears all", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const session = await protoSession(home);
    proto = session.p;
    for (const id of ["t1", "t2", "t3", "t4", "t5"]) await turn(proto, id);
    proto.send({ id: "rb", op: { type: "thread_rollback", num_turns: 2 } });
    expect(msg(await proto.waitFor(is("thread_rolled_back", "rb")))).toEqual({
      type: "thread_rolled_back",
      num_turns: 2,
    });
    await proto.close();
    proto = undefined;

    const replayed = replayRollout((await readRollout(session.rolloutPath)).lines);
    expect(replayed.turns.map((t) => t.userMessage)).toEqual(["t1", "t2", "t3"]);
    const res = await runCli(["exec", "resume", session.threadId, "--json", "after"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    expect(userTexts(model.requests.at(-1)?.body.input ?? [])).toEqual(["t1", "t2", "t3", "after"]);

    // Resumed through proto: roll back more turns than there are, then a turn starts from scratch.
    const p = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto = p;
    p.send({ id: "c", op: { type: "configure_session", resume_path: session.rolloutPath } });
    expect(msg(await p.waitFor(is("session_configured"))).session_id).toBe(session.threadId);
    p.send({ id: "rb2", op: { type: "thread_rollback", num_turns: 99 } });
    await p.waitFor(is("thread_rolled_back", "rb2"));
    await turn(p, "fresh");
    expect(userTexts(model.requests.at(-1)?.body.input ?? [])).toEqual(["fresh"]);
    expect(lastUserText(model.requests.at(-1)?.body.input ?? [])).toBe("fresh");
  });

  it("a rollback while a turn runs is rejected", async () => {
    model = await startFakeModel({
      replies: [reply.slow("slowly streaming a long answer for the test", 200)],
    });
    const home = makeHome(model.url);
    const session = await protoSession(home);
    proto = session.p;
    proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "go" }] } });
    await proto.waitFor(is("task_started", "t1"));
    proto.send({ id: "rb", op: { type: "thread_rollback", num_turns: 1 } });
    const err = await proto.waitFor(is("error", "rb"));
    expect(msg(err)).toMatchObject({
      message: "cannot roll back: a turn is running",
      codex_error_info: "thread_rollback_failed",
    });
    await proto.waitFor(is("task_complete", "t1"));
  });
});

describe("fork", () => {
  it("fork from turn 2 of 4: the child's first request has turns 1-2; the parent is untouched", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const session = await protoSession(home);
    proto = session.p;
    for (const id of ["t1", "t2", "t3", "t4"]) await turn(proto, id);
    await proto.close();
    proto = undefined;
    const parentBytes = readFileSync(session.rolloutPath);

    const fork = await runCli(["fork", session.threadId, "--turn", "2"], { env: home.env, cwd: home.cwd });
    expect(fork.code).toBe(0);
    const childId = fork.stdout.trim();
    expect(childId).toMatch(/^[0-9a-f-]{36}$/);
    expect(childId).not.toBe(session.threadId);
    const res = await runCli(["exec", "resume", childId, "--json", "in the fork"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    expect(userTexts(model.requests.at(-1)?.body.input ?? [])).toEqual(["t1", "t2", "in the fork"]);
    expect(readFileSync(session.rolloutPath).equals(parentBytes)).toBe(true);
    const child = rolloutFiles(home).find((f) => f.includes(childId)) ?? "";
    expect((await readRollout(child)).meta?.forked_from_id).toBe(session.threadId);
  });
});

describe("archive and unarchive", () => {
  it("archive then unarchive restores the exact file at its dated path; bad ids get clear errors", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "to archive"], { env: home.env, cwd: home.cwd });
    const id = String(jsonLines(res.stdout)[0]?.thread_id);
    const [path] = rolloutFiles(home);
    const bytes = readFileSync(path ?? "");

    expect(await runCli(["archive", id], { env: home.env, cwd: home.cwd })).toMatchObject({ code: 0 });
    expect(existsSync(path ?? "")).toBe(false);
    expect(rolloutFiles(home, "archived_sessions")).toHaveLength(1);
    const archived = JSON.parse(
      (await runCli(["sessions", "--archived", "--json"], { env: home.env, cwd: home.cwd })).stdout,
    ) as { items: Array<{ id: string }> };
    expect(archived.items.map((i) => i.id)).toEqual([id]);
    const resumeArchived = await runCli(["exec", "resume", id, "x"], { env: home.env, cwd: home.cwd });
    expect(resumeArchived.stderr).toContain(`thread ${id} is archived`);

    expect(await runCli(["unarchive", id], { env: home.env, cwd: home.cwd })).toMatchObject({ code: 0 });
    expect(readFileSync(path ?? "").equals(bytes)).toBe(true);

    const unknown = await runCli(["unarchive", "01a20000-0000-7000-8000-000000000000"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Error: .*01a20000-0000-7000-8000-000000000000/);
    const notArchived = await runCli(["unarchive", id], { env: home.env, cwd: home.cwd });
    expect(notArchived.code).toBe(1);
    expect(notArchived.stderr).toMatch(/not archived/);
    const garbage = await runCli(["archive", "not-a-uuid"], { env: home.env, cwd: home.cwd });
    expect(garbage.code).toBe(1);
  });
});

describe("the index", () => {
  it("is rebuilt from the files, and a damaged file is listed with its problem", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    for (const prompt of ["alpha task", "beta task", "gamma task"]) {
      expect((await runCli(["exec", prompt], { env: home.env, cwd: home.cwd })).code).toBe(0);
    }
    const list = async () =>
      JSON.parse((await runCli(["sessions", "--json"], { env: home.env, cwd: home.cwd })).stdout) as {
        items: Array<{ id: string; preview: string; problem: string | null }>;
      };
    const before = await list();
    expect(before.items.map((i) => i.preview)).toEqual(["gamma task", "beta task", "alpha task"]);
    rmSync(join(home.codexHome, "threads.sqlite"));
    expect((await list()).items.map((i) => [i.id, i.preview])).toEqual(
      before.items.map((i) => [i.id, i.preview]),
    );
    const search = JSON.parse(
      (await runCli(["sessions", "--json", "--search", "BETA"], { env: home.env, cwd: home.cwd })).stdout,
    ) as { items: Array<{ preview: string }> };
    expect(search.items.map((i) => i.preview)).toEqual(["beta task"]);

    // Damage a middle line of the first thread.
    const target = before.items[2]?.id ?? "";
    const file = rolloutFiles(home).find((f) => f.includes(target)) ?? "";
    const lines = readFileSync(file, "utf8").split("\n");
    lines[lines.length - 4] = '{"timestamp": "broken';
    writeFileSync(file, lines.join("\n"));
    expect((await list()).items).toHaveLength(3);
    const resumed = await runCli(["exec", "resume", target, "--json", "still there?"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(resumed.code).toBe(0);
    expect(
      jsonLines(resumed.stdout).find(
        (e) => e.type === "item.completed" && (e.item as { type: string }).type === "error",
      ),
    ).toBeDefined();
    const after = await list();
    expect(after.items.find((i) => i.id === target)?.problem).toMatch(/damaged line/);
    expect(after.items.filter((i) => i.id !== target).every((i) => i.problem === null)).toBe(true);
  });
});

describe("compatibility with the real Codex", () => {
  it("resumes a rollout written by codex-cli 0.169 with its history intact", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const id = "01a2022c-4e14-7020-81d0-da7c0d084d6f";
    const dir = join(home.codexHome, "sessions", "2026", "11", "22");
    const fixture = readFileSync(join(import.meta.dirname, "../fixtures/rollouts/real-codex-0.169.jsonl"));
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `rollout-2026-11-22T07-33-07-${id}.jsonl`);
    writeFileSync(path, fixture);
    const res = await runCli(["exec", "resume", id, "--json", "--skip-git-repo-check", "and now?"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    const input = model.requests.at(-1)?.body.input ?? [];
    expect(userTexts(input)).toEqual(["say hi", "and now?"]);
    expect(input.filter((i) => i.type === "function_call").map((i) => i.name)).toEqual(["shell"]);
    expect(input.filter((i) => i.type === "function_call_output").map((i) => i.output)).toEqual([
      "unsupported call: shell",
    ]);
    // Our lines were appended to the same file, after the original bytes.
    expect(readFileSync(path).subarray(0, fixture.length).equals(fixture)).toBe(true);
    expect(readFileSync(path).length).toBeGreaterThan(fixture.length);
  });
});
