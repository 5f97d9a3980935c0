// `allow_login_shell`: by default exec_command runs `bash -lc` (the profile scripts run) and offers `login`;
// with false it runs `bash -c`, the model is not offered `login`, and a call asking for one is refused with
// the real Codex's words. The profile script in HOME shows which shell ran.
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
  }, 30_000);

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
  }, 30_000);
});
