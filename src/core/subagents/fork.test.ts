// fork_context: a root engine's model spawns a child that starts from a copy of the root's conversation
// (taken mid-turn, so the spawn call itself gets an output in the copy), then awaits it.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply } from "../../../test/support/fake-model.js";
import type { Event } from "../../protocol/core-protocol.js";
import { ToolRegistry } from "../tool-api/registry.js";
import { subagentTools } from "../../tools/subagents/index.js";
import type { Codex } from "../codex.js";
import { createCodex } from "../../engine/create-codex.js";
import type { RootThread } from "./manager.js";
import {
  inputTexts,
  scriptByAgent,
  startHarness,
  toolOutputs,
  type Harness,
} from "../../../test/support/subagents.js";

let h: Harness | undefined;
let rootEngine: Codex | undefined;
afterEach(async () => {
  await rootEngine?.close();
  const model = h?.model;
  await h?.close();
  expect(model?.errors ?? []).toEqual([]);
  h = undefined;
  rootEngine = undefined;
});

/** Reads the engine's events until one matches. */
async function nextMatching(events: AsyncIterator<Event>, predicate: (e: Event) => boolean): Promise<Event> {
  for (;;) {
    const next = await events.next();
    if (next.done) throw new Error("the engine stopped");
    if (predicate(next.value)) return next.value;
  }
}

describe("fork_context", () => {
  it("gives the child the root's conversation so far, with the spawn call answered", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "say the word", fork_context: true, name: "forky" }),
        reply.functionCall("subagent_await", { timeout_s: 0 }),
        (input) => reply.message(`root saw: ${toolOutputs(input).at(-1) ?? ""}`),
      ],
      1: [(input) => reply.message(`the word is ${/PAPAYA/.exec(inputTexts(input).join(" "))?.[0] ?? "?"}`)],
    });
    // Known once the root engine's thread opens.
    const rootThread: { current?: RootThread } = {};
    h = await startHarness({ fallback: script.fallback, root: () => rootThread.current });
    const engine = createCodex({
      config: h.config,
      env: h.home.env,
      tools: new ToolRegistry([...subagentTools(h.manager.scope(0))]),
    });
    rootEngine = engine;
    const events = engine[Symbol.asyncIterator]();
    engine.submit({
      type: "configure_session",
      approval_policy: "never",
      sandbox_policy: { type: "danger-full-access" },
    });
    const configured = await nextMatching(events, (e) => e.msg.type === "session_configured");
    if (configured.msg.type !== "session_configured") throw new Error("unreachable");
    const root = { threadId: configured.msg.session_id, rolloutPath: String(configured.msg.rollout_path) };
    rootThread.current = root;

    engine.submit({ type: "user_turn", items: [{ type: "text", text: "remember the word PAPAYA" }] });
    const done = await nextMatching(events, (e) => e.msg.type === "task_complete" || e.msg.type === "error");
    expect(done.msg).toMatchObject({ type: "task_complete" });

    // The child's first request holds the root's user message and an output for the spawn call.
    const childInput = script.requestsOf(1)[0] ?? [];
    expect(inputTexts(childInput).some((t) => t.includes("remember the word PAPAYA"))).toBe(true);
    expect(lastUserText(childInput)).toBe("say the word");
    expect(toolOutputs(childInput)[0]).toMatch(
      /^You are now subagent 1 \("forky"\): a fork of this conversation/,
    );

    const finalRootMessage = (done.msg as { last_agent_message?: string }).last_agent_message ?? "";
    expect(finalRootMessage).toContain('"final_message":"the word is PAPAYA"');
    expect(finalRootMessage).toContain('"name":"forky"');

    const summary = h.manager.summaries()[0];
    expect(summary).toMatchObject({ agent_id: 1, origin: "fork", status: "completed" });
    const meta = JSON.parse(readFileSync(String(summary?.rollout_path), "utf8").split("\n")[0] ?? "{}") as {
      payload: Record<string, unknown>;
    };
    expect(meta.payload).toMatchObject({
      forked_from_id: root.threadId,
      parent_thread_id: root.threadId,
      source: "subagent",
    });
  });
});
