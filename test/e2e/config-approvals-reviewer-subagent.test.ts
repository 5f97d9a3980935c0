// `approvals_reviewer = "auto_review"` and subagents: a child's approval request is reviewed like the
// root's, and the client watching the root sees the review, on the child's thread (its id and its turn),
// as Codex sends a subagent thread's notifications. Schema-checked with Codex's nullable keys required.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { strictProtocolSchema } from "../support/app-server-client.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { scriptByAgent } from "../support/subagents.js";

const app = useAppServer();

type Body = { text?: { format?: { name?: string } } };
const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";

describe("auto-review of a subagent's approvals", () => {
  it("goes out on the child's thread to the client of the root", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task: make a file", name: "maker" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("all made"),
      ],
      1: [
        reply.functionCall("shell", { command: ["touch", "child.txt"] }, "call_child"),
        reply.message("child done"),
      ],
    });
    const { home, client: c } = await app.start({
      model: {
        fallback: (request) =>
          isReview(request.body as Body)
            ? reply.message('{"outcome":"allow","risk_level":"low","rationale":"the task asks for it"}')
            : script.fallback(request),
      },
      toml: "[subagents]\nenabled = true\n",
    });
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "delegate" }] });
    const completed = await c.waitNotification("turn/completed", (p) => p.threadId === threadId, {
      timeoutMs: 30_000,
    });
    expect((completed.turn as Json).status).toBe("completed");
    expect(existsSync(join(home.cwd, "child.txt"))).toBe(true);

    const child = c.notifications("thread/started").find((p) => (p.thread as Json).id !== threadId);
    const childId = (child?.thread as Json | undefined)?.id;
    expect(childId).toEqual(expect.any(String));
    const childTurn = c.notifications("turn/started").find((p) => p.threadId === childId);
    const started = c.notifications("item/autoApprovalReview/started");
    const done = c.notifications("item/autoApprovalReview/completed");
    expect(started).toHaveLength(1);
    expect(done).toHaveLength(1);
    expect(started[0]).toEqual({
      threadId: childId,
      turnId: (childTurn?.turn as Json).id,
      reviewId: expect.any(String),
      targetItemId: "call_child",
      startedAtMs: expect.any(Number),
      review: { status: "inProgress", riskLevel: null, userAuthorization: null, rationale: null },
      action: { type: "command", source: "shell", command: "touch child.txt", cwd: expect.any(String) },
    });
    expect(done[0]).toMatchObject({
      threadId: childId,
      reviewId: started[0]!.reviewId,
      decisionSource: "agent",
      review: { status: "approved", riskLevel: "low", rationale: "the task asks for it" },
    });
    // Nobody was asked.
    const methods = c.received.map((m) => String((m as Json).method));
    expect(methods.some((m) => m.endsWith("requestApproval"))).toBe(false);
    // (Only the reviews are checked strictly here: the collab items are another part's concern.)
    const strict = c.recheck(strictProtocolSchema()).filter((p) => p.includes("item/autoApprovalReview/"));
    expect(strict).toEqual([]);
  });
});
