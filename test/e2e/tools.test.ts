// Tools through the real binary, with the default command tools (exec_command, write_stdin): a multi-step
// task in a scratch repository under the sandbox, and the user-facing `apply-patch` command.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

const PATCH = [
  "*** Begin Patch",
  "*** Update File: src/math.js",
  "@@",
  "-export const add = (a, b) => a - b;",
  "+export const add = (a, b) => a + b;",
  "*** Update File: README.md",
  " # demo",
  "+Adds numbers correctly.",
  "*** Add File: test.sh",
  "+set -e",
  '+node -e \'import("./src/math.js").then(m => { if (m.add(2, 3) !== 5) process.exit(1); console.log("tests pass") })\'',
  "*** End Patch",
].join("\n");

function scratchRepo(cwd: string): void {
  execFileSync("git", ["init", "-q"], { cwd });
  execFileSync("mkdir", ["-p", "src"], { cwd });
  writeFileSync(join(cwd, "src/math.js"), "export const add = (a, b) => a - b;\n");
  writeFileSync(join(cwd, "README.md"), "# demo\n");
  writeFileSync(join(cwd, "package.json"), '{"type":"module"}\n');
}

describe("a multi-step task in a scratch repository (workspace-write sandbox)", () => {
  it("lists files, patches two and adds one, runs the tests, reports", async () => {
    model = await startFakeModel({
      replies: [
        reply.exec("ls"),
        { events: [sse.created(), sse.customToolCall("apply_patch", PATCH), sse.completed()] },
        reply.exec("bash test.sh"),
        reply.message("Fixed add(); tests pass."),
      ],
    });
    const home = makeHome(model.url, "", { git: false, shellTool: "default" });
    scratchRepo(home.cwd);
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "fix add"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    const completed = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed")
      .map((e) => e.item as Record<string, unknown>);
    expect(completed.map((i) => i.type)).toEqual([
      "command_execution",
      "file_change",
      "command_execution",
      "agent_message",
    ]);
    expect(completed[0]).toMatchObject({ command: "bash -lc ls", exit_code: 0, status: "completed" });
    expect(String(completed[0]?.aggregated_output)).toContain("README.md");
    expect(completed[1]).toMatchObject({
      status: "completed",
      changes: [
        { path: join(home.cwd, "src/math.js"), kind: "update" },
        { path: join(home.cwd, "README.md"), kind: "update" },
        { path: join(home.cwd, "test.sh"), kind: "add" },
      ],
    });
    expect(completed[2]).toMatchObject({
      command: "bash -lc 'bash test.sh'",
      exit_code: 0,
      aggregated_output: "tests pass\n",
    });
    expect(readFileSync(join(home.cwd, "src/math.js"), "utf8")).toBe("export const add = (a, b) => a + b;\n");
    expect(readFileSync(join(home.cwd, "README.md"), "utf8")).toBe("# demo\nAdds numbers correctly.\n");
    // The model read the patch result and the test output.
    const outputs = model.requests
      .flatMap((r) => r.body.input ?? [])
      .filter((i) => i.type === "custom_tool_call_output");
    expect(outputs[0]?.output).toBe(
      "Success. Updated the following files:\nA test.sh\nM src/math.js\nM README.md",
    );
    // The freeform tool was offered with its grammar.
    const tools = model.requests[0]?.body.tools as Array<{
      type: string;
      name: string;
      format?: { syntax: string };
    }>;
    expect(tools.find((t) => t.name === "apply_patch")).toMatchObject({
      type: "custom",
      format: { syntax: "lark" },
    });
  });

  it("a command writing outside the workspace is denied by the sandbox, and the model is told", async () => {
    model = await startFakeModel({
      replies: [reply.exec("echo pwned > /etc/codex-ts-escape-test"), reply.message("could not")],
    });
    const home = makeHome(model.url, "", { shellTool: "default" });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "escape"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const cmd = jsonLines(res.stdout).find(
      (e) => e.type === "item.completed" && (e.item as { type: string }).type === "command_execution",
    );
    expect(cmd).toMatchObject({ item: { status: "failed" } });
    expect(String((cmd?.item as { aggregated_output: string }).aggregated_output)).toMatch(
      /Read-only file system|Permission denied/,
    );
    expect(() => readFileSync("/etc/codex-ts-escape-test")).toThrow();
  });

  it("a workdir outside the workspace does not become writable (exec_command and shell)", async () => {
    // Not under /tmp ($TMPDIR and /tmp are writable roots of workspace-write).
    const outside = mkdtempSync("/var/tmp/codex-ts-outside-");
    // Outside the run's temp folder: removed here, passed or not.
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    for (const shellTool of ["default", "shell"] as const) {
      model = await startFakeModel({
        replies: [
          shellTool === "default"
            ? reply.exec("touch planted.txt", { workdir: outside })
            : reply.shell(["bash", "-lc", "touch planted.txt"], { workdir: outside }),
          reply.message("could not"),
        ],
      });
      const home = makeHome(model.url, "", { shellTool });
      const res = await runCli(["exec", "--json", "-s", "workspace-write", "plant"], {
        env: home.env,
        cwd: home.cwd,
      });
      expect(res.code).toBe(0);
      const cmd = jsonLines(res.stdout).find(
        (e) => e.type === "item.completed" && (e.item as { type: string }).type === "command_execution",
      );
      expect(String((cmd?.item as { aggregated_output: string }).aggregated_output), shellTool).toMatch(
        /Read-only file system|Permission denied/,
      );
      expect(existsSync(join(outside, "planted.txt")), shellTool).toBe(false);
      expect(model.errors).toEqual([]);
      await model.close();
    }
    model = undefined;
  });

  it("a patch whose context does not match changes nothing and tells the model why", async () => {
    const bad = ["*** Begin Patch", "*** Update File: a.txt", "@@", "-not there", "+x", "*** End Patch"].join(
      "\n",
    );
    model = await startFakeModel({
      replies: [
        { events: [sse.created(), sse.customToolCall("apply_patch", bad), sse.completed()] },
        reply.message("ok"),
      ],
    });
    const home = makeHome(model.url);
    writeFileSync(join(home.cwd, "a.txt"), "hello\n");
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "edit"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const output = model.requests[1]?.body.input?.find((i) => i.type === "custom_tool_call_output") as {
      output: string;
    };
    expect(output.output).toMatch(
      /^apply_patch verification failed: Failed to find expected lines in a\.txt:\nnot there/,
    );
    expect(readFileSync(join(home.cwd, "a.txt"), "utf8")).toBe("hello\n");
  });
});

describe("codex-ts apply-patch", () => {
  it("applies a patch from stdin and reports the files", async () => {
    const home = makeHome("http://unused.invalid/v1", "", { git: false });
    scratchRepo(home.cwd);
    const res = await runCli(["apply-patch"], { env: home.env, cwd: home.cwd, stdin: PATCH });
    expect(res).toMatchObject({
      code: 0,
      stdout: "Success. Updated the following files:\nA test.sh\nM src/math.js\nM README.md\n",
    });
    const again = await runCli(["apply-patch"], { env: home.env, cwd: home.cwd, stdin: PATCH });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Failed to find expected lines in src\/math\.js[\s\S]*No file was changed/);
  });
});

describe("exec_command and write_stdin (the default command tools)", () => {
  it("runs in the sandbox, keeps a slow process alive between calls, and reports it as one item", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall(
          "exec_command",
          { cmd: "sleep 0.5; echo done; exit 3", yield_time_ms: 250 },
          "call_a",
        ),
        (request) => {
          const output = String(
            request.body.input?.find((i) => i.call_id === "call_a" && i.type === "function_call_output")
              ?.output,
          );
          const session = /Process running with session ID (\d+)/.exec(output)?.[1];
          return reply.functionCall(
            "write_stdin",
            { session_id: Number(session), yield_time_ms: 5000 },
            "call_b",
          );
        },
        reply.message("finished"),
      ],
    });
    const home = makeHome(model.url, "", { shellTool: "default" });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "run"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    const tools = (model.requests[0]?.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(tools).toContain("exec_command");
    expect(tools).not.toContain("shell");
    const first = String(
      model.requests[1]?.body.input?.find((i) => i.call_id === "call_a" && i.type === "function_call_output")
        ?.output,
    );
    expect(first).toMatch(
      /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess running with session ID \d+\n/,
    );
    const second = String(
      model.requests[2]?.body.input?.find((i) => i.call_id === "call_b" && i.type === "function_call_output")
        ?.output,
    );
    expect(second).toMatch(/Process exited with code 3\n[\s\S]*Output:\ndone\n/);
    const items = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed")
      .map((e) => e.item as Record<string, unknown>);
    expect(items[0]).toMatchObject({
      type: "command_execution",
      command: "bash -lc 'sleep 0.5; echo done; exit 3'",
      exit_code: 3,
      status: "failed",
    });
    expect(String(items[0]?.aggregated_output)).toContain("done");
  });
});
