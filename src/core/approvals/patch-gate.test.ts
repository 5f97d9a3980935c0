import { describe, expect, it } from "vitest";
import type { ReviewDecision } from "../../protocol/policies.js";
import { PatchGate } from "./patch-gate.js";

const ws = {
  type: "workspace-write" as const,
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: false,
  exclude_slash_tmp: false,
};
const inside = [{ path: "/w/a.txt", writable: true }];
const outside = [{ path: "/etc/hosts", writable: false }];
const answer = (d: ReviewDecision) => {
  const asked: Array<string | undefined> = [];
  return { asked, ask: (r: string | undefined) => (asked.push(r), Promise.resolve(d)) };
};

describe("PatchGate", () => {
  it("granular: outside the roots asks when sandbox_approval is true, refuses unasked when false", async () => {
    const policy = (sandbox_approval: boolean) => ({
      granular: {
        sandbox_approval,
        rules: true,
        mcp_elicitations: true,
        skill_approval: false,
        request_permissions: false,
      },
    });
    const yes = answer("approved");
    expect(
      await new PatchGate().authorize(
        { approvalPolicy: policy(true), sandboxPolicy: ws, targets: outside },
        yes.ask,
      ),
    ).toEqual({ kind: "apply", approvedOutsideRoots: true, userApproved: true });
    expect(yes.asked).toHaveLength(1);
    const no = answer("approved");
    expect(
      await new PatchGate().authorize(
        { approvalPolicy: policy(false), sandboxPolicy: ws, targets: outside },
        no.ask,
      ),
    ).toEqual({
      kind: "rejected",
      message:
        "patch rejected: /etc/hosts is outside the writable roots (sandbox workspace-write), and the granular approval policy's sandbox_approval is false",
    });
    expect(no.asked).toEqual([]);
  });

  it("applies inside the writable roots without asking", async () => {
    const a = answer("denied");
    expect(
      await new PatchGate().authorize(
        { approvalPolicy: "on-request", sandboxPolicy: ws, targets: inside },
        a.ask,
      ),
    ).toEqual({ kind: "apply", approvedOutsideRoots: false, userApproved: false });
    expect(a.asked).toEqual([]);
  });

  it("asks outside them, and remembers the folder for the session", async () => {
    const gate = new PatchGate();
    const a = answer("approved_for_session");
    expect(
      await gate.authorize({ approvalPolicy: "on-request", sandboxPolicy: ws, targets: outside }, a.ask),
    ).toEqual({ kind: "apply", approvedOutsideRoots: true, userApproved: true });
    const b = answer("denied");
    expect(
      await gate.authorize(
        {
          approvalPolicy: "on-request",
          sandboxPolicy: ws,
          targets: [{ path: "/etc/other", writable: false }],
        },
        b.ask,
      ),
    ).toMatchObject({ kind: "apply" });
    expect(b.asked).toEqual([]);
  });

  it("refuses under never, asks everything under untrusted, and honours deny/abort", async () => {
    const gate = new PatchGate();
    expect(
      await gate.authorize(
        {
          approvalPolicy: "never",
          sandboxPolicy: { type: "read-only" },
          targets: inside.map((t) => ({ ...t, writable: false })),
        },
        answer("approved").ask,
      ),
    ).toMatchObject({ kind: "rejected" });
    const u = answer("denied");
    expect(
      await gate.authorize({ approvalPolicy: "untrusted", sandboxPolicy: ws, targets: inside }, u.ask),
    ).toMatchObject({ kind: "rejected", message: expect.stringMatching(/rejected by user/) });
    expect(u.asked).toHaveLength(1);
    expect(
      await gate.authorize(
        { approvalPolicy: "on-request", sandboxPolicy: ws, targets: outside },
        answer("abort").ask,
      ),
    ).toEqual({ kind: "abort" });
  });
});
