// `approvals_reviewer = "auto_review"`: a review that does not finish in time ends as Codex's does: the
// review completes as `timedOut` (rationale said, no risk level), a guardianWarning tells the user, the
// action is not taken, and the model is told the timeout says nothing about the action's safety. Codex's
// limit is 90 s; the test shortens it with the test-only CODEX_TS_AUTO_REVIEW_TIMEOUT_MS while the fake
// model never answers the reviewer.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { strictProtocolSchema } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

type Body = { input?: Array<{ type?: string; output?: unknown }>; text?: { format?: { name?: string } } };
const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";

describe("auto-review time limit", () => {
  it("ends a review that takes too long as timed out and declines the action", async () => {
    let main = 0;
    const { home, client, model } = await app.start({
      model: {
        fallback: (request) => {
          if (isReview(request.body)) return reply.hang();
          main++;
          return main === 1
            ? reply.shell(["touch", "late.txt"], { callId: "call_late" })
            : reply.message("ok");
        },
      },
      env: { CODEX_TS_AUTO_REVIEW_TIMEOUT_MS: "300" },
    });
    const threadId = await startThread(client, {
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    const turn = await runTurn(client, threadId, "make late.txt");
    expect(turn.status).toBe("completed");
    expect(existsSync(join(home.cwd, "late.txt"))).toBe(false);

    const done = client.notifications("item/autoApprovalReview/completed");
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      targetItemId: "call_late",
      decisionSource: "agent",
      review: {
        status: "timedOut",
        riskLevel: null,
        userAuthorization: null,
        rationale: "Automatic approval review timed out while evaluating the requested approval.",
      },
    });
    expect(client.notifications("guardianWarning")).toEqual([
      { threadId, message: "Automatic approval review timed out while evaluating the requested approval." },
    ]);
    const next = model.requests.map((r) => r.body as Body).filter((b) => !isReview(b))[1];
    const output = next?.input?.find((i) => i.type === "function_call_output")?.output;
    expect(JSON.stringify(output)).toContain(
      "The automatic permission approval review did not finish before its deadline. Do not assume the action is unsafe based on the timeout alone.",
    );
    // The command shows as failed, as Codex shows a command whose review timed out.
    const command = client
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .find((i) => i.id === "call_late");
    expect(command).toMatchObject({ type: "commandExecution", command: "touch late.txt", status: "failed" });
    expect(client.recheck(strictProtocolSchema())).toEqual([]);
  });
});
