// apply_patch run as a command (exec_command's `apply_patch <<'EOF'`, shell's ["apply_patch", PATCH]) is
// applied as a patch: same gate, same events, and no process.
import { existsSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PatchGate } from "../../core/approvals/patch-gate.js";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { AskForApproval, ReviewDecision, SandboxPolicy } from "../../protocol/policies.js";
import type { ToolContext } from "../../core/tool-api/define-tool.js";
import { shellTool } from "../shell/shell-tool.js";
import { testToolContext } from "../../../test/support/tool-context.js";
import { execCommandTool } from "../unified-exec/exec-command-tool.js";
import { UnifiedExecManager } from "../unified-exec/session-manager.js";
import { IMPLICIT_INVOCATION_MESSAGE } from "./invocation.js";
import { makeWorkspace, removeWorkspaces } from "./test-workspace.js";

afterAll(removeWorkspaces);
const managers: UnifiedExecManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});

const PATCH =
  "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** Update File: a.txt\n@@\n one\n-two\n+deux\n*** End Patch";
const heredoc = (patch: string, prefix = "") => `${prefix}apply_patch <<'EOF'\n${patch}\nEOF\n`;
const workspaceWrite: SandboxPolicy = {
  type: "workspace-write",
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
};

function setup(
  options: { sandbox?: SandboxPolicy; approval?: AskForApproval; answer?: ReviewDecision } = {},
) {
  const ws = makeWorkspace({ "a.txt": "one\ntwo\n" }, "intercept-");
  const events: KnownEventMsg[] = [];
  const asked: Array<string | undefined> = [];
  const commands: string[][] = [];
  const gate = new PatchGate();
  const sandboxPolicy = options.sandbox ?? workspaceWrite;
  const approvalPolicy = options.approval ?? "never";
  const ctx: ToolContext = testToolContext({
    callId: "call-1",
    cwd: ws.dir,
    sandboxPolicy,
    approvalPolicy,
    emit: (msg) => events.push(msg),
    authorizeCommand: (request) => {
      commands.push(request.argv);
      return Promise.resolve({ kind: "rejected", message: "no command may run in these tests" });
    },
    authorizePatch: (request) =>
      gate.authorize({ approvalPolicy, sandboxPolicy, targets: request.targets }, (reason) => {
        asked.push(reason);
        return Promise.resolve(options.answer ?? "denied");
      }),
  });
  const manager = new UnifiedExecManager();
  managers.push(manager);
  const exec = execCommandTool(manager);
  const run = (cmd: string, extra: Record<string, unknown> = {}) =>
    exec.handle(exec.parameters.parse({ cmd, ...extra }), ctx);
  return { ws, ctx, events, asked, commands, run };
}

describe("exec_command with apply_patch", () => {
  it("applies `apply_patch <<'EOF'` as a patch, with patch events and no process", async () => {
    const { ws, events, commands, run } = setup();
    const result = await run(heredoc(PATCH));
    expect(result).toEqual({
      output: "Success. Updated the following files:\nA new.txt\nM a.txt",
      success: true,
    });
    expect(ws.read("new.txt")).toBe("hello\n");
    expect(ws.read("a.txt")).toBe("one\ndeux\n");
    expect(commands).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(["patch_apply_begin", "patch_apply_end"]);
    expect(events[0]).toMatchObject({ call_id: "call-1", auto_approved: true });
    expect(Object.keys((events[0] as { changes: object }).changes).sort()).toEqual(
      [ws.path("a.txt"), ws.path("new.txt")].sort(),
    );
  });

  it("resolves paths from `cd DIR &&` and from workdir", async () => {
    const { ws, run } = setup();
    ws.write("sub/deep/keep.txt", "");
    const add = "*** Begin Patch\n*** Add File: made.txt\n+x\n*** End Patch";
    expect((await run(heredoc(add, "cd sub && "))).success).toBe(true);
    expect(ws.read("sub/made.txt")).toBe("x\n");
    expect((await run(heredoc(add, "cd deep && "), { workdir: "sub" })).success).toBe(true);
    expect(ws.read("sub/deep/made.txt")).toBe("x\n");
  });

  it("keeps the session's writable roots: `cd` elsewhere does not make that place writable", async () => {
    const outside = makeWorkspace({}, "intercept-outside-");
    const { asked, run } = setup({ approval: "on-request", answer: "denied" });
    const result = await run(
      heredoc("*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch", `cd ${outside.dir} && `),
    );
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/rejected by user/);
    expect(asked).toEqual(["the patch writes outside the writable roots"]);
    expect(existsSync(outside.path("x.txt"))).toBe(false);
  });

  it("asks under a read-only sandbox, and applies once approved", async () => {
    const { ws, asked, events, run } = setup({
      sandbox: { type: "read-only" },
      approval: "on-request",
      answer: "approved",
    });
    const result = await run(heredoc(PATCH));
    expect(result.success).toBe(true);
    expect(asked).toHaveLength(1);
    expect(ws.read("new.txt")).toBe("hello\n");
    expect(events[0]).toMatchObject({ type: "patch_apply_begin", auto_approved: false });
  });

  it("refuses under a read-only sandbox and approval never, changing nothing", async () => {
    const { ws, run } = setup({ sandbox: { type: "read-only" } });
    const before = ws.snapshot();
    const result = await run(heredoc(PATCH));
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/^patch rejected: .*approval_policy is never$/);
    expect(ws.snapshot()).toEqual(before);
  });

  it("reports a patch that does not apply as a verification failure", async () => {
    const { run } = setup();
    const result = await run(
      heredoc("*** Begin Patch\n*** Update File: missing.txt\n@@\n-x\n+y\n*** End Patch"),
    );
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/^apply_patch verification failed: .*missing\.txt/);
  });

  it("tells the model to call apply_patch when the command is a bare patch", async () => {
    const { ws, commands, run } = setup();
    const result = await run(PATCH);
    expect(result).toEqual({ output: IMPLICIT_INVOCATION_MESSAGE, success: false });
    expect(commands).toEqual([]);
    expect(existsSync(ws.path("new.txt"))).toBe(false);
  });

  it("runs anything else as a command", async () => {
    const { commands, run } = setup();
    const result = await run(`echo hi && ${heredoc(PATCH)}`);
    expect(result.output).toBe("no command may run in these tests");
    expect(commands).toHaveLength(1);
  });
});

describe("shell with apply_patch", () => {
  it('applies ["apply_patch", PATCH] and `bash -lc` heredocs as patches', async () => {
    const { ws, ctx, commands } = setup();
    const first = await shellTool.handle({ command: ["apply_patch", PATCH] }, ctx);
    expect(first).toMatchObject({ success: true });
    expect(ws.read("a.txt")).toBe("one\ndeux\n");
    const add = "*** Begin Patch\n*** Add File: b.txt\n+b\n*** End Patch";
    const second = await shellTool.handle({ command: ["bash", "-lc", heredoc(add)] }, ctx);
    expect(second).toMatchObject({ success: true });
    expect(ws.read("b.txt")).toBe("b\n");
    expect(commands).toEqual([]);
  });
});
