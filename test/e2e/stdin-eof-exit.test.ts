// Every stdio surface ends promptly once its input closes, also after a turn that ran a `sh -c` script (whose
// approval check parses the script with the bash grammar): an editor or IDE closing the pipe must not wait on
// a process that lingers.
import { describe, expect, it } from "vitest";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { useAcpFixture } from "../support/acp-fixture.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { isEvent } from "../support/proto-events.js";

const FULL = 'approval_policy = "never"\nsandbox_mode = "danger-full-access"';
const SCRIPT = ["sh", "-c", "echo one && echo two | cat"];
/** Generous for a busy machine; an idle one exits in a few tens of milliseconds. */
const EXIT_BOUND_MS = 3_000;

const fx = useAcpFixture();
const app = useAppServer();

/** Ends the process's input and resolves with its exit code and how long it took to exit. */
async function timeExit(child: JsonLinesProcess): Promise<{ code: number | null; ms: number }> {
  const start = Date.now();
  const code = await child.close();
  return { code, ms: Date.now() - start };
}

describe("stdio surfaces exit promptly on stdin EOF after a turn with a shell script", () => {
  const editors: Array<[string, ClientCapabilities]> = [
    ["local commands", { fs: { readTextFile: false, writeTextFile: false }, terminal: false }],
    ["the editor's terminals", { fs: { readTextFile: false, writeTextFile: false }, terminal: true }],
  ];
  for (const [name, capabilities] of editors) {
    it(`acp (${name})`, async () => {
      const { acp, home } = await fx.start(FULL, undefined, capabilities);
      const { sessionId } = await fx.newSession(acp, home.cwd);
      fx.model?.push(reply.shell(SCRIPT, { callId: "call_sh" }), reply.message("done"));
      const result = await acp.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "text", text: "run it" }],
      });
      expect(result.stopReason).toBe("end_turn");
      expect(fx.lastInput()).toContain("two");
      const start = Date.now();
      expect(await acp.close()).toBe(0);
      expect(Date.now() - start).toBeLessThan(EXIT_BOUND_MS);
    });
  }

  it("exec", async () => {
    const model = await startFakeModel({ replies: [reply.shell(SCRIPT), reply.message("done")] });
    try {
      const home = makeHome(model.url, FULL);
      const exec = new JsonLinesProcess(["exec", "--json", "run it"], { env: home.env, cwd: home.cwd });
      exec.child.stdin.end();
      await exec.waitFor((m) => m.type === "turn.completed");
      const start = Date.now();
      expect(await exec.exited).toBe(0);
      expect(Date.now() - start).toBeLessThan(EXIT_BOUND_MS);
      expect(JSON.stringify(model.requests.at(-1)?.body.input)).toContain("two");
      expect(model.errors).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it("mcp-server", async () => {
    const model = await startFakeModel({ replies: [reply.shell(SCRIPT), reply.message("done")] });
    try {
      const home = makeHome(model.url, FULL);
      const server = new JsonLinesProcess(["mcp-server"], { env: home.env, cwd: home.cwd });
      server.send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "e2e", version: "1" },
        },
      });
      await server.waitFor((m) => m.id === 1);
      server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      server.send({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "codex", arguments: { prompt: "run it" } },
      });
      const answer = await server.waitFor((m) => m.id === 2, { timeoutMs: 20_000 });
      expect(JSON.stringify(answer.result)).toContain("done");
      const { code, ms } = await timeExit(server);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(EXIT_BOUND_MS);
      expect(model.errors).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it("proto", async () => {
    const model = await startFakeModel({ replies: [reply.shell(SCRIPT), reply.message("done")] });
    try {
      const home = makeHome(model.url, FULL);
      const proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
      proto.send({ id: "c1", op: { type: "configure_session" } });
      proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "run it" }] } });
      await proto.waitFor(isEvent("task_complete", "t1"), { timeoutMs: 20_000 });
      const { code, ms } = await timeExit(proto);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(EXIT_BOUND_MS);
      expect(JSON.stringify(model.requests.at(-1)?.body.input)).toContain("two");
      expect(model.errors).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it("app-server", async () => {
    const { client, model } = await app.start({ toml: FULL });
    model.push(reply.shell(SCRIPT), reply.message("done"));
    const threadId = await startThread(client, {});
    const turn = await runTurn(client, threadId, "run it");
    expect(turn.status).toBe("completed");
    const start = Date.now();
    await client.close();
    expect(await client.exited).toBe(0);
    expect(Date.now() - start).toBeLessThan(EXIT_BOUND_MS);
  });
});
