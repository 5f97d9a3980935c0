// Approval requests as Codex 0.169 sends them (found by the differential run's approval sessions): the
// command's item starts before its question, the request carries `kind`, the parsed `commandActions`, the
// whole first command as `proposedExecpolicyAmendment` and `availableDecisions`, and no `reason` for a
// question the policy itself asks; `serverRequest/resolved` comes before the thread stops waiting; each
// decision's effect on the item and the turn; an interrupt resolves a question nobody answered. Every
// message is checked against Codex's schema with its nullable keys required.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { strictProtocolSchema, type AppServerClient, type Message } from "../support/app-server-client.js";
import { startThread, useAppServer, type Json, type StartOptions } from "../support/app-server-fixture.js";

const app = useAppServer();
const DEFAULT_TOOLS: StartOptions = { home: { shellTool: "default" } };

/** Index in the transcript of the first message matching. */
function indexOf(c: AppServerClient, pred: (m: Message) => boolean): number {
  return c.received.findIndex(pred);
}

const isItem = (method: string, id: string) => (m: Message) =>
  m.method === method && ((m.params as Json | undefined)?.item as Json | undefined)?.id === id;

async function untrustedThread(c: AppServerClient, cwd: string): Promise<string> {
  // Full access: the question comes from the approval policy alone, whatever sandbox the machine has.
  return startThread(c, { cwd, approvalPolicy: "untrusted", sandbox: "danger-full-access" });
}

async function ask(c: AppServerClient, threadId: string, text: string) {
  const from = c.received.length;
  const started = await c.call("turn/start", { threadId, input: [{ type: "text", text }] });
  const turnId = (started.turn as Json).id as string;
  const request = await c.waitServerRequest("item/commandExecution/requestApproval", { from });
  const done = () => c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
  return { request, turnId, from, done };
}

describe("command approval requests", () => {
  it("start the item first, carry what Codex sends, and run the command once accepted", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await untrustedThread(c, home.cwd);
    model.push(reply.exec("touch one.txt", { callId: "call_one" }), reply.message("made it"));
    const { request, turnId, from, done } = await ask(c, threadId, "make one");

    const params = request.params as Json;
    expect(params).toEqual({
      kind: "command",
      threadId,
      turnId,
      itemId: "call_one",
      startedAtMs: expect.any(Number),
      environmentId: "local",
      command: expect.stringContaining("touch one.txt"),
      cwd: home.cwd,
      commandActions: [{ type: "unknown", command: "touch one.txt" }],
      proposedExecpolicyAmendment: ["touch", "one.txt"],
      availableDecisions: [
        "accept",
        { acceptWithExecpolicyAmendment: { execpolicy_amendment: ["touch", "one.txt"] } },
        "cancel",
      ],
    });
    // The item is open, in progress with no process yet, when the question comes.
    const started = indexOf(c, isItem("item/started", "call_one"));
    expect(started).toBeGreaterThanOrEqual(from);
    expect(started).toBeLessThan(c.received.indexOf(request));
    expect((c.received[started]!.params as Json).item).toMatchObject({
      type: "commandExecution",
      status: "inProgress",
      processId: null,
      commandActions: [{ type: "unknown", command: "touch one.txt" }],
    });

    c.respond(request.id!, { decision: "accept" });
    const turn = await done();
    expect((turn.turn as Json).status).toBe("completed");
    expect(existsSync(join(home.cwd, "one.txt"))).toBe(true);
    // Started once; resolved before the thread stops waiting on it.
    expect(c.received.filter(isItem("item/started", "call_one"))).toHaveLength(1);
    const resolved = indexOf(c, (m) => m.method === "serverRequest/resolved");
    const unblocked = indexOf(
      c,
      (m) =>
        m.method === "thread/status/changed" &&
        c.received.indexOf(m) > c.received.indexOf(request) &&
        ((m.params as Json).status as Json).type === "active",
    );
    expect(resolved).toBeGreaterThan(c.received.indexOf(request));
    expect(resolved).toBeLessThan(unblocked);
    const completed = c.received.find(isItem("item/completed", "call_one"));
    // It printed nothing: no output, as Codex says it (null, not "").
    expect((completed?.params as Json).item).toMatchObject({
      status: "completed",
      exitCode: 0,
      aggregatedOutput: null,
    });
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });

  it("propose a script they cannot split whole; the amendment lets the same script run unasked", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await untrustedThread(c, home.cwd);
    const script = "echo hi > hi.txt && cat hi.txt";
    model.push(reply.exec(script, { callId: "call_script" }), reply.message("first"));
    const first = await ask(c, threadId, "first");
    const amendment = (first.request.params as Json).proposedExecpolicyAmendment as string[];
    expect(amendment).toHaveLength(3);
    expect(amendment.slice(1)).toEqual(["-lc", script]);
    c.respond(first.request.id!, {
      decision: { acceptWithExecpolicyAmendment: { execpolicy_amendment: amendment } },
    });
    await first.done();
    // As Codex: the model learns, right after the command's output, which rule was saved.
    const input = (model.requests.at(-1)?.body as Json).input as Json[];
    const output = input.findIndex((i) => i.type === "function_call_output" && i.call_id === "call_script");
    expect(input[output + 1]).toMatchObject({
      type: "message",
      role: "developer",
      content: [
        {
          type: "input_text",
          text: `Approved command prefix saved:\n- [${amendment.map((w) => JSON.stringify(w)).join(", ")}]`,
        },
      ],
    });

    // The same script again: no question this time.
    const from = c.received.length;
    model.push(reply.exec(script, { callId: "call_again" }), reply.message("second"));
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "again" }] });
    const turnId = (started.turn as Json).id;
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
    const asked = c.received.slice(from).some((m) => m.method === "item/commandExecution/requestApproval");
    expect(asked).toBe(false);
    const completed = c.received.find(isItem("item/completed", "call_again"));
    expect((completed?.params as Json).item).toMatchObject({ status: "completed", aggregatedOutput: "hi\n" });
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });

  it("decline: the item ends declined and the turn goes on; cancel: declined, and the turn is interrupted", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await untrustedThread(c, home.cwd);

    model.push(reply.exec("touch no.txt", { callId: "call_no" }), reply.message("as you wish"));
    const declined = await ask(c, threadId, "try");
    c.respond(declined.request.id!, { decision: "decline" });
    const afterDecline = await declined.done();
    expect((afterDecline.turn as Json).status).toBe("completed");
    const item = c.received.find(isItem("item/completed", "call_no"));
    expect((item?.params as Json).item).toMatchObject({
      status: "declined",
      aggregatedOutput: null,
      exitCode: null,
      processId: null,
    });
    expect(c.received.filter(isItem("item/started", "call_no"))).toHaveLength(1);

    model.push(reply.exec("touch stop.txt", { callId: "call_stop" }));
    const cancelled = await ask(c, threadId, "try again");
    c.respond(cancelled.request.id!, { decision: "cancel" });
    const afterCancel = await cancelled.done();
    expect((afterCancel.turn as Json).status).toBe("interrupted");
    // What the response asking for the command used still counts, as Codex reports it.
    const usage = c.notifications("thread/tokenUsage/updated").filter((p) => p.turnId === cancelled.turnId);
    expect(usage).toHaveLength(1);
    const stopped = c.received.find(isItem("item/completed", "call_stop"));
    expect((stopped?.params as Json).item).toMatchObject({ status: "declined" });
    expect(existsSync(join(home.cwd, "no.txt"))).toBe(false);
    expect(existsSync(join(home.cwd, "stop.txt"))).toBe(false);
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });

  it("an interrupt resolves a question nobody answered, after turn/completed; the command never runs", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await untrustedThread(c, home.cwd);
    model.push(reply.exec("touch late.txt", { callId: "call_late" }));
    const { request, turnId, done } = await ask(c, threadId, "wait");

    await c.call("turn/interrupt", { threadId, turnId });
    const turn = await done();
    expect((turn.turn as Json).status).toBe("interrupted");
    const resolved = await c.waitNotification("serverRequest/resolved", (p) => p.requestId === request.id);
    expect(resolved).toEqual({ threadId, requestId: request.id });
    const completedAt = indexOf(
      c,
      (m) => m.method === "turn/completed" && (m.params as Json).threadId === threadId,
    );
    expect(
      c.received.indexOf(c.received.find((m) => m.method === "serverRequest/resolved")!),
    ).toBeGreaterThan(completedAt);
    // A late answer changes nothing.
    c.respond(request.id!, { decision: "accept" });
    model.push(reply.message("next"));
    const from = c.received.length;
    const next = await c.call("turn/start", { threadId, input: [{ type: "text", text: "next" }] });
    const nextId = (next.turn as Json).id;
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === nextId, { from });
    expect(existsSync(join(home.cwd, "late.txt"))).toBe(false);
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });
});

describe("patch approval requests", () => {
  it("a patch asked about only because the policy is untrusted carries a null reason", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await untrustedThread(c, home.cwd);
    const patch = "*** Begin Patch\n*** Add File: added.txt\n+added\n*** End Patch\n";
    model.push(reply.functionCall("apply_patch", { input: patch }, "call_patch"), reply.message("patched"));
    const from = c.received.length;
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "patch" }] });
    const turnId = (started.turn as Json).id;
    const request = await c.waitServerRequest("item/fileChange/requestApproval", { from });
    expect(request.params).toEqual({
      threadId,
      turnId,
      itemId: "call_patch",
      startedAtMs: expect.any(Number),
      reason: null,
      grantRoot: null,
    });
    expect(indexOf(c, isItem("item/started", "call_patch"))).toBeLessThan(c.received.indexOf(request));
    c.respond(request.id!, { decision: "acceptForSession" });
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
    expect(existsSync(join(home.cwd, "added.txt"))).toBe(true);
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });
});

describe("the model's questions", () => {
  it("resolve before the thread stops waiting, as approvals do", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, { cwd: home.cwd });
    const options = [
      { label: "Keep", description: "Keep it", value: "keep" },
      { label: "Drop", description: "Drop it", value: "drop" },
    ];
    const questions = [{ id: "pick", header: "Pick", question: "Keep it?", options }];
    model.push(reply.functionCall("request_user_input", { questions }, "call_q"), reply.message("kept"));
    const from = c.received.length;
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "ask" }] });
    const turnId = (started.turn as Json).id;
    const request = await c.waitServerRequest("item/tool/requestUserInput", { from });
    c.respond(request.id!, { answers: { pick: { answers: ["Keep"] } } });
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
    const after = c.received.indexOf(request);
    const resolved = indexOf(c, (m) => m.method === "serverRequest/resolved");
    const unblocked = c.received.findIndex(
      (m, i) =>
        i > after &&
        m.method === "thread/status/changed" &&
        ((m.params as Json).status as Json).type === "active",
    );
    expect(resolved).toBeGreaterThan(after);
    expect(resolved).toBeLessThan(unblocked);
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });
});

describe("command items", () => {
  it("name what a command does as Codex does (read, listFiles, search), live and read back", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, { cwd: home.cwd, approvalPolicy: "never" });
    model.push(reply.exec("cat notes.txt | wc -l && ls", { callId: "call_look" }), reply.message("looked"));
    const from = c.received.length;
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "look" }] });
    const turnId = (started.turn as Json).id;
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
    const expected = [
      { type: "read", command: "cat notes.txt", name: "notes.txt", path: join(home.cwd, "notes.txt") },
      { type: "listFiles", command: "ls", path: null },
    ];
    const live = c.received.find(isItem("item/completed", "call_look"));
    expect(((live?.params as Json).item as Json).commandActions).toEqual(expected);
    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const items = ((read.thread as Json).turns as Json[]).flatMap((t) => t.items as Json[]);
    expect(items.find((i) => i.id === "call_look")?.commandActions).toEqual(expected);
    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });
});
