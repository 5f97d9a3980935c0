// `allow_login_shell`: by default exec_command runs `bash -lc` (the profile scripts run) and offers `login`;
// with false it runs `bash -c`, the model is not offered `login`, and a call asking for one is refused with
// the real Codex's words. The profile script in HOME shows which shell ran.
// `background_terminal_max_timeout` caps an empty write_stdin poll.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

type Json = Record<string, unknown>;
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function outputOf(request: { body: Json } | undefined, callId: string): string {
  const input = (request?.body.input ?? []) as Json[];
  const item = input.find((i) => i.type === "function_call_output" && i.call_id === callId);
  return typeof item?.output === "string" ? item.output : JSON.stringify(item?.output);
}

function execTool(request: { body: Json } | undefined): Json | undefined {
  return ((request?.body.tools ?? []) as Json[]).find((t) => t.name === "exec_command");
}

async function runWith(toml: string, calls: ReturnType<typeof reply.exec>[]) {
  model = await startFakeModel({ replies: [...calls, reply.message("done")] });
  const home = makeHome(model.url, toml, { shellTool: "exec_command" });
  writeFileSync(join(dirname(home.codexHome), ".bash_profile"), "echo PROFILE-MARKER\n");
  const run = await runCli(["exec", "run it"], { env: home.env, cwd: home.cwd });
  expect(run.code).toBe(0);
  return model.requests;
}

describe("allow_login_shell", () => {
  it("by default: a login shell, and `login` is offered", async () => {
    const requests = await runWith("", [reply.exec("echo ran", { callId: "c1" })]);
    const properties = (execTool(requests[0])?.parameters as Json).properties as Json;
    expect(properties).toHaveProperty("login");
    const output = outputOf(requests[1], "c1");
    expect(output).toContain("PROFILE-MARKER");
    expect(output).toContain("ran");
  });

  it("false: no login shell, no `login` offered, and a call asking for one is refused", async () => {
    const requests = await runWith("allow_login_shell = false", [
      reply.exec("echo plain", { callId: "c1" }),
      reply.exec("echo never", { callId: "c2", login: true }),
      reply.exec("echo explicit", { callId: "c3", login: false }),
    ]);
    const tool = execTool(requests[0]);
    const parameters = tool?.parameters as Json;
    expect(parameters.properties).not.toHaveProperty("login");
    expect(parameters.additionalProperties).toBe(false);
    const plain = outputOf(requests[1], "c1");
    expect(plain).toContain("plain");
    expect(plain).not.toContain("PROFILE-MARKER");
    expect(outputOf(requests[2], "c2")).toBe(
      "login shell is disabled by config; omit `login` or set it to false.",
    );
    expect(outputOf(requests[3], "c3")).toContain("explicit");
  });
});

describe("background_terminal_max_timeout", () => {
  it("caps how long an empty write_stdin poll waits, and the tool says so", async () => {
    model = await startFakeModel({
      replies: [
        reply.exec("sleep 60", { callId: "start", yield_time_ms: 250 }),
        reply.functionCall("write_stdin", { session_id: 1, yield_time_ms: 120_000 }, "poll"),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url, "background_terminal_max_timeout = 1500", { shellTool: "exec_command" });
    const startedAt = Date.now();
    const run = await runCli(["exec", "wait for it"], { env: home.env, cwd: home.cwd, timeoutMs: 30_000 });
    expect(run.code).toBe(0);
    // The poll asked for two minutes; the config allows 1.5 s.
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    const polled = outputOf(model.requests[2], "poll");
    expect(polled).toContain("Process running with session ID 1");
    const tool = ((model.requests[0]?.body.tools ?? []) as Json[]).find((t) => t.name === "write_stdin");
    const yieldTime = ((tool?.parameters as Json).properties as Json).yield_time_ms as Json;
    expect(yieldTime.description).toContain("empty polls wait 1500-1500 ms");
  });
});
