// `approvals_reviewer = "auto_review"`: as Codex does, a turn whose actions the reviewer denies three times
// in a row is interrupted (after the third denial), with Codex's words as a guardianWarning; the model is
// not asked again in that turn.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { strictProtocolSchema } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

type Body = { text?: { format?: { name?: string } } };
const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";

describe("auto-review denials", () => {
  it("interrupt the turn after three in a row", async () => {
    let main = 0;
    const { home, client, model } = await app.start({
      model: {
        fallback: (request) => {
          if (isReview(request.body as Body))
            return reply.message('{"outcome":"deny","risk_level":"high","rationale":"no"}');
          main++;
          return main <= 4 ? reply.shell(["touch", `try${main}.txt`]) : reply.message("gave up");
        },
      },
    });
    const threadId = await startThread(client, {
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    const turn = await runTurn(client, threadId, "make the files");
    expect(turn.status).toBe("interrupted");
    expect(client.notifications("item/autoApprovalReview/completed")).toHaveLength(3);
    expect(client.notifications("guardianWarning").at(-1)).toEqual({
      threadId,
      message:
        "Automatic approval review rejected too many approval requests for this turn (3 consecutive, 3 in the last 50 reviews); interrupting the turn.",
    });
    // Three main requests (each proposing a command), three reviews, and nothing after the interrupt.
    expect(model.requests.filter((r) => !isReview(r.body as Body))).toHaveLength(3);
    for (const n of [1, 2, 3]) expect(existsSync(join(home.cwd, `try${n}.txt`))).toBe(false);
    expect(client.recheck(strictProtocolSchema())).toEqual([]);
  });
});
