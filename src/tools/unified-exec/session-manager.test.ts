import { realpathSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ExecEventRelay } from "./event-relay.js";
import { collectUntil } from "../../../test/support/unified-exec.js";
import {
  clampYieldTime,
  UnifiedExecManager,
  type SpawnRequest,
  type UnifiedExecManagerOptions,
} from "./session-manager.js";
import { scratchDir } from "../../../test/support/scratch.js";

const cwd = realpathSync(scratchDir("unified-exec-"));
const managers: UnifiedExecManager[] = [];
function manager(options?: UnifiedExecManagerOptions): UnifiedExecManager {
  const created = new UnifiedExecManager(options);
  managers.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});

// `-c` rather than a login shell: the same code path, without the profile scripts' start-up time.
const run = (m: UnifiedExecManager, cmd: string, extra: { tty?: boolean; login?: boolean } = {}) =>
  m.start({ cmd, cwd, env: process.env, login: false, ...extra });

describe("UnifiedExecManager: commands that finish", () => {
  it("returns the output and exit code of a quick command, then forgets the session", async () => {
    const m = manager();
    const { sessionId, command } = await run(m, "echo hello; pwd");
    expect(command).toEqual(["bash", "-c", "echo hello; pwd"]);
    const result = await m.collect(sessionId, { yieldTimeMs: 10_000 });
    expect(result.output).toBe(`hello\n${cwd}\n`);
    expect(result.exit).toMatchObject({ exitCode: 0, killed: false, stdout: `hello\n${cwd}\n`, stderr: "" });
    expect(result.originalTokenCount).toBe(Math.ceil(result.output.length / 4));
    expect(m.has(sessionId)).toBe(false);
    await expect(m.collect(sessionId)).rejects.toThrow(`unknown session id ${sessionId}; it may have exited`);
  });

  it("reports a failing command's code with stdout and stderr interleaved", async () => {
    const m = manager();
    const { sessionId } = await run(m, "echo hi; ls /nonexistent-path-for-test; exit 3");
    const result = await m.collect(sessionId);
    expect(result.exit?.exitCode).toBe(3);
    expect(result.output).toMatch(/^hi\nls: .*nonexistent-path-for-test.*\n$/);
    expect(result.exit?.stderr).toContain("nonexistent-path-for-test");
  });

  it("runs a login shell by default and honours another shell", async () => {
    const m = manager();
    const login = await m.start({ cmd: "shopt -q login_shell && echo login", cwd, env: process.env });
    expect(login.command).toEqual(["bash", "-lc", "shopt -q login_shell && echo login"]);
    // Whatever the user's profile prints comes first.
    expect((await m.collect(login.sessionId)).output).toMatch(/(^|\n)login\n$/);
    const sh = await m.start({ cmd: "echo $0", cwd, env: process.env, shell: "sh", login: false });
    expect(sh.command).toEqual(["sh", "-c", "echo $0"]);
    expect((await m.collect(sh.sessionId)).output).toBe("sh\n");
  });

  it("sets a model-friendly environment (no pager, no colours)", async () => {
    const m = manager();
    const { sessionId } = await run(m, 'echo "$PAGER $GIT_PAGER $NO_COLOR $TERM"');
    expect((await m.collect(sessionId)).output).toBe("cat cat 1 dumb\n");
  });

  it("refuses a working directory that does not exist", async () => {
    const m = manager();
    await expect(m.start({ cmd: "true", cwd: join(cwd, "missing"), env: {} })).rejects.toMatchObject({
      code: "bad_workdir",
      message: `working directory does not exist: ${join(cwd, "missing")}`,
    });
  });

  it("reports a shell that cannot be started as exit code 127", async () => {
    const m = manager();
    const { sessionId } = await m.start({ cmd: "true", cwd, env: {}, shell: "/no/such/shell" });
    const result = await m.collect(sessionId);
    expect(result.exit?.exitCode).toBe(127);
    expect(result.output).toContain("failed to start /no/such/shell");
  });

  it("cuts long output to the token budget, keeping head and tail", async () => {
    const m = manager();
    const { sessionId } = await run(m, "seq 1 100000");
    const result = await m.collect(sessionId, { maxOutputTokens: 100 });
    expect(result.output.startsWith("1\n2\n3\n")).toBe(true);
    expect(result.output.endsWith("99999\n100000\n")).toBe(true);
    expect(result.output).toMatch(/\[\.\.\. \d+ tokens \(\d+ bytes\) truncated \.\.\.\]/);
    expect(result.originalTokenCount).toBe(Math.ceil(588_895 / 4));
  });
});

describe("UnifiedExecManager: processes that keep running", () => {
  it("returns a running session after the yield time, then its later output and exit", async () => {
    const m = manager();
    const { sessionId } = await run(m, "echo started; sleep 2; echo done");
    const started = performance.now();
    const first = await m.collect(sessionId, { yieldTimeMs: 250 });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(first.sessionId).toBe(sessionId);
    expect(first.exit).toBeUndefined();
    expect(m.sessionIds).toEqual([sessionId]);

    let output = first.output;
    let exit;
    for (let poll = 0; poll < 10 && !exit; poll++) {
      const next = await m.collect(sessionId, { yieldTimeMs: 5_000 });
      output += next.output;
      exit = next.exit;
    }
    expect(output).toBe("started\ndone\n");
    expect(exit?.exitCode).toBe(0);
    expect(m.has(sessionId)).toBe(false);
  });

  it("clamps the yield time to [250, 30000] ms", () => {
    expect(clampYieldTime(undefined, 10_000)).toBe(10_000);
    expect(clampYieldTime(0, 10_000)).toBe(250);
    expect(clampYieldTime(10, 250)).toBe(250);
    expect(clampYieldTime(120_000, 10_000)).toBe(30_000);
    expect(clampYieldTime(Number.NaN, 500)).toBe(500);
  });

  it("feeds input to a program reading from a pipe", async () => {
    const m = manager();
    const { sessionId } = await run(m, "test -t 0 || echo pipe; read x; echo got:$x");
    expect((await collectUntil(m, sessionId, (out) => out.includes("\n"))).output).toBe("pipe\n");
    m.write(sessionId, "hello\n");
    const result = await m.collect(sessionId, { yieldTimeMs: 5_000 });
    expect(result.output).toBe("got:hello\n");
    expect(result.exit?.exitCode).toBe(0);
  });

  it("closes a pipe's input on Ctrl-D and interrupts on Ctrl-C", async () => {
    const m = manager();
    const cat = await run(m, "cat; echo eof");
    m.write(cat.sessionId, "line\n\u0004");
    expect((await m.collect(cat.sessionId, { yieldTimeMs: 5_000 })).output).toBe("line\neof\n");

    const sleeper = await run(m, "trap 'echo interrupted; exit 130' INT; echo ready; sleep 30 & wait");
    await collectUntil(m, sleeper.sessionId, (out) => out === "ready\n");
    m.write(sleeper.sessionId, "\u0003");
    const result = await m.collect(sleeper.sessionId, { yieldTimeMs: 5_000 });
    expect(result.output).toBe("interrupted\n");
    expect(result.exit?.exitCode).toBe(130);
  });

  it("gives a program a terminal when tty is set, and feeds it input", async () => {
    const m = manager();
    const { sessionId } = await run(m, "test -t 0 && echo tty; read x; echo got:$x", { tty: true });
    expect((await collectUntil(m, sessionId, (out) => out.includes("tty\r\n"))).output).toBe("tty\r\n");
    m.write(sessionId, "hello\n");
    const result = await m.collect(sessionId, { yieldTimeMs: 5_000 });
    // The terminal echoes what was typed, with terminal line endings.
    expect(result.output).toBe("hello\r\ngot:hello\r\n");
    expect(result.exit).toMatchObject({ exitCode: 0, stderr: "" });
  });

  it("interrupts a terminal program with Ctrl-C", async () => {
    const m = manager();
    const { sessionId } = await run(m, "echo ready; sleep 30", { tty: true });
    await collectUntil(m, sessionId, (out) => out.includes("ready"));
    m.write(sessionId, "\u0003");
    const result = await m.collect(sessionId, { yieldTimeMs: 5_000 });
    expect(result.exit?.exitCode).toBe(130);
  });

  it("returns only the output produced since the previous collect", async () => {
    const m = manager();
    const { sessionId } = await run(m, "echo one; read; echo two; read; echo three");
    const ended = (out: string) => out.endsWith("\n");
    expect((await collectUntil(m, sessionId, ended)).output).toBe("one\n");
    m.write(sessionId, "\n");
    expect((await collectUntil(m, sessionId, ended)).output).toBe("two\n");
    m.write(sessionId, "\n");
    expect((await m.collect(sessionId, { yieldTimeMs: 5_000 })).output).toBe("three\n");
  });

  it("rejects writes to an unknown session", () => {
    const m = manager();
    expect(() => m.write(42, "x")).toThrow("unknown session id 42; it may have exited");
  });
});

describe("UnifiedExecManager: the spawn hook", () => {
  it("is asked what to run and its plan is what runs", async () => {
    const requests: SpawnRequest[] = [];
    const m = manager({
      spawnPlan: (request) => {
        requests.push(request);
        return { argv: ["env", "WRAPPED=yes", ...request.argv], env: { ...request.env, EXTRA: "1" } };
      },
    });
    const { sessionId, command } = await m.start({
      cmd: "echo $WRAPPED $EXTRA",
      cwd,
      env: { PATH: process.env.PATH },
      login: false,
      sandboxPermissions: "require_escalated",
      justification: "needs network",
    });
    expect(command).toEqual(["bash", "-c", "echo $WRAPPED $EXTRA"]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      argv: command,
      cwd,
      tty: false,
      sandboxPermissions: "require_escalated",
      justification: "needs network",
    });
    expect(requests[0]?.env).toMatchObject({ PATH: process.env.PATH, PAGER: "cat" });
    expect((await m.collect(sessionId)).output).toBe("yes 1\n");
  });

  it("refuses the command when the hook throws, starting nothing", async () => {
    const m = manager({
      spawnPlan: () => {
        throw new Error("rejected by user");
      },
    });
    await expect(run(m, "echo no")).rejects.toThrow("rejected by user");
    expect(m.sessionIds).toEqual([]);
  });

  it("streams output to the session's relay", async () => {
    const m = manager();
    const relay = new ExecEventRelay("c1", cwd);
    const chunks: string[] = [];
    relay.begin(["bash"], () => undefined);
    relay.attach((msg) => {
      if (msg.type === "exec_command_output_delta") chunks.push(Buffer.from(msg.chunk, "base64").toString());
    });
    const { sessionId } = await m.start({ cmd: "echo streamed", cwd, env: process.env, login: false, relay });
    await m.collect(sessionId);
    expect(chunks.join("")).toBe("streamed\n");
  });
});
