// `approvals_reviewer = "auto_review"` through the real binary (exec): each approval request goes to a model
// call (the fake model answers as the reviewer), which sees the command, the user's request and the
// `[auto_review] policy`; an allowed command runs, a denied one does not, and the user is told both. The
// app-server tells each review as item/autoApprovalReview/started and /completed, checked against Codex's
// schema with its nullable keys required.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { strictProtocolSchema } from "../support/app-server-client.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

type Body = {
  input?: Array<{ type?: string; role?: string; content?: Array<{ text?: string }> }>;
  instructions?: string;
  text?: { format?: { name?: string } };
};

const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";
const textOf = (body: Body) =>
  (body.input ?? []).flatMap((item) => (item.content ?? []).map((c) => c.text ?? "")).join("\n");

describe("approvals_reviewer = auto_review", () => {
  it("a model call approves or denies what the user would have been asked", async () => {
    let main = 0;
    model = await startFakeModel({
      fallback: (request: { body: Body }) => {
        const body = request.body;
        if (isReview(body)) {
          const allow = !textOf(body).includes('"denied.txt"');
          return reply.message(
            JSON.stringify({
              outcome: allow ? "allow" : "deny",
              risk_level: allow ? "low" : "high",
              rationale: allow ? "creates the file the user asked for" : "not what the user asked for",
            }),
          );
        }
        main++;
        if (main === 1) return reply.shell(["touch", "allowed.txt"]);
        if (main === 2) return reply.shell(["touch", "denied.txt"]);
        return reply.message("done");
      },
    });
    const home = makeHome(
      model.url,
      'approvals_reviewer = "auto_review"\n[auto_review]\npolicy = "POLICY: never touch denied files"\n',
    );
    const res = await runCli(
      ["exec", "--json", "-a", "untrusted", "-s", "workspace-write", "make allowed.txt"],
      {
        env: home.env,
        cwd: home.cwd,
      },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "allowed.txt"))).toBe(true);
    expect(existsSync(join(home.cwd, "denied.txt"))).toBe(false);

    const bodies = model.requests.map((r) => r.body as Body);
    const reviews = bodies.filter(isReview);
    expect(reviews).toHaveLength(2);
    // The reviewer sees the command, the user's request and the configured policy.
    expect(textOf(reviews[0]!)).toMatch(/"touch",\s*"allowed.txt"/);
    expect(textOf(reviews[0]!)).toContain("make allowed.txt");
    expect(textOf(reviews[0]!)).toContain("POLICY: never touch denied files");
    expect(reviews[0]?.instructions).toMatch(/Answer with JSON only/);
    // The user is told of both decisions; the model learns the denial.
    const events = jsonLines(res.stdout);
    const said = JSON.stringify(events);
    expect(said).toContain(
      "Automatic approval review approved (risk: low, authorization: unknown): creates the file the user asked for",
    );
    expect(said).toContain(
      "Automatic approval review denied (risk: high, authorization: unknown): not what the user asked for",
    );
    const last = bodies.filter((b) => !isReview(b)).at(-1);
    expect(JSON.stringify(last?.input)).toContain(
      // (JSON-escaped: the input is compared as JSON text)
      "This action was rejected due to unacceptable risk.\\nReason: not what the user asked for\\nThe agent must not attempt to achieve the same outcome via workaround",
    );
  });

  it("app-server: thread/start's approvalsReviewer turns it on; no approval request reaches the client", async () => {
    let main = 0;
    const patch = "*** Begin Patch\n*** Add File: note.txt\n+hello\n*** End Patch\n";
    const { home, client } = await app.start({
      model: {
        fallback: (request: { body: Body }) => {
          if (isReview(request.body)) {
            return textOf(request.body).includes("note.txt")
              ? reply.message('{"outcome":"deny","risk_level":"medium","rationale":"no notes wanted"}')
              : reply.message('{"outcome":"allow","risk_level":"low","rationale":"asked for"}');
          }
          main++;
          if (main === 1) return reply.shell(["touch", "made.txt"], { callId: "call_cmd" });
          if (main === 2) {
            return {
              events: [
                sse.created(),
                sse.customToolCall("apply_patch", patch, "call_patch"),
                sse.completed(),
              ],
            };
          }
          return reply.message("done");
        },
      },
    });
    const started = await client.call("thread/start", {
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    expect(started.approvalsReviewer).toBe("auto_review");
    const turn = await runTurn(client, (started.thread as Json).id as string, "make the file");
    expect(turn.status).toBe("completed");
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(true);
    const methods = client.received.map((m) => (m as Json).method).filter((m) => typeof m === "string");
    expect(methods.some((m) => m.endsWith("requestApproval"))).toBe(false);
    expect(existsSync(join(home.cwd, "note.txt"))).toBe(false);

    // Each review: started then completed, in the turn, about the tool call, with every key Codex sends.
    const threadId = (started.thread as Json).id as string;
    const reviews = client.received.filter((m) =>
      String((m as Json).method).startsWith("item/autoApprovalReview/"),
    ) as Array<{ method: string; params: Json }>;
    expect(reviews.map((m) => m.method)).toEqual([
      "item/autoApprovalReview/started",
      "item/autoApprovalReview/completed",
      "item/autoApprovalReview/started",
      "item/autoApprovalReview/completed",
    ]);
    const [cmdStart, cmdDone, patchStart, patchDone] = reviews.map((m) => m.params);
    expect(cmdStart).toEqual({
      threadId,
      turnId: turn.id,
      reviewId: expect.any(String),
      targetItemId: "call_cmd",
      startedAtMs: expect.any(Number),
      review: { status: "inProgress", riskLevel: null, userAuthorization: null, rationale: null },
      action: { type: "command", source: "shell", command: "touch made.txt", cwd: expect.any(String) },
    });
    expect(cmdDone).toEqual({
      ...cmdStart,
      completedAtMs: expect.any(Number),
      decisionSource: "agent",
      review: { status: "approved", riskLevel: "low", userAuthorization: "unknown", rationale: "asked for" },
    });
    expect(patchStart?.reviewId).not.toBe(cmdStart?.reviewId);
    expect(patchStart).toMatchObject({
      targetItemId: "call_patch",
      action: { type: "applyPatch", cwd: expect.any(String), files: [join(home.cwd, "note.txt")] },
    });
    expect(patchDone?.review).toEqual({
      status: "denied",
      riskLevel: "medium",
      userAuthorization: "unknown",
      rationale: "no notes wanted",
    });
    // The decision is told by the review notification, not a second time as a warning.
    expect(methods).not.toContain("warning");
    expect(client.recheck(strictProtocolSchema())).toEqual([]);
  });

  it("app-server: thread/approveGuardianDeniedAction lets the model retry a denied action, reviewed again", async () => {
    let main = 0;
    const patch = "*** Begin Patch\n*** Add File: note.txt\n+hello\n*** End Patch\n";
    const patchCall = (callId: string) => ({
      events: [sse.created(), sse.customToolCall("apply_patch", patch, callId), sse.completed()],
    });
    const {
      home,
      client,
      model: fake,
    } = await app.start({
      model: {
        fallback: (request: { body: Body }) => {
          if (isReview(request.body)) {
            return textOf(request.body).includes("The user has manually approved a specific action")
              ? reply.message('{"outcome":"allow","risk_level":"medium","rationale":"the user approved it"}')
              : reply.message('{"outcome":"deny","risk_level":"high","rationale":"no notes wanted"}');
          }
          main++;
          if (main === 1) return patchCall("call_first");
          if (main === 3) return patchCall("call_retry");
          return reply.message("done");
        },
      },
    });
    const started = await client.call("thread/start", {
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    const threadId = (started.thread as Json).id as string;
    await runTurn(client, threadId, "write a note");
    expect(existsSync(join(home.cwd, "note.txt"))).toBe(false);
    const denied = client.notifications("item/autoApprovalReview/completed")[0]!;
    expect((denied.review as Json).status).toBe("denied");

    // The client sends back Codex's core assessment event (snake_case), as Codex's own TUI does.
    const action = denied.action as Json;
    const event = {
      id: denied.reviewId,
      target_item_id: denied.targetItemId,
      turn_id: denied.turnId,
      started_at_ms: denied.startedAtMs,
      completed_at_ms: denied.completedAtMs,
      status: "denied",
      risk_level: "high",
      user_authorization: null,
      rationale: "no notes wanted",
      decision_source: "agent",
      action: { type: "apply_patch", cwd: action.cwd, files: action.files },
    };
    // Neither a malformed event nor one that was not a denial changes anything.
    await expect(client.call("thread/approveGuardianDeniedAction", { threadId, event: "x" })).rejects.toThrow(
      /event must be/,
    );
    expect(
      await client.call("thread/approveGuardianDeniedAction", {
        threadId,
        event: { ...event, status: "approved" },
      }),
    ).toEqual({});
    expect(await client.call("thread/approveGuardianDeniedAction", { threadId, event })).toEqual({});

    await runTurn(client, threadId, "try again");
    expect(existsSync(join(home.cwd, "note.txt"))).toBe(true);
    const mainBodies = fake.requests.map((r) => r.body as Body).filter((b) => !isReview(b));
    const seen = JSON.stringify(mainBodies.at(-2)?.input);
    expect(seen.match(/The user has manually approved a specific action/g)).toHaveLength(1);
    expect(seen).toContain('"outcome\\": \\"allowed\\"');
    const reviews = client.notifications("item/autoApprovalReview/completed");
    expect(reviews.map((r) => (r.review as Json).status)).toEqual(["denied", "approved"]);
    expect(client.recheck(strictProtocolSchema())).toEqual([]);
  });
});
