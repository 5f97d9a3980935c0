// `approvals_reviewer = "auto_review"` and the thread's history. What the reviewer reads is Codex's
// transcript of the whole conversation: every user request, the agent's messages, tool calls and their
// results (not the engine's environment context), and the reviewed thread's id. Reviews themselves are
// live only, as in Codex 0.169 (its rollout policy does not persist guardian assessments): the rollout
// holds no review, thread/read shows none and a resumed thread replays none, while the decision's effect
// (the declined call's output the model read) stays in the history.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

type Body = {
  input?: Array<{ type?: string; role?: string; content?: Array<{ text?: string }> }>;
  text?: { format?: { name?: string } };
};
const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";
const textOf = (body: Body) =>
  (body.input ?? []).flatMap((item) => (item.content ?? []).map((c) => c.text ?? "")).join("\n");

describe("auto-review and the conversation", () => {
  it("shows the reviewer the conversation; keeps no review in the rollout, thread/read or a resume", async () => {
    let main = 0;
    const { home, client, model } = await app.start({
      model: {
        fallback: (request) => {
          if (isReview(request.body)) {
            return reply.message('{"outcome":"deny","risk_level":"high","rationale":"deletes the sources"}');
          }
          main++;
          if (main === 1) return reply.message("The project is set up.");
          if (main === 2) return reply.shell(["ls"], { callId: "call_ls" });
          if (main === 3) return reply.shell(["rm", "-rf", "src"], { callId: "call_rm" });
          return reply.message("I was not allowed to.");
        },
      },
    });
    const started = await client.call("thread/start", {
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    const thread = started.thread as Json;
    const threadId = thread.id as string;
    await runTurn(client, threadId, "first: set up the project");
    await runTurn(client, threadId, "second: clean up the build output");

    const reviews = model.requests.map((r) => r.body as Body).filter(isReview);
    expect(reviews).toHaveLength(1);
    const seen = textOf(reviews[0]!);
    const transcript = seen.split(">>> TRANSCRIPT START\n")[1]!.split(">>> TRANSCRIPT END")[0]!;
    // In order: both requests, the agent's message, the earlier call and its result, then the reviewed
    // call itself (the history holds it before it runs, as Codex's does).
    const order = [
      "[1] user: first: set up the project\n",
      "\n[2] assistant: The project is set up.\n",
      "\n[3] user: second: clean up the build output\n",
      '\n[4] tool shell call: {"command":["ls"]',
      "\n[5] tool shell result: ",
      '\n[6] tool shell call: {"command":["rm","-rf","src"]',
    ].map((part) => transcript.indexOf(part));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(transcript.startsWith("[1] user: first")).toBe(true);
    expect(seen).not.toContain("environment_context");
    expect(seen).toContain(`Reviewed Codex session id: ${threadId}`);
    expect(seen).toMatch(/Planned action JSON:\n\{\n {2}"command": \[\n {4}"rm",/);

    // The rollout has the declined call's output, and no review.
    const lines = readFileSync(thread.path as string, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; payload: Json });
    const events = lines.filter((l) => l.type === "event_msg").map((l) => l.payload.type);
    expect(events).not.toContain("auto_review");
    expect(events).not.toContain("warning");
    const output = lines.find(
      (l) => l.payload.type === "function_call_output" && l.payload.call_id === "call_rm",
    );
    expect(JSON.stringify(output?.payload.output)).toContain(
      "This action was rejected due to unacceptable risk.",
    );

    // The refused command shows as declined, live and read back (codex-ts keeps completed items, as for a
    // command the user refused; Codex 0.169 reads back no item for either).
    const declined = (i: Json) => i.id === "call_rm" && i.status === "declined";
    expect(client.notifications("item/completed").some((p) => declined(p.item as Json))).toBe(true);
    const read = await client.call("thread/read", { threadId, includeTurns: true });
    const turns = (read.thread as Json).turns as Array<{ items: Json[] }>;
    expect(turns.flatMap((t) => t.items).some(declined)).toBe(true);
    expect(JSON.stringify(read)).not.toMatch(/autoApprovalReview|deletes the sources/);

    // Another client resumes the thread: nothing about the review is replayed to it.
    const other = await app.spawn(home);
    const resumed = await other.call("thread/resume", { threadId });
    expect((resumed.thread as Json).id).toBe(threadId);
    expect(JSON.stringify(resumed)).not.toMatch(/autoApprovalReview|deletes the sources/);
    const methods = other.received.map((m) => String((m as Json).method));
    expect(methods.filter((m) => m.startsWith("item/autoApprovalReview") || m === "guardianWarning")).toEqual(
      [],
    );
  });
});
