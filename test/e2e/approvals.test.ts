// The approval policies through `proto`: who gets asked, what runs, and what the model is told.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

const SAFE = { command: ["bash", "-lc", "ls"] };
const UNSAFE = (name: string) => ({ command: ["bash", "-lc", `touch ${name}`] });
const ESCALATE = (name: string) => ({
  command: ["bash", "-lc", `touch ${name}`],
  sandbox_permissions: "require_escalated",
  justification: "needs to write",
});

/** The same calls for each command tool: `shell` (argv, shell_tool = "shell") and `exec_command` (the default). */
const TOOLS = {
  shell: {
    shellTool: "shell",
    safe: SAFE,
    unsafe: UNSAFE,
    escalate: ESCALATE,
  },
  exec_command: {
    shellTool: "default",
    safe: { cmd: "ls" },
    unsafe: (name: string) => ({ cmd: `touch ${name}` }),
    escalate: (name: string) => ({
      cmd: `touch ${name}`,
      sandbox_permissions: "require_escalated",
      justification: "needs to write",
    }),
  },
} as const;
type ToolName = keyof typeof TOOLS;

async function start(policy: string, tool: ToolName = "shell") {
  model = await startFakeModel();
  const home = makeHome(model.url, "", { shellTool: TOOLS[tool].shellTool });
  proto = new JsonLinesProcess(["proto", "-s", "workspace-write", "-a", policy], {
    env: home.env,
    cwd: home.cwd,
  });
  proto.send({ id: "c", op: { type: "configure_session" } });
  await proto.waitFor(is("session_configured"));
  return { home, proto, model };
}

/** Runs one task whose model calls `tool` with `args`; answers any approval with `answer`. */
async function task(
  p: JsonLinesProcess,
  id: string,
  args: Record<string, unknown>,
  answer = "approved",
  tool: ToolName = "shell",
) {
  model?.push(reply.functionCall(tool, args), reply.message(`done ${id}`));
  const from = p.received.length;
  p.send({ id, op: { type: "user_turn", items: [{ type: "text", text: id }] } });
  const end = await p.waitFor(
    (e) =>
      (e.id === id && ["task_complete", "turn_aborted", "error"].includes(msg(e).type)) ||
      is("exec_approval_request", id)(e),
    { from },
  );
  const asked: Array<Record<string, unknown>> = [];
  if (msg(end).type === "exec_approval_request") {
    asked.push(msg(end));
    p.send({ id: `${id}-answer`, op: { type: "exec_approval", id: msg(end).call_id, decision: answer } });
    // Under on-failure a second question may follow the first run (to rerun outside the sandbox).
    const next = await p.waitFor(
      (e) =>
        (e.id === id && ["task_complete", "turn_aborted", "error"].includes(msg(e).type)) ||
        is("exec_approval_request", id)(e),
      { from: p.received.indexOf(end) + 1 },
    );
    if (msg(next).type === "exec_approval_request") {
      asked.push(msg(next));
      p.send({ id: `${id}-answer2`, op: { type: "exec_approval", id: msg(next).call_id, decision: answer } });
      await p.waitFor(
        (e) => e.id === id && ["task_complete", "turn_aborted", "error"].includes(msg(e).type),
        { from },
      );
    }
  }
  const events = p.received
    .slice(from)
    .filter((e) => e.id === id)
    .map(msg);
  const items = model?.requests.flatMap((r) => r.body.input ?? []) ?? [];
  const call = items.findLast((i) => i.type === "function_call" && i.arguments === JSON.stringify(args));
  const output = items.findLast((i) => i.type === "function_call_output" && i.call_id === call?.call_id);
  return {
    asked: asked.length > 0,
    questions: asked,
    events,
    ran: events.some((e) => e.type === "exec_command_end"),
    output: output?.output as string | undefined,
  };
}

describe.each(Object.keys(TOOLS) as ToolName[])("approval policies x commands, through %s", (tool) => {
  const calls = TOOLS[tool];
  // [policy, safe asks?, unsafe asks?, escalation asks?]
  const matrix: Array<[string, boolean, boolean, boolean]> = [
    ["untrusted", false, true, true],
    ["on-failure", false, false, true],
    ["on-request", false, false, true],
    ["never", false, false, false],
  ];
  it.each(matrix)(
    "%s: safe asks=%s, unsafe asks=%s, escalation asks=%s",
    async (policy, safeAsks, unsafeAsks, escAsks) => {
      const { home, proto: p } = await start(policy, tool);
      const safe = await task(p, "safe", calls.safe, "approved", tool);
      expect(safe.asked).toBe(safeAsks);
      expect(safe.ran).toBe(true);
      const unsafe = await task(p, "unsafe", calls.unsafe("u.txt"), "approved", tool);
      expect(unsafe.asked).toBe(unsafeAsks);
      expect(existsSync(join(home.cwd, "u.txt"))).toBe(true);
      const esc = await task(p, "esc", calls.escalate("e.txt"), "approved", tool);
      expect(esc.asked).toBe(escAsks);
      if (policy === "never") {
        expect(esc.ran).toBe(false);
        expect(esc.output).toMatch(/escalation refused: approval_policy is never/);
      } else {
        expect(existsSync(join(home.cwd, "e.txt"))).toBe(true);
        expect(esc.questions[0]).toMatchObject({
          command: ["bash", "-lc", "touch e.txt"],
          reason: "needs to write",
        });
      }
    },
  );

  it("on-failure: a command the sandbox stopped runs again outside it once approved", async () => {
    const { home, proto: p } = await start("on-failure", tool);
    // .git stays read-only in workspace-write.
    const outside = join(home.cwd, ".git", `written-by-${tool}.txt`);
    const args = tool === "shell" ? UNSAFE(outside) : { cmd: `touch ${outside}` };
    const result = await task(p, "fail", args, "approved", tool);
    expect(result.questions).toHaveLength(1);
    expect(result.questions[0]?.reason).toMatch(/failed in the sandbox/);
    expect(result.events.filter((e) => e.type === "exec_command_end").map((e) => e.exit_code)).toEqual([
      1, 0,
    ]);
    expect(existsSync(outside)).toBe(true);
  });
});

describe("approval decisions", () => {
  it("approved_for_session is remembered for the command family, denied tells the model, abort ends the task", async () => {
    const { home, proto: p } = await start("untrusted");
    const first = await task(p, "t1", UNSAFE("a.txt"), "approved_for_session");
    expect(first.asked).toBe(true);
    // Remembered by the command's family (`touch`), not its exact words.
    const second = await task(p, "t2", UNSAFE("a2.txt"));
    expect(second.asked).toBe(false);
    expect(second.ran).toBe(true);

    const denied = await task(p, "t3", { command: ["bash", "-lc", "cp a.txt b.txt"] }, "denied");
    expect(denied.asked).toBe(true);
    expect(denied.ran).toBe(false);
    expect(denied.output).toMatch(/rejected by user/);
    expect(existsSync(join(home.cwd, "b.txt"))).toBe(false);
    expect(denied.events.at(-1)?.type).toBe("task_complete");

    const mkdir = { command: ["bash", "-lc", "mkdir c.txt"] };
    model?.push(reply.functionCall("shell", mkdir));
    const from = p.received.length;
    p.send({ id: "t4", op: { type: "user_turn", items: [{ type: "text", text: "t4" }] } });
    const ask = await p.waitFor(is("exec_approval_request", "t4"), { from });
    expect(msg(ask)).toMatchObject({ command: mkdir.command, cwd: home.cwd });
    p.send({ id: "t4-answer", op: { type: "exec_approval", id: msg(ask).call_id, decision: "abort" } });
    const aborted = await p.waitFor(is("turn_aborted", "t4"), { from });
    expect(msg(aborted).reason).toBe("interrupted");
    expect(existsSync(join(home.cwd, "c.txt"))).toBe(false);

    // The session goes on; the aborted call still has an output in the next request.
    const after = await task(p, "t5", SAFE);
    expect(after.events.at(-1)?.type).toBe("task_complete");
    const outputs = model?.requests
      .at(-2)
      ?.body.input?.filter((i) => i.type === "function_call_output")
      .map((i) => i.output);
    expect(outputs).toContain("aborted by user");
  });

  it("an unknown approval id is an error event, and the session keeps serving", async () => {
    const { proto: p } = await start("untrusted");
    p.send({ id: "x", op: { type: "exec_approval", id: "nope", decision: "approved" } });
    expect(msg(await p.waitFor(is("error", "x"))).message).toBe(
      "exec_approval: no pending approval with id 'nope'",
    );
    const ok = await task(p, "t", SAFE);
    expect(ok.events.at(-1)?.type).toBe("task_complete");
  });
});
