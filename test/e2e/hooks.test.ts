// Lifecycle hooks through exec: real hook programs (node and sh) from $CODEX_HOME/hooks.json, the fake
// model's recorded requests as the proof of what reached the model.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import { hookLog, nodeHook, shellHook, writeHooksJson } from "../support/hooks.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;
let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

type Json = Record<string, unknown>;
type InputItem = {
  type: string;
  role?: string;
  content?: Array<{ text?: string }>;
  call_id?: string;
  output?: unknown;
};

function texts(input: unknown[], role: string): string[] {
  return (input as InputItem[])
    .filter((i) => i.type === "message" && i.role === role)
    .map((i) => (i.content ?? []).map((c) => c.text ?? "").join(""));
}

function toolOutput(input: unknown[], callId: string): string {
  const out = (input as InputItem[]).find((i) => i.type === "function_call_output" && i.call_id === callId);
  return typeof out?.output === "string" ? out.output : JSON.stringify(out?.output);
}

function exec(home: TestHome, prompt: string, flags: string[] = ["--dangerously-bypass-hook-trust"]) {
  return runCli(["exec", ...flags, prompt], { env: home.env, cwd: home.cwd, timeoutMs: 30_000 });
}

describe("hooks", () => {
  it("a PreToolUse hook denies `rm -rf`: the command does not run and the model reads the reason", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["bash", "-lc", "rm -rf victim"], { callId: "c1" }), reply.message("ok")],
    });
    const home = makeHome(model.url);
    mkdirSync(join(home.cwd, "victim"));
    const log = join(home.codexHome, "pre.log");
    const guard = nodeHook(home.codexHome, "guard", {
      log,
      answer: {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "rm -rf is not allowed here",
        },
      },
    });
    writeHooksJson(home.codexHome, { PreToolUse: [{ matcher: "Bash", command: guard }] });
    const res = await exec(home, "clean up");
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "victim"))).toBe(true);
    expect(toolOutput(model.requests[1]?.body.input ?? [], "c1")).toContain("rm -rf is not allowed here");
    const [event] = hookLog(log);
    expect(event).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf victim" },
      tool_use_id: "c1",
      cwd: home.cwd,
      session_id: expect.any(String),
      transcript_path: expect.stringContaining("rollout-"),
    });
  });

  it("a PreToolUse hook that exits 2 blocks with its stderr as the reason (sh script)", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["touch", "made"], { callId: "c1" }), reply.message("ok")],
    });
    const home = makeHome(model.url);
    const script = shellHook(home.codexHome, "deny", 'cat > /dev/null\necho "no files today" >&2\nexit 2');
    writeHooksJson(home.codexHome, { PreToolUse: [{ matcher: "Bash", command: script }] });
    const res = await exec(home, "make a file");
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "made"))).toBe(false);
    expect(toolOutput(model.requests[1]?.body.input ?? [], "c1")).toBe(
      "Command blocked by PreToolUse hook: no files today",
    );
  });

  it("a UserPromptSubmit hook blocks a prompt holding an API key: nothing reaches the model", async () => {
    model = await startFakeModel({ replies: [reply.message("should not be asked")] });
    const home = makeHome(model.url);
    const script = shellHook(
      home.codexHome,
      "secrets",
      `if grep -q 'sk-[A-Za-z0-9]\\{20,\\}'; then
  echo '{"decision":"block","reason":"the prompt contains an API key"}'
fi`,
    );
    writeHooksJson(home.codexHome, { UserPromptSubmit: [{ command: script }] });
    const res = await exec(home, "use sk-abcdefghijklmnopqrstuvwxyz123456 to call the API");
    expect(res.code, res.stderr).toBe(0);
    expect(model.requests).toHaveLength(0);
    expect(res.stderr).toContain("prompt blocked by a UserPromptSubmit hook: the prompt contains an API key");
  });

  it("UserPromptSubmit additionalContext and SessionStart output reach the model request", async () => {
    model = await startFakeModel({ replies: [reply.message("noted")] });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "events.log");
    const start = nodeHook(home.codexHome, "start", { log, answer: "The build uses pnpm." });
    const prompt = nodeHook(home.codexHome, "prompt", {
      log,
      answer: {
        hookSpecificOutput: {
          hookEventName: "UserPromptSubmit",
          additionalContext: "Ticket ABC-42 is open.",
        },
      },
    });
    writeHooksJson(home.codexHome, {
      SessionStart: [{ matcher: "startup|resume", command: start }],
      UserPromptSubmit: [{ command: prompt }],
    });
    const res = await exec(home, "what now?");
    expect(res.code, res.stderr).toBe(0);
    const developer = texts(model.requests[0]?.body.input ?? [], "developer");
    expect(developer).toContain("The build uses pnpm.");
    expect(developer).toContain("Ticket ABC-42 is open.");
    expect(lastUserText(model.requests[0]?.body.input ?? [])).toBe("what now?");
    const events = hookLog(log);
    expect(events.find((e) => e.hook_event_name === "SessionStart")).toMatchObject({ source: "startup" });
    expect(events.find((e) => e.hook_event_name === "UserPromptSubmit")).toMatchObject({
      prompt: "what now?",
    });
  });

  it("SessionStart matches its source: a `resume` hook runs on exec resume, not on a new session", async () => {
    model = await startFakeModel({ replies: [reply.message("first"), reply.message("second")] });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "resume.log");
    const hook = nodeHook(home.codexHome, "resume", { log, answer: "Welcome back." });
    writeHooksJson(home.codexHome, { SessionStart: [{ matcher: "resume", command: hook }] });
    expect((await exec(home, "one")).code).toBe(0);
    expect(hookLog(log)).toEqual([]);
    const res = await runCli(["exec", "--dangerously-bypass-hook-trust", "resume", "--last", "two"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(hookLog(log)).toMatchObject([{ hook_event_name: "SessionStart", source: "resume" }]);
    expect(texts(model.requests[1]?.body.input ?? [], "developer")).toContain("Welcome back.");
  });

  it("a Stop hook keeps the turn going once, with its reason as the next prompt", async () => {
    model = await startFakeModel({ replies: [reply.message("done"), reply.message("tests pass too")] });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "stop.log");
    const stop = nodeHook(home.codexHome, "stop", {
      log,
      answer: { decision: "block", reason: "Run the tests before you stop." },
    });
    writeHooksJson(home.codexHome, { Stop: [{ command: stop }] });
    const res = await exec(home, "fix it", ["--json", "--dangerously-bypass-hook-trust"]);
    expect(res.code, res.stderr).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("Run the tests before you stop.");
    const events = hookLog(log);
    expect(events.map((e) => e.stop_hook_active)).toEqual([false, true]);
    expect(events[0]).toMatchObject({ hook_event_name: "Stop", last_assistant_message: "done" });
    const completed = jsonLines(res.stdout).find((e) => e.type === "turn.completed");
    expect(completed).toBeDefined();
    expect(res.stdout).toContain("a Stop hook asked to continue again");
  });

  it("a PermissionRequest hook decides an approval exec could not ask about", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["touch", "allowed.txt"], { callId: "c1" }),
        reply.shell(["touch", "denied.txt"], { callId: "c2" }),
        reply.message("ok"),
      ],
    });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "permission.log");
    const judge = shellHook(
      home.codexHome,
      "judge",
      `input=$(cat)
echo "$input" >> ${JSON.stringify(log)}
case "$input" in
  *allowed.txt*) echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}' ;;
  *) echo "not that one" >&2; exit 2 ;;
esac`,
    );
    writeHooksJson(home.codexHome, { PermissionRequest: [{ matcher: "Bash", command: judge }] });
    const res = await exec(home, "make files", ["-a", "untrusted", "--dangerously-bypass-hook-trust"]);
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "allowed.txt"))).toBe(true);
    expect(existsSync(join(home.cwd, "denied.txt"))).toBe(false);
    expect(hookLog(log).map((e) => [e.hook_event_name, e.tool_name, (e.tool_input as Json).command])).toEqual(
      [
        ["PermissionRequest", "Bash", "touch allowed.txt"],
        ["PermissionRequest", "Bash", "touch denied.txt"],
      ],
    );
  });

  it("a PostToolUse hook sees the tool's output and its context reaches the model", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["echo", "hello"], { callId: "c1" }), reply.message("ok")],
    });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "post.log");
    const post = nodeHook(home.codexHome, "post", {
      log,
      answer: { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Output checked." } },
    });
    writeHooksJson(home.codexHome, { PostToolUse: [{ matcher: "Bash", command: post }] });
    const res = await exec(home, "say hello", [
      "-s",
      "danger-full-access",
      "--dangerously-bypass-hook-trust",
    ]);
    expect(res.code, res.stderr).toBe(0);
    const [event] = hookLog(log);
    expect(event).toMatchObject({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_use_id: "c1" });
    expect(JSON.stringify(event?.tool_response)).toContain("hello");
    expect(texts(model.requests[1]?.body.input ?? [], "developer")).toContain("Output checked.");
  });

  it("a hanging hook times out with a warning and the turn completes", async () => {
    model = await startFakeModel({ replies: [reply.message("still here")] });
    const home = makeHome(model.url);
    const hang = shellHook(home.codexHome, "hang", "sleep 60");
    writeHooksJson(home.codexHome, { UserPromptSubmit: [{ command: hang, timeout: 1 }] });
    const started = Date.now();
    const res = await exec(home, "hello");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("still here");
    expect(res.stderr).toMatch(/UserPromptSubmit hook .*timed out after 1s/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("a hook printing garbage or crashing is a warning, never a wedge", async () => {
    model = await startFakeModel({ replies: [reply.message("fine")] });
    const home = makeHome(model.url);
    const garbage = shellHook(home.codexHome, "garbage", 'echo "{not json"');
    const crash = shellHook(home.codexHome, "crash", "echo boom >&2; exit 3");
    writeHooksJson(home.codexHome, { UserPromptSubmit: [{ command: garbage }, { command: crash }] });
    const res = await exec(home, "hi");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("fine");
    expect(res.stderr).toContain("hook printed invalid JSON");
    expect(res.stderr).toContain("hook exited with code 3: boom");
  });

  it("an untrusted hook is reported and does not run; [features] hooks = false turns hooks off", async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b")] });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "untrusted.log");
    writeHooksJson(home.codexHome, {
      UserPromptSubmit: [{ command: nodeHook(home.codexHome, "h", { log }) }],
    });
    const untrusted = await exec(home, "one", []);
    expect(untrusted.code, untrusted.stderr).toBe(0);
    expect(untrusted.stderr).toContain("is not trusted and does not run");
    expect(hookLog(log)).toEqual([]);

    const config = join(home.codexHome, "config.toml");
    writeFileSync(config, `${readFileSync(config, "utf8")}\n[features]\nhooks = false\n`);
    const off = await exec(home, "two");
    expect(off.code, off.stderr).toBe(0);
    expect(hookLog(log)).toEqual([]);
    expect(off.stderr).not.toContain("hook");
  });

  it("project hooks run only when the project is trusted", async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b")] });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "project.log");
    mkdirSync(join(home.cwd, ".codex"));
    writeHooksJson(join(home.cwd, ".codex"), {
      UserPromptSubmit: [{ command: nodeHook(home.codexHome, "p", { log }) }],
    });
    await exec(home, "one");
    expect(hookLog(log)).toEqual([]);
    const config = join(home.codexHome, "config.toml");
    writeFileSync(
      config,
      `${readFileSync(config, "utf8")}\n[projects.${JSON.stringify(home.cwd)}]\ntrust_level = "trusted"\n`,
    );
    const res = await exec(home, "two");
    expect(res.code, res.stderr).toBe(0);
    expect(hookLog(log)).toHaveLength(1);
  });
});
