// Codex 0.169's granular approval policy through the app-server: `approvalPolicy: {granular: {...}}` on
// thread/start and turn/start (and `approval_policy = { granular = ... }` in config.toml) asks as on-request
// does, except that a question of a kind whose flag is false is never sent to the client: the request is
// refused and the model reads why. thread/start answers with the policy, its defaulted flags filled in.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import type { AppServerClient } from "../support/app-server-client.js";
import {
  runTurn,
  startThread,
  useAppServer,
  type FakeModel,
  type Json,
} from "../support/app-server-fixture.js";
import { stdioServerToml } from "../support/mcp-config.js";

const app = useAppServer();

function granular(flags: Partial<Record<"sandbox_approval" | "rules" | "mcp_elicitations", boolean>>) {
  return {
    granular: { sandbox_approval: false, rules: false, mcp_elicitations: false, ...flags },
  };
}

const outputOf = (model: FakeModel, callId: string): unknown =>
  model.requests
    .flatMap((r) => (r.body.input ?? []) as Json[])
    .find((i) => i.type === "function_call_output" && i.call_id === callId)?.output;

/** Every request the server sent the client since `from`. */
const serverRequests = (c: AppServerClient, from: number) =>
  c.received.slice(from).filter((m) => m.id !== undefined && typeof m.method === "string");

/** Runs a turn that must ask nothing (a question would hold it until it times out); the requests sent. */
async function turnUnasked(c: AppServerClient, threadId: string, text: string) {
  const from = c.received.length;
  await runTurn(c, threadId, text);
  return serverRequests(c, from);
}

describe("granular approval policy", () => {
  it("sandbox_approval false: an escalation is refused without a question; the response shows the policy", async () => {
    const { home, model, client: c } = await app.start({ home: { shellTool: "default" } });
    const started = await c.call("thread/start", {
      cwd: home.cwd,
      sandbox: "workspace-write",
      approvalPolicy: granular({ rules: true, mcp_elicitations: true }),
    });
    expect(started.approvalPolicy).toEqual({
      granular: {
        sandbox_approval: false,
        rules: true,
        mcp_elicitations: true,
        skill_approval: false,
        request_permissions: false,
      },
    });
    const threadId = (started.thread as Json).id as string;
    model.push(
      reply.exec("touch /tmp/escalated", { callId: "call_esc", sandbox_permissions: "require_escalated" }),
      reply.message("refused"),
    );
    expect(await turnUnasked(c, threadId, "escalate")).toEqual([]);
    expect(String(outputOf(model, "call_esc"))).toContain(
      "escalation refused: the granular approval policy's sandbox_approval is false",
    );

    // So does thread/start's config map, as config.toml writes it.
    const configured = await c.call("thread/start", {
      cwd: home.cwd,
      config: { approval_policy: granular({ rules: true }) },
    });
    expect(configured.approvalPolicy).toMatchObject(granular({ rules: true }));

    // thread/fork takes one too, and answers with it.
    const forked = await c.call("thread/fork", {
      threadId,
      approvalPolicy: granular({ sandbox_approval: true }),
    });
    expect(forked.approvalPolicy).toEqual({
      granular: {
        sandbox_approval: true,
        rules: false,
        mcp_elicitations: false,
        skill_approval: false,
        request_permissions: false,
      },
    });
  });

  it("sandbox_approval true: the client is asked (turn/start's policy over the thread's)", async () => {
    const { home, model, client: c } = await app.start({ home: { shellTool: "default" } });
    const threadId = await startThread(c, {
      cwd: home.cwd,
      sandbox: "workspace-write",
      approvalPolicy: "never",
    });
    model.push(
      reply.exec("touch /tmp/escalated", { callId: "call_esc", sandbox_permissions: "require_escalated" }),
      reply.message("declined"),
    );
    const from = c.received.length;
    const started = await c.call("turn/start", {
      threadId,
      input: [{ type: "text", text: "escalate" }],
      approvalPolicy: granular({ sandbox_approval: true }),
    });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval", { from });
    c.respond(ask.id!, { decision: "decline" });
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === (started.turn as Json).id, {
      from,
    });
    expect(String(outputOf(model, "call_esc"))).toContain("rejected by user");
  });

  it("rules: a prompt rule is asked when true, refused unasked when false (config.toml's policy)", async () => {
    const toml =
      "approval_policy = { granular = { sandbox_approval = true, rules = false, mcp_elicitations = true } }";
    const { home, model, client: c } = await app.start({ toml, home: { shellTool: "default" } });
    mkdirSync(join(home.codexHome, "rules"));
    writeFileSync(
      join(home.codexHome, "rules", "default.rules"),
      'prefix_rule(pattern = ["touch"], decision = "prompt")\n',
    );
    const threadId = await startThread(c, { cwd: home.cwd, sandbox: "workspace-write" });
    const read = await c.call("config/read", { cwd: home.cwd });
    expect((read.config as Json).approval_policy).toEqual({
      granular: {
        sandbox_approval: true,
        rules: false,
        mcp_elicitations: true,
        skill_approval: false,
        request_permissions: false,
      },
    });

    model.push(reply.exec("touch ruled.txt", { callId: "call_off" }), reply.message("refused"));
    expect(await turnUnasked(c, threadId, "touch it")).toEqual([]);
    expect(String(outputOf(model, "call_off"))).toContain("the granular approval policy's rules is false");

    model.push(reply.exec("touch ruled.txt", { callId: "call_on" }), reply.message("made"));
    const from = c.received.length;
    const started = await c.call("turn/start", {
      threadId,
      input: [{ type: "text", text: "touch it" }],
      approvalPolicy: granular({ rules: true }),
    });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval", { from });
    expect((ask.params as Json).command).toContain("touch ruled.txt");
    c.respond(ask.id!, { decision: "accept" });
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === (started.turn as Json).id, {
      from,
    });
    expect(outputOf(model, "call_on")).toBeDefined();
  });

  it("mcp_elicitations: a destructive MCP tool is asked about when true, declined unasked when false", async () => {
    const { home, model, client: c } = await app.start({ toml: stdioServerToml("local") });
    const threadId = await startThread(c, {
      cwd: home.cwd,
      sandbox: "workspace-write",
      approvalPolicy: granular({ sandbox_approval: true, rules: true }),
    });
    model.push(reply.functionCall("local__add_note", { note: "x" }, "call_off"), reply.message("skipped"));
    expect(await turnUnasked(c, threadId, "note it")).toEqual([]);
    expect(outputOf(model, "call_off")).toBe(
      "the call to add_note (MCP server 'local') needs approval, and the granular approval policy's mcp_elicitations is false",
    );

    model.push(reply.functionCall("local__add_note", { note: "y" }, "call_on"), reply.message("noted"));
    const from = c.received.length;
    const started = await c.call("turn/start", {
      threadId,
      input: [{ type: "text", text: "note it" }],
      approvalPolicy: granular({ mcp_elicitations: true }),
    });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval", { from });
    c.respond(ask.id!, { decision: "accept" });
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === (started.turn as Json).id, {
      from,
    });
    expect(outputOf(model, "call_on")).toBe("noted: y");
  });
});
