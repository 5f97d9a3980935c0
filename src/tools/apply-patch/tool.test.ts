import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { KnownEventMsg as KnownEventMsgSchema } from "../../protocol/core-protocol.js";
import type { SandboxPolicy } from "../../protocol/policies.js";
import type { ToolContext } from "../../core/tool-api/define-tool.js";
import { toolSpec } from "../../core/tool-api/define-tool.js";
import { ToolRegistry } from "../../core/tool-api/registry.js";
import { nodePatchFs } from "./patch-fs.js";
import { runApplyPatch, writableAreaForPolicy } from "./run-apply-patch.js";
import { PatchGate } from "../../core/approvals/patch-gate.js";
import type { AskForApproval, ReviewDecision } from "../../protocol/policies.js";
import { testToolContext } from "../../../test/support/tool-context.js";
import { makeWorkspace, removeWorkspaces } from "./test-workspace.js";
import { applyPatchCustomTool, applyPatchFunctionTool } from "./tool.js";

afterAll(removeWorkspaces);

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");
const workspaceWrite = (writable_roots: string[] = []): SandboxPolicy => ({
  type: "workspace-write",
  writable_roots,
  network_access: false,
  // The test workspaces live under /tmp: keep it out of the roots so "outside" means outside.
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
});

function context(
  cwd: string,
  sandboxPolicy: SandboxPolicy = workspaceWrite(),
  signal = new AbortController().signal,
  approval: { policy?: AskForApproval; answer?: ReviewDecision } = {},
) {
  const events: KnownEventMsg[] = [];
  const asked: Array<string | undefined> = [];
  const gate = new PatchGate();
  const ctx: ToolContext = testToolContext({
    callId: "call-1",
    cwd,
    sandboxPolicy,
    signal,
    emit: (msg) => events.push(msg),
    authorizePatch: (request) =>
      gate.authorize(
        { approvalPolicy: approval.policy ?? "never", sandboxPolicy, targets: request.targets },
        (reason) => {
          asked.push(reason);
          return Promise.resolve(approval.answer ?? "denied");
        },
      ),
  });
  return { ctx, events, asked };
}

describe("apply_patch tool values", () => {
  it("offers a freeform tool constrained by a Lark grammar", () => {
    const spec = toolSpec(applyPatchCustomTool);
    expect(spec).toMatchObject({
      type: "custom",
      name: "apply_patch",
      format: { type: "grammar", syntax: "lark" },
    });
    const grammar = applyPatchCustomTool.format.definition;
    for (const marker of [
      "Begin Patch",
      "End Patch",
      "Add File: ",
      "Delete File: ",
      "Update File: ",
      "Move to: ",
      "End of File",
      '"@@"',
    ]) {
      expect(grammar).toContain(marker);
    }
    expect(applyPatchCustomTool.isMutating).toBe(true);
  });

  it("offers a function tool taking {input}", () => {
    expect(toolSpec(applyPatchFunctionTool)).toMatchObject({
      type: "function",
      name: "apply_patch",
      parameters: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
    });
  });
});

describe("apply_patch handler", () => {
  it("applies a patch, emits begin and end events, and returns the summary", async () => {
    const ws = makeWorkspace({ "edit.txt": "one\ntwo\n", "gone.txt": "bye\n", "old.txt": "x\n" });
    const { ctx, events } = context(ws.dir);
    const result = await applyPatchCustomTool.handle(
      patch(
        "*** Add File: new.txt",
        "+hello",
        "*** Update File: edit.txt",
        "@@",
        " one",
        "-two",
        "+2",
        "*** Delete File: gone.txt",
        "*** Update File: old.txt",
        "*** Move to: moved.txt",
        "-x",
        "+y",
      ),
      ctx,
    );
    const summary = "Success. Updated the following files:\nA new.txt\nM edit.txt\nM moved.txt\nD gone.txt";
    expect(result).toEqual({ output: summary, success: true });
    expect(ws.read("new.txt")).toBe("hello\n");
    expect(ws.read("edit.txt")).toBe("one\n2\n");
    expect(ws.read("moved.txt")).toBe("y\n");
    expect(existsSync(ws.path("gone.txt")) || existsSync(ws.path("old.txt"))).toBe(false);
    expect(events).toEqual([
      {
        type: "patch_apply_begin",
        call_id: "call-1",
        auto_approved: true,
        changes: {
          [ws.path("new.txt")]: { type: "add", content: "hello\n" },
          [ws.path("edit.txt")]: {
            type: "update",
            unified_diff: "@@ -1,2 +1,2 @@\n one\n-two\n+2\n",
            move_path: null,
          },
          [ws.path("gone.txt")]: { type: "delete", content: "bye\n" },
          [ws.path("old.txt")]: {
            type: "update",
            unified_diff: "@@ -1 +1 @@\n-x\n+y\n",
            move_path: ws.path("moved.txt"),
          },
        },
      },
      { type: "patch_apply_end", call_id: "call-1", stdout: summary, stderr: "", success: true },
    ]);
    for (const event of events) expect(KnownEventMsgSchema.safeParse(event).success).toBe(true);
  });

  it("runs as a function tool through the registry", async () => {
    const ws = makeWorkspace();
    const { ctx, events } = context(ws.dir);
    const registry = new ToolRegistry([applyPatchFunctionTool]);
    const args = JSON.stringify({
      input: `apply_patch <<'EOF'\n${patch("*** Add File: a.txt", "+a")}\nEOF\n`,
    });
    const result = await registry.dispatch("apply_patch", args, ctx);
    expect(result).toEqual({ output: "Success. Updated the following files:\nA a.txt", success: true });
    expect(events.map((e) => e.type)).toEqual(["patch_apply_begin", "patch_apply_end"]);
  });

  it("returns a parse error as output, without events or writes", async () => {
    const ws = makeWorkspace();
    const { ctx, events } = context(ws.dir);
    const result = await applyPatchCustomTool.handle(patch("*** Add File: a.txt", "+a", "junk"), ctx);
    const message =
      "apply_patch verification failed: line 4: expected a line starting with '+' in Add File 'a.txt', got 'junk'";
    // `failed`: the turn announces it (tool_call_failed), since no patch event will.
    expect(result).toEqual({ output: message, success: false, failed: message });
    expect(events).toEqual([]);
    expect(ws.snapshot()).toEqual({});
  });

  it("returns a match failure as output, naming the file and the lines", async () => {
    const ws = makeWorkspace({ "a.txt": "a\n", "b.txt": "b\n" });
    const before = ws.snapshot();
    const { ctx, events } = context(ws.dir);
    const result = await applyPatchCustomTool.handle(
      patch("*** Update File: a.txt", "-a", "+A", "*** Update File: b.txt", "-nope", "+B"),
      ctx,
    );
    const message = "apply_patch verification failed: Failed to find expected lines in b.txt:\nnope";
    expect(result).toEqual({ output: message, success: false, failed: message });
    expect(events).toEqual([]);
    expect(ws.snapshot()).toEqual(before);
  });

  it("refuses to write anything under a read-only sandbox", async () => {
    const ws = makeWorkspace({ "a.txt": "a\n" });
    const { ctx, events } = context(ws.dir, { type: "read-only" });
    const result = await applyPatchCustomTool.handle(patch("*** Delete File: a.txt"), ctx);
    expect(result.success).toBe(false);
    expect(result.output).toMatch(
      /outside the writable roots \(sandbox read-only\), and approval_policy is never/,
    );
    expect(events).toEqual([]);
    expect(ws.read("a.txt")).toBe("a\n");
  });

  it("lets workspace-write reach its writable roots and nothing else", async () => {
    const ws = makeWorkspace();
    const extra = makeWorkspace({}, "apply-patch-extra-");
    const text = patch(`*** Add File: ${extra.path("x.txt")}`, "+x");
    const refused = await applyPatchCustomTool.handle(text, context(ws.dir).ctx);
    expect(refused.success).toBe(false);
    expect(refused.output).toMatch(/^patch rejected: .*x\.txt is outside the writable roots/);
    expect(existsSync(extra.path("x.txt"))).toBe(false);
    const allowed = await applyPatchCustomTool.handle(text, context(ws.dir, workspaceWrite([extra.dir])).ctx);
    expect(allowed.success).toBe(true);
    expect(extra.read("x.txt")).toBe("x\n");
  });

  it("lets danger-full-access write anywhere", async () => {
    const ws = makeWorkspace();
    const elsewhere = makeWorkspace({}, "apply-patch-elsewhere-");
    const { ctx } = context(ws.dir, { type: "danger-full-access" });
    const result = await applyPatchCustomTool.handle(
      patch(`*** Add File: ${elsewhere.path("y.txt")}`, "+y"),
      ctx,
    );
    expect(result.success).toBe(true);
    expect(elsewhere.read("y.txt")).toBe("y\n");
  });

  it("writes nothing once the turn is aborted", async () => {
    const ws = makeWorkspace();
    const controller = new AbortController();
    controller.abort();
    const { ctx, events } = context(ws.dir, workspaceWrite(), controller.signal);
    const result = await applyPatchCustomTool.handle(patch("*** Add File: a.txt", "+a"), ctx);
    expect(result).toEqual({ output: "apply_patch aborted: no file was changed.", success: false });
    expect(events).toEqual([]);
    expect(ws.snapshot()).toEqual({});
  });

  it("reports a failed write in the end event and the output", async () => {
    const ws = makeWorkspace();
    const { ctx, events } = context(ws.dir);
    const failing = { ...nodePatchFs, writeFile: () => Promise.reject(new Error("disk full")) };
    const result = await runApplyPatch(patch("*** Add File: a.txt", "+a"), ctx, { fs: failing });
    expect(result.success).toBe(false);
    expect(result.output).toBe(
      `apply_patch failed: Failed to write ${ws.path("a.txt")}: disk full (no file was changed)`,
    );
    expect(events.at(-1)).toEqual({
      type: "patch_apply_end",
      call_id: "call-1",
      stdout: "",
      stderr: result.output,
      success: false,
    });
    expect(ws.snapshot()).toEqual({});
  });
});

describe("writableAreaForPolicy", () => {
  it("maps each sandbox policy to the roots a patch may write", () => {
    expect(writableAreaForPolicy({ type: "read-only" }, "/w", {})).toMatchObject({ roots: [], readOnly: [] });
    expect(writableAreaForPolicy({ type: "danger-full-access" }, "/w", {})).toMatchObject({
      roots: ["/"],
      readOnly: [],
    });
    const ws = makeWorkspace({ ".git/HEAD": "ref" });
    const area = writableAreaForPolicy(workspaceWrite(), ws.dir, {});
    expect(area.roots).toHaveLength(1);
    const root = area.roots[0] ?? "";
    // The existing .git, then the protected names that do not exist yet.
    expect(area.readOnly).toEqual([`${root}/.git`, `${root}/.agents`, `${root}/.codex`]);
    expect(area.isProtected(`${root}/.codex/config.toml`)).toBe(true);
    expect(area.isProtected(`${root}/src/main.ts`)).toBe(false);
  });
});

describe("apply_patch approvals", () => {
  it("asks before writing outside the roots, and writes once approved", async () => {
    const ws = makeWorkspace();
    const extra = makeWorkspace({}, "apply-patch-extra-");
    const text = patch(`*** Add File: ${extra.path("ok.txt")}`, "+ok");
    const denied = context(ws.dir, workspaceWrite(), undefined, { policy: "on-request", answer: "denied" });
    expect((await applyPatchCustomTool.handle(text, denied.ctx)).output).toMatch(/rejected by user/);
    expect(denied.asked).toHaveLength(1);
    expect(existsSync(extra.path("ok.txt"))).toBe(false);
    const approved = context(ws.dir, workspaceWrite(), undefined, {
      policy: "on-request",
      answer: "approved",
    });
    const result = await applyPatchCustomTool.handle(text, approved.ctx);
    expect(result.success).toBe(true);
    expect(approved.events[0]).toMatchObject({ type: "patch_apply_begin", auto_approved: false });
    expect(extra.read("ok.txt")).toBe("ok\n");
  });

  it("never writes into .git without asking, and abort ends the task", async () => {
    const ws = makeWorkspace({ ".git/config": "[core]\n" });
    const text = patch("*** Update File: .git/config", "-[core]", "+[core]", "+\thooksPath = /evil");
    const never = context(ws.dir);
    expect((await applyPatchCustomTool.handle(text, never.ctx)).success).toBe(false);
    expect(ws.read(".git/config")).toBe("[core]\n");
    const abort = context(ws.dir, workspaceWrite(), undefined, { policy: "on-request", answer: "abort" });
    expect(await applyPatchCustomTool.handle(text, abort.ctx)).toMatchObject({
      abortTask: true,
      success: false,
    });
    expect(ws.read(".git/config")).toBe("[core]\n");
  });
});
