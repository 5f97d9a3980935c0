// `approvals_reviewer = "auto_review"` with the unified exec tool (`exec_command`): the review names the
// command's source as Codex does (`unifiedExec` on the wire, `"tool": "exec_command"` in the planned action
// the reviewer reads), and an allowed command runs.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { strictProtocolSchema } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

type Body = { input?: Array<{ content?: Array<{ text?: string }> }>; text?: { format?: { name?: string } } };
const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";
const textOf = (body: Body) =>
  (body.input ?? []).flatMap((item) => (item.content ?? []).map((c) => c.text ?? "")).join("\n");

describe("auto-review of exec_command", () => {
  it("reviews a unified exec command as such", async () => {
    let main = 0;
    const { home, client, model } = await app.start({
      home: { shellTool: "exec_command" },
      model: {
        fallback: (request) => {
          if (isReview(request.body))
            return reply.message('{"outcome":"allow","risk_level":"low","rationale":"asked for"}');
          main++;
          return main === 1 ? reply.exec("touch u.txt", { callId: "call_u" }) : reply.message("done");
        },
      },
    });
    const threadId = await startThread(client, {
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    expect((await runTurn(client, threadId, "make u.txt")).status).toBe("completed");
    expect(existsSync(join(home.cwd, "u.txt"))).toBe(true);
    const [started] = client.notifications("item/autoApprovalReview/started");
    expect(started).toMatchObject({
      targetItemId: "call_u",
      action: { type: "command", source: "unifiedExec", command: expect.stringContaining("touch u.txt") },
    });
    // As Codex's app-server: the command shows (in progress) before its review starts, the review's words
    // come before its completion, and the command's item starts once and completes when it ran.
    const seq = client.received
      .map((m) => m as Json)
      .filter((m) => {
        const p = m.params as Json | undefined;
        const item = p?.item as Json | undefined;
        return (
          String(m.method).startsWith("item/autoApprovalReview/") ||
          m.method === "guardianWarning" ||
          item?.id === "call_u"
        );
      })
      .map((m) => {
        const item = (m.params as Json).item as Json | undefined;
        return item ? `${String(m.method)} ${String(item.status)}` : String(m.method);
      });
    expect(seq).toEqual([
      "item/started inProgress",
      "item/autoApprovalReview/started",
      "guardianWarning",
      "item/autoApprovalReview/completed",
      "item/completed completed",
    ]);
    const review = model.requests.map((r) => r.body as Body).find(isReview)!;
    expect(textOf(review)).toContain('"tool": "exec_command"');
    expect(client.recheck(strictProtocolSchema())).toEqual([]);
  });
});
