// `codex-ts debug app-server send-message-v2`: starts the app-server, runs one turn, prints both directions
// of the conversation; command approvals are accepted.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

/** The messages printed with `direction`, put back together from their prefixed lines. */
function messages(stdout: string, direction: ">" | "<"): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  let block: string[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(`${direction} `)) continue;
    block.push(line.slice(2));
    if (line === `${direction} }`) {
      found.push(JSON.parse(block.join("\n")) as Record<string, unknown>);
      block = [];
    }
  }
  return found;
}

describe("debug app-server send-message-v2", () => {
  it("initializes, starts a thread and a turn, accepts the approval, prints every message", async () => {
    model = await startFakeModel({
      replies: [reply.exec("touch made.txt", { callId: "call_make" }), reply.message("made it")],
    });
    // Every command asks first (untrusted); full access, so the command works once accepted.
    const home = makeHome(model.url, 'approval_policy = "untrusted"\nsandbox_mode = "danger-full-access"', {
      shellTool: "exec_command",
    });
    const res = await runCli(["debug", "app-server", "send-message-v2", "make a file"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(true);

    const sent = messages(res.stdout, ">");
    expect(sent.map((m) => m.method ?? "(answer)")).toEqual([
      "initialize",
      "initialized",
      "thread/start",
      "turn/start",
      "(answer)",
    ]);
    expect(sent[0]).toMatchObject({ params: { clientInfo: { name: "codex-toy-app-server" } } });
    expect(sent[3]).toMatchObject({ params: { input: [{ type: "text", text: "make a file" }] } });
    expect(sent[4]).toMatchObject({ result: { decision: "accept" } });

    const received = messages(res.stdout, "<").map((m) => m.method);
    expect(received).toContain("item/commandExecution/requestApproval");
    expect(received.at(-1)).toBe("turn/completed");
    expect(res.stdout).toMatch(/\[codex-ts app-server exited: exit status: 0\]\n$/);
  });
});
