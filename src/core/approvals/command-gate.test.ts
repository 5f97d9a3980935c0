import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AskForApproval, ReviewDecision, SandboxPolicy } from "../../protocol/policies.js";
import { Policy } from "../../execpolicy/policy.js";
import { CommandGate, type CommandRequest } from "./command-gate.js";
import { scratchDir } from "../../../test/support/scratch.js";

const workspace: SandboxPolicy = {
  type: "workspace-write",
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: false,
  exclude_slash_tmp: false,
};

function gate(bwrapAvailable = true, rules?: Policy) {
  const warnings: string[] = [];
  const g = new CommandGate({
    codexHome: "/tmp/home",
    parentEnv: { PATH: "/usr/bin", MY_API_KEY: "secret" },
    platform: "linux",
    bwrap: () =>
      Promise.resolve(
        bwrapAvailable
          ? { available: true, path: "/usr/bin/bwrap" }
          : { available: false, reason: "bwrap is not installed" },
      ),
    warnOnce: (_key, message) => warnings.push(message),
    ...(rules ? { rules } : {}),
  });
  return { g, warnings };
}

function recorder(answer: ReviewDecision) {
  const asked: Array<string | undefined> = [];
  return { asked, ask: (reason: string | undefined) => (asked.push(reason), Promise.resolve(answer)) };
}

const req = (
  approvalPolicy: AskForApproval,
  argv: string[],
  extra: Partial<CommandRequest> = {},
): CommandRequest => ({
  argv,
  cwd: "/tmp/work",
  approvalPolicy,
  sandboxPolicy: workspace,
  escalated: false,
  ...extra,
});

const SAFE = ["bash", "-lc", "ls -la"];
const UNSAFE = ["bash", "-lc", "rm -rf build"];

describe("CommandGate", () => {
  // policy, command, escalated -> asks?, then runs sandboxed?
  const table: Array<[AskForApproval, string[], boolean, boolean, boolean]> = [
    ["untrusted", SAFE, false, false, true],
    ["untrusted", UNSAFE, false, true, false],
    ["untrusted", UNSAFE, true, true, false],
    ["on-failure", SAFE, false, false, true],
    ["on-failure", UNSAFE, false, false, true],
    ["on-failure", UNSAFE, true, true, false],
    ["on-request", SAFE, false, false, true],
    ["on-request", UNSAFE, false, false, true],
    ["on-request", UNSAFE, true, true, false],
    ["never", SAFE, false, false, true],
    ["never", UNSAFE, false, false, true],
  ];
  it.each(table)(
    "%s %j escalated=%s: asks=%s sandboxed=%s",
    async (policy, argv, escalated, asks, sandboxed) => {
      const { g } = gate();
      const { asked, ask } = recorder("approved");
      const decision = await g.authorize(req(policy, argv, { escalated }), ask);
      expect(asked.length > 0).toBe(asks);
      expect(decision).toMatchObject({ kind: "run", sandboxed });
      if (decision.kind === "run") {
        expect(decision.env.MY_API_KEY).toBeUndefined();
        if (sandboxed) expect(decision.argv[0]).toBe("/usr/bin/bwrap");
      }
    },
  );

  it("never refuses an escalation instead of asking", async () => {
    const { asked, ask } = recorder("approved");
    const decision = await gate().g.authorize(req("never", UNSAFE, { escalated: true }), ask);
    expect(asked).toEqual([]);
    expect(decision).toMatchObject({ kind: "rejected" });
  });

  describe("granular", () => {
    const granular = (sandbox_approval: boolean, rules: boolean): AskForApproval => ({
      granular: {
        sandbox_approval,
        rules,
        mcp_elicitations: false,
        skill_approval: false,
        request_permissions: false,
      },
    });
    const touchPrompts = () =>
      gate(true, new Policy([{ pattern: [["touch"]], decision: "prompt", file: "t.rules", line: 1 }])).g;

    it("sandbox_approval: an escalation is asked when true, refused unasked when false", async () => {
      const yes = recorder("approved");
      expect(
        await gate().g.authorize(req(granular(true, false), UNSAFE, { escalated: true }), yes.ask),
      ).toMatchObject({ kind: "run", sandboxed: false });
      expect(yes.asked).toHaveLength(1);
      const no = recorder("approved");
      expect(
        await gate().g.authorize(req(granular(false, true), UNSAFE, { escalated: true }), no.ask),
      ).toEqual({
        kind: "rejected",
        message:
          "escalation refused: the granular approval policy's sandbox_approval is false, so commands cannot leave the sandbox",
      });
      expect(no.asked).toEqual([]);
    });

    it("sandbox_approval false: no sandbox on the machine refuses instead of asking", async () => {
      const r = recorder("approved");
      expect(await gate(false).g.authorize(req(granular(false, true), SAFE), r.ask)).toMatchObject({
        kind: "rejected",
        message: expect.stringMatching(/sandbox_approval is false$/),
      });
      expect(r.asked).toEqual([]);
    });

    it("rules: a prompt rule is asked when true, refused unasked when false", async () => {
      const touch = ["touch", "x"];
      const yes = recorder("approved");
      expect(await touchPrompts().authorize(req(granular(false, true), touch), yes.ask)).toMatchObject({
        kind: "run",
      });
      expect(yes.asked).toHaveLength(1);
      const no = recorder("approved");
      expect(await touchPrompts().authorize(req(granular(true, false), touch), no.ask)).toMatchObject({
        kind: "rejected",
        message: expect.stringMatching(/the granular approval policy's rules is false$/),
      });
      expect(no.asked).toEqual([]);
    });

    it("otherwise asks as on-request does: an ordinary command runs in the sandbox unasked", async () => {
      const r = recorder("approved");
      expect(await gate().g.authorize(req(granular(true, true), UNSAFE), r.ask)).toMatchObject({
        kind: "run",
        sandboxed: true,
      });
      expect(r.asked).toEqual([]);
    });
  });

  it("remembers approved_for_session, tells the model about denied, ends on abort", async () => {
    const { g } = gate();
    const first = recorder("approved_for_session");
    expect(await g.authorize(req("untrusted", UNSAFE), first.ask)).toMatchObject({ kind: "run" });
    const second = recorder("denied");
    expect(await g.authorize(req("untrusted", UNSAFE), second.ask)).toMatchObject({
      kind: "run",
      sandboxed: false,
    });
    expect(second.asked).toEqual([]);
    expect(await g.authorize(req("untrusted", ["bash", "-lc", "make"]), second.ask)).toMatchObject({
      kind: "rejected",
      message: expect.stringMatching(/rejected by user/),
    });
    expect(await g.authorize(req("untrusted", ["bash", "-lc", "make"]), recorder("abort").ask)).toEqual({
      kind: "abort",
    });
  });

  it("without a sandbox, warns once and asks (or refuses under never)", async () => {
    const { g, warnings } = gate(false);
    const r = recorder("approved");
    expect(await g.authorize(req("on-request", SAFE), r.ask)).toMatchObject({
      kind: "run",
      sandboxed: false,
    });
    expect(r.asked[0]).toMatch(/bwrap is not installed/);
    expect(await g.authorize(req("never", SAFE), r.ask)).toMatchObject({
      kind: "rejected",
      message: expect.stringMatching(/approval_policy is never/),
    });
    expect(warnings.length).toBeGreaterThanOrEqual(1);
  });

  it("danger-full-access runs directly, and asks only for untrusted non-safe commands", async () => {
    const { g } = gate(false);
    const r = recorder("approved");
    expect(
      await g.authorize(req("on-request", UNSAFE, { sandboxPolicy: { type: "danger-full-access" } }), r.ask),
    ).toMatchObject({ kind: "run", sandboxed: false, argv: UNSAFE });
    expect(r.asked).toEqual([]);
    await g.authorize(req("untrusted", UNSAFE, { sandboxPolicy: { type: "danger-full-access" } }), r.ask);
    expect(r.asked).toHaveLength(1);
  });

  it("on-failure offers a rerun outside the sandbox after a denial", async () => {
    const { g } = gate();
    const request = req("on-failure", ["bash", "-lc", "touch /etc/x"]);
    const ran = await g.authorize(request, recorder("approved").ask);
    const denied = {
      exitCode: 1,
      stdout: "",
      stderr: "touch: cannot touch '/etc/x': Read-only file system",
      aggregated: "",
      durationMs: 1,
      timedOut: false,
      aborted: false,
    };
    const r = recorder("approved");
    expect(await g.afterFailure(request, ran, denied, r.ask)).toMatchObject({
      kind: "run",
      sandboxed: false,
    });
    expect(r.asked).toHaveLength(1);
    expect(await g.afterFailure(req("on-request", ["x"]), ran, denied, r.ask)).toBeUndefined();
  });
});

describe("CommandGate with paths the permission profile denies", () => {
  const dir = scratchDir("codex-gate-deny-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "secret.env"), "s");

  function denyGate(bwrapAvailable: boolean, globs = [join(dir, "*.env")]) {
    return new CommandGate({
      codexHome: dir,
      parentEnv: { PATH: "/usr/bin" },
      platform: "linux",
      bwrap: () =>
        Promise.resolve(
          bwrapAvailable
            ? { available: true, path: "/usr/bin/bwrap" }
            : { available: false, reason: "bwrap is not installed" },
        ),
      warnOnce: () => undefined,
      readDenial: { paths: [], globs },
    });
  }
  const argvOf = (d: Awaited<ReturnType<CommandGate["authorize"]>>) => (d.kind === "run" ? d.argv : []);

  it("masks them in every run, full access and approved escalations included", async () => {
    const full = await denyGate(true).authorize(
      req("never", SAFE, { sandboxPolicy: { type: "danger-full-access" } }),
      recorder("approved").ask,
    );
    expect(argvOf(full)).toEqual(expect.arrayContaining(["--bind", "/", "/", join(dir, "secret.env")]));
    const { asked, ask } = recorder("approved");
    const escalated = await denyGate(true).authorize(req("on-request", UNSAFE, { escalated: true }), ask);
    expect(asked).toHaveLength(1);
    expect(argvOf(escalated)[0]).toBe("/usr/bin/bwrap");
    expect(argvOf(escalated)).toContain(join(dir, "secret.env"));
  });

  it("refuses, without asking, what would have to run where nothing can hide them", async () => {
    const { asked, ask } = recorder("approved");
    const decision = await denyGate(false).authorize(req("on-request", UNSAFE, { escalated: true }), ask);
    expect(asked).toEqual([]);
    expect(decision).toMatchObject({
      kind: "rejected",
      message: expect.stringMatching(/denies reading .*secret\.env, which only bubblewrap can enforce/),
    });
  });
});
