// `approvals_reviewer = "auto_review"` and MCP tools: a call to a tool its server marks destructive is
// reviewed instead of asked about, as Codex does. The reviewer sees the server, the tool, its hints and
// the arguments; an allowed call runs, a denied one does not and the model reads the reviewer's reason.
// The app-server tells each review with Codex's `mcpToolCall` action, schema-checked.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { protocolSchema, strictProtocolSchema } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { stdioServerToml } from "../support/mcp-config.js";

const app = useAppServer();

type Body = {
  input?: Array<{ type?: string; call_id?: string; output?: unknown; content?: Array<{ text?: string }> }>;
  text?: { format?: { name?: string } };
};
const isReview = (body: Body) => body.text?.format?.name === "auto_review_assessment";
const textOf = (body: Body) =>
  (body.input ?? []).flatMap((item) => (item.content ?? []).map((c) => c.text ?? "")).join("\n");
const outputOf = (body: Body | undefined, callId: string) =>
  body?.input?.find((i) => i.type === "function_call_output" && i.call_id === callId)?.output;

describe("auto-review of MCP tool calls", () => {
  it("reviews a destructive tool's call instead of asking the user", async () => {
    let main = 0;
    const { client, model } = await app.start({
      model: {
        fallback: (request) => {
          const body = request.body as Body;
          if (isReview(body)) {
            // The planned action is the last thing in the request (the transcript comes before it).
            return textOf(body).split(">>> APPROVAL REQUEST START")[1]?.includes("sell car")
              ? reply.message('{"outcome":"deny","risk_level":"high","rationale":"not asked for"}')
              : reply.message('{"outcome":"allow","risk_level":"low","rationale":"the note the user wants"}');
          }
          main++;
          if (main === 1) return reply.functionCall("local__add_note", { note: "buy milk" }, "call_ok");
          if (main === 2) return reply.functionCall("local__add_note", { note: "sell car" }, "call_no");
          return reply.message("done");
        },
      },
      toml: stdioServerToml("local"),
    });
    const threadId = await startThread(client, {
      approvalPolicy: "on-request",
      sandbox: "workspace-write",
      approvalsReviewer: "auto_review",
    });
    const turn = await runTurn(client, threadId, "note that I must buy milk", { timeoutMs: 30_000 });
    expect(turn.status).toBe("completed");

    const methods = client.received.map((m) => String((m as Json).method));
    expect(methods.some((m) => m.endsWith("requestApproval"))).toBe(false);
    const bodies = model.requests.map((r) => r.body as Body);
    const reviews = bodies.filter(isReview);
    expect(reviews).toHaveLength(2);
    // The reviewer reads Codex's planned-action JSON for an MCP call.
    const asked = textOf(reviews[0]!);
    expect(asked).toContain('"tool": "mcp_tool_call"');
    expect(asked).toContain('"server": "local"');
    expect(asked).toContain('"tool_name": "add_note"');
    expect(asked).toContain('"destructiveHint": true');
    expect(asked).toMatch(/"arguments": \{\s*"note": "buy milk"\s*\}/);

    const main_ = bodies.filter((b) => !isReview(b));
    expect(outputOf(main_[1], "call_ok")).toBe("noted: buy milk");
    expect(String(outputOf(main_[2], "call_no"))).toContain(
      "This action was rejected due to unacceptable risk.\nReason: not asked for\n",
    );

    const done = client.notifications("item/autoApprovalReview/completed");
    expect(done.map((d) => [d.targetItemId, (d.review as Json).status])).toEqual([
      ["call_ok", "approved"],
      ["call_no", "denied"],
    ]);
    expect(done[0]?.action).toEqual({
      type: "mcpToolCall",
      server: "local",
      toolName: "add_note",
      connectorId: null,
      connectorName: null,
      toolTitle: null,
    });
    const items = client
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .filter((i) => i.type === "mcpToolCall");
    expect(items.map((i) => [i.id, i.status])).toEqual([
      ["call_ok", "completed"],
      ["call_no", "failed"],
    ]);
    expect(client.notifications("guardianWarning")).toHaveLength(2);
    // The reviews strictly (the mcpToolCall item's own nullable keys are another part's concern).
    const strict = client
      .recheck(strictProtocolSchema())
      .filter(
        (p) => p.includes('"method":"item/autoApprovalReview/') || p.includes('"method":"guardianWarning"'),
      );
    expect(strict).toEqual([]);
    expect(client.recheck(protocolSchema())).toEqual([]);
  });
});
