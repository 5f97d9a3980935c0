// Every item type codex-ts emits, in one app-server session, checked against Codex 0.169's schema with every
// nullable key required (clients generated from its types read `item.foo === null`, not `undefined`): the
// live notifications, server requests and answers, a subagent's and a fork's thread, turns that failed, and
// the same history read back (thread/read with turns, thread/turns/list, thread/items/list).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastUserText, reply, sse, type Reply } from "../support/fake-model.js";
import { strictProtocolSchema } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { stdioServerToml } from "../support/mcp-config.js";
import { agentOf } from "../support/subagents.js";
import { planReply } from "../support/plan-replies.js";

const app = useAppServer();

type Input = Array<Record<string, unknown>>;

const BAD_PATCH = "*** Begin Patch\n*** Frobnicate File: x\n*** End Patch\n";
const PATCH = "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch";
const REVIEW = JSON.stringify({
  findings: [],
  overall_correctness: "patch is correct",
  overall_explanation: "Nothing to flag.",
  overall_confidence_score: 0.8,
});

/** The root's replies by the turn's first word: the nth reply answers the nth request of that turn. */
const ROOT: Record<string, Reply[]> = {
  think: [
    { events: [sse.created(), ...sse.reasoning("Weighing it"), ...sse.message("thought"), sse.completed()] },
  ],
  run: [reply.shell(["echo", "hi"], { callId: "call_run" }), reply.message("ran")],
  ask: [reply.shell(["touch", "asked.txt"], { callId: "call_ask" }), reply.message("made it")],
  patch: [
    reply.shell(["bash", "-lc", `apply_patch <<'EOF'\n${PATCH}\nEOF\n`], { callId: "call_patch" }),
    reply.message("patched"),
  ],
  look: [reply.functionCall("view_image", { path: "pic.png" }, "call_img"), reply.message("seen")],
  search: [
    {
      events: [
        sse.created(),
        {
          type: "response.output_item.done",
          item: {
            type: "web_search_call",
            id: "ws_1",
            status: "completed",
            action: { type: "search", query: "cats" },
          },
        },
        sse.customToolCall("apply_patch", BAD_PATCH, "call_bad"),
        sse.completed(),
      ],
    },
    reply.message("searched"),
  ],
  mcp: [reply.functionCall("notes__echo", { text: "hi" }, "call_mcp"), reply.message("echoed")],
  delegate: [
    reply.functionCall("subagent_spawn", { task: "say done", name: "alpha" }, "call_spawn"),
    reply.functionCall("subagent_await", { agent_id: 1 }, "call_await"),
    reply.message("the child is done"),
  ],
  plan: [planReply()],
  fail: [reply.httpError(400)],
};

/** How many tool outputs follow the last user message: which step of its turn a request is. */
function step(input: Input): number {
  let outputs = 0;
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i];
    if (item?.type === "message" && item.role === "user") break;
    if (item?.type === "function_call_output" || item?.type === "custom_tool_call_output") outputs++;
  }
  return outputs;
}

function script(request: { body: { input?: unknown } }) {
  const input = (request.body.input ?? []) as Input;
  if (agentOf(input) !== 0) return reply.message("child done");
  const word = lastUserText(input).split(" ")[0] ?? "";
  // Anything else (a compaction's summary request, a review) gets review findings: JSON text either way.
  return ROOT[word]?.[step(input)] ?? reply.message(REVIEW);
}

const itemsOf = (turn: Json) => turn.items as Json[];

describe("every item codex-ts emits carries the keys Codex sends as null", () => {
  it("items, threads, turns and their history pass the strict schema", { timeout: 120_000 }, async () => {
    const { home, client: c } = await app.start({
      toml: `${stdioServerToml("notes")}\n[subagents]\nenabled = true\n`,
      model: { fallback: script },
    });
    writeFileSync(join(home.cwd, "pic.png"), Buffer.from("89504e470d0a1a0a0000", "hex"));
    mkdirSync(join(home.cwd, "docs"), { recursive: true });
    writeFileSync(join(home.cwd, "docs", "guide.md"), "# Guide\n");
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "never",
      sandbox: "danger-full-access",
    });

    // A user message with images and a mention; the answer with its reasoning.
    const started = await c.call("turn/start", {
      threadId,
      input: [
        { type: "text", text: "think about these", text_elements: [] },
        { type: "image", url: "data:image/png;base64,iVBORw0KGgo=" },
        { type: "localImage", path: join(home.cwd, "pic.png") },
        { type: "mention", name: "guide", path: join(home.cwd, "docs", "guide.md") },
      ],
    });
    const firstId = (started.turn as Json).id;
    const first = (await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === firstId))
      .turn as Json;
    expect(itemsOf(first)[0]?.content).toEqual([
      { type: "text", text: "think about these", text_elements: [] },
      { type: "image", url: "data:image/png;base64,iVBORw0KGgo=", detail: null },
      { type: "localImage", path: join(home.cwd, "pic.png"), detail: null },
      { type: "mention", name: "guide", path: join(home.cwd, "docs", "guide.md") },
    ]);

    for (const word of ["run", "patch", "look", "search", "mcp", "delegate"]) {
      const turn = await runTurn(c, threadId, word, { timeoutMs: 60_000 });
      expect(turn.status, word).toBe("completed");
    }
    await runTurn(c, threadId, "plan a cache", {
      params: { collaborationMode: { mode: "plan", settings: { model: "gpt-5.1-codex" } } },
    });

    // A command that needs the user's word: the request, then the item.
    c.request("turn/start", {
      threadId,
      input: [{ type: "text", text: "ask first" }],
      approvalPolicy: "untrusted",
    });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    expect(ask.params).toMatchObject({ itemId: "call_ask", environmentId: "local" });
    c.respond(ask.id!, { decision: "accept" });
    await c.waitNotification("turn/completed", (p) =>
      itemsOf(p.turn as Json).some((i) => i.id === "call_ask"),
    );

    // A turn the model refuses: its error carries every key.
    const failed = await runTurn(c, threadId, "fail now", { timeoutMs: 60_000 });
    expect(failed).toMatchObject({
      status: "failed",
      error: { codexErrorInfo: expect.any(String), additionalDetails: null, misalignment: null },
    });

    await c.call("thread/compact/start", { threadId });
    await c.waitNotification("item/completed", (p) => (p.item as Json).type === "contextCompaction");
    const review = await c.call("review/start", { threadId, target: { type: "uncommittedChanges" } });
    const reviewId = (review.turn as Json).id;
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === reviewId);

    const live = c.notifications("item/completed").map((p) => p.item as Json);
    const kinds = new Set(live.map((i) => i.type));
    for (const kind of [
      "userMessage",
      "agentMessage",
      "reasoning",
      "commandExecution",
      "fileChange",
      "imageView",
      "webSearch",
      "dynamicToolCall",
      "mcpToolCall",
      "collabAgentToolCall",
      "plan",
      "contextCompaction",
      "enteredReviewMode",
      "exitedReviewMode",
    ])
      expect(kinds, kind).toContain(kind);
    expect(live.find((i) => i.type === "mcpToolCall")).toMatchObject({
      id: "call_mcp",
      pluginId: null,
      readOnlyHint: true,
      appContext: null,
      mcpAppResourceUri: null,
      mcpAppUi: null,
    });
    expect(live.find((i) => i.type === "webSearch")).toMatchObject({
      action: { type: "search", query: "cats", queries: null },
      results: null,
    });
    const spawn = live.find((i) => i.id === "call_spawn");
    expect(spawn).toMatchObject({ tool: "spawnAgent", model: null, reasoningEffort: null });
    const childId = (spawn?.receiverThreadIds as string[])[0] as string;
    const child = c
      .notifications("thread/started")
      .map((p) => p.thread as Json)
      .find((t) => t.id === childId);
    expect(child).toMatchObject({
      parentThreadId: threadId,
      agentNickname: "alpha",
      agentRole: null,
      source: {
        subAgent: {
          thread_spawn: {
            parent_thread_id: threadId,
            depth: 1,
            agent_nickname: "alpha",
            agent_role: null,
            agent_path: null,
          },
        },
      },
    });

    // The history, read back, and the threads around it.
    await c.call("thread/read", { threadId, includeTurns: true });
    await c.call("thread/turns/list", { threadId });
    await c.call("thread/items/list", { threadId });
    await c.call("thread/read", { threadId: childId, includeTurns: true });
    await c.call("thread/list", {});
    const fork = await c.call("thread/fork", { threadId });
    expect(fork.thread).toMatchObject({ forkedFromId: threadId });

    expect(c.recheck(strictProtocolSchema())).toEqual([]);
  });
});
