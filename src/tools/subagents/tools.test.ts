// The subagent tools as the model calls them (through the registry), with real child engines.
import { afterEach, describe, expect, it } from "vitest";
import { reply } from "../../../test/support/fake-model.js";
import { scriptByAgent, startHarness, type Harness } from "../../../test/support/subagents.js";
import { ToolRegistry } from "../../core/tool-api/registry.js";
import { testToolContext } from "../../../test/support/tool-context.js";
import { clampAwaitTimeout } from "./await-timeout.js";
import { subagentTools } from "./index.js";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";

let h: Harness | undefined;
afterEach(async () => {
  const model = h?.model;
  await h?.close();
  expect(model?.errors ?? []).toEqual([]);
  h = undefined;
});

async function setUp(scripts: Parameters<typeof scriptByAgent>[0]) {
  const script = scriptByAgent(scripts);
  h = await startHarness({ fallback: script.fallback });
  const registry = new ToolRegistry([...subagentTools(h.manager.scope(0))]);
  const harness = h;
  const call = (name: string, args: unknown) => registry.dispatch(name, JSON.stringify(args), harness.ctx());
  return { script, registry, call };
}

const parsed = (output: unknown) => JSON.parse(String(output)) as Record<string, unknown>;

describe("clampAwaitTimeout", () => {
  it.each([
    [undefined, 1800, undefined],
    [0, 1800, undefined],
    [300, 300, undefined],
    [600, 600, undefined],
    [1800, 1800, undefined],
    [10, 300, "timeout_s 10 is below the minimum; waited up to 300 s"],
    [-5, 300, "timeout_s -5 is below the minimum; waited up to 300 s"],
    [5000, 1800, "timeout_s 5000 is above the maximum; waited up to 1800 s"],
  ])("%s -> %s s", (requested, seconds, note) => {
    expect(clampAwaitTimeout(requested)).toEqual(note ? { seconds, note } : { seconds });
  });
});

describe("subagent tools", () => {
  it("spawn, await (with the timeout clamped and said so), logs, list and cancel", async () => {
    const { script, call } = await setUp({
      1: [reply.message("report: all good")],
      2: [{ hang: true }],
    });
    const spawned = await call("subagent_spawn", { task: "task-a: check things", name: "checker" });
    expect(spawned.success).toBe(true);
    expect(parsed(spawned.output)).toEqual({ agent_id: 1, session_id: expect.any(String) });

    const awaited = await call("subagent_await", { agent_id: 1, timeout_s: 10 });
    expect(parsed(awaited.output)).toEqual({
      status: "ready",
      finished: [{ agent_id: 1, name: "checker", status: "completed", final_message: "report: all good" }],
      messages: [],
      running: [],
      note: "timeout_s 10 is below the minimum; waited up to 300 s",
    });
    const again = await call("subagent_await", { timeout_s: 5000 });
    expect(parsed(again.output)).toMatchObject({
      status: "nothing_running",
      note: "timeout_s 5000 is above the maximum; waited up to 1800 s",
    });

    const logs = await call("subagent_logs", { agent_id: 1, limit: 3 });
    expect(logs.success).toBe(true);
    expect((logs.output as string).split("\n")).toEqual([
      'agent 1 "checker": completed',
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] input: task-a: check things$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] message: report: all good$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] turn complete$/),
    ]);

    await call("subagent_spawn", { task: "task-b: hang" });
    await script.waitForRequests(2, 1);
    const list = parsed((await call("subagent_list", {})).output);
    expect(list.agents).toEqual([
      expect.objectContaining({ agent_id: 1, parent_agent_id: 0, name: "checker", status: "completed" }),
      expect.objectContaining({ agent_id: 2, parent_agent_id: 0, status: "running", pending_messages: 0 }),
    ]);
    const sent = await call("subagent_send", { agent_id: 2, message: "hurry up" });
    expect(parsed(sent.output)).toEqual({ agent_id: 2, delivery: "queued", pending_messages: 1 });

    const cancelled = await call("subagent_cancel", { agent_id: 2 });
    expect(parsed(cancelled.output)).toEqual({ cancelled: [2] });
  });

  it("turns every refusal into an output the model can read", async () => {
    const { call } = await setUp({});
    const cases: Array<[string, unknown, string]> = [
      [
        "subagent_logs",
        { agent_id: 9 },
        "subagent_logs: no subagent with id 9; use the ids subagent_list shows",
      ],
      ["subagent_send", { agent_id: 9, message: "hi" }, "subagent_send: no subagent with id 9"],
      ["subagent_cancel", { agent_id: 9 }, "subagent_cancel: no subagent with id 9"],
      ["subagent_await", { agent_id: 9 }, "subagent_await: no subagent with id 9"],
      ["subagent_spawn", {}, "invalid arguments for subagent_spawn: task:"],
      [
        "subagent_send",
        { agent_id: 0, message: "hi" },
        "subagent_send: agent 0 is the root thread, not a subagent",
      ],
    ];
    for (const [name, args, expected] of cases) {
      const result = await call(name, args);
      expect(result.success, name).toBe(false);
      expect(result.output as string).toContain(expected);
    }
    const nothing = await call("subagent_await", {});
    expect(parsed(nothing.output)).toEqual({
      status: "nothing_running",
      finished: [],
      messages: [],
      running: [],
    });
    expect(parsed((await call("subagent_list", {})).output)).toEqual({ agents: [] });
  });

  it("announces each call: begin with its targets, end with their states after it", async () => {
    const { registry } = await setUp({ 1: [reply.message("A done")] });
    const harness = h!;
    const events: KnownEventMsg[] = [];
    const call = (name: string, args: unknown, callId: string) =>
      registry.dispatch(name, JSON.stringify(args), harness.ctx({ callId, emit: (m) => events.push(m) }));
    await call("subagent_spawn", { task: "task-a: go", model: "other-model" }, "c1");
    await call("subagent_await", { agent_id: 1 }, "c2");
    await call("subagent_send", { agent_id: 7, message: "hi" }, "c3");
    const rootId = harness.manager.scope(0).sessionId;
    const childId = harness.manager.scope(1).sessionId;
    expect(childId).not.toBe("");
    const view = events.map((e) =>
      e.type === "subagent_tool_call_begin" || e.type === "subagent_tool_call_end"
        ? [e.type.slice(19), e.call_id, e.tool, e.sender_session_id, e.agents, e.prompt, e.model]
        : e.type,
    );
    const child = { agent_id: 1, session_id: childId };
    expect(view).toEqual([
      ["begin", "c1", "spawn", rootId, [], "task-a: go", "other-model"],
      ["end", "c1", "spawn", rootId, [{ ...child, status: "running" }], "task-a: go", "other-model"],
      ["begin", "c2", "await", rootId, [{ ...child, status: "running" }], null, null],
      ["end", "c2", "await", rootId, [{ ...child, status: "completed", message: "A done" }], null, null],
      ["begin", "c3", "send", rootId, [], "hi", null],
      ["end", "c3", "send", rootId, [], "hi", null],
    ]);
    const failed = events.at(-1);
    expect(failed).toMatchObject({ success: false, error: expect.stringContaining("no subagent with id 7") });
    expect(events[1]).toMatchObject({ success: true, error: null });
  });

  it("an await names each agent once: one that finished and at once started again shows its outcome", async () => {
    const agents = [
      { agent_id: 1, parent_agent_id: 0, session_id: "s1", status: "running" as const },
      { agent_id: 2, parent_agent_id: 1, session_id: "s2", status: "running" as const },
    ].map((a) => ({ ...a, pending_messages: 0, pending_interrupts: 0 }));
    const scope = {
      agentId: 0,
      sessionId: "root",
      describe: (id: number) => {
        const a = agents.find((x) => x.agent_id === id);
        return a && { agent_id: a.agent_id, session_id: a.session_id, status: a.status };
      },
      spawn: () => Promise.reject(new Error("unused")),
      send: () => Promise.reject(new Error("unused")),
      await: () =>
        Promise.resolve({
          reason: "ready" as const,
          outcomes: [
            { agentId: 1, sessionId: "s1", name: null, status: "completed" as const, message: "first done" },
          ],
          messages: [],
          running: [1],
        }),
      logs: () => Promise.reject(new Error("unused")),
      cancel: () => Promise.reject(new Error("unused")),
      list: () => agents,
    };
    const events: KnownEventMsg[] = [];
    const registry = new ToolRegistry([...subagentTools(scope)]);
    await registry.dispatch(
      "subagent_await",
      "{}",
      testToolContext({ callId: "w", emit: (m) => events.push(m) }),
    );
    const [begin, end] = events;
    // Only the caller's own children are awaited (agent 2 is a grandchild).
    expect(begin).toMatchObject({ type: "subagent_tool_call_begin", agents: [{ agent_id: 1 }] });
    expect(end).toMatchObject({
      type: "subagent_tool_call_end",
      agents: [{ agent_id: 1, session_id: "s1", status: "completed", message: "first done" }],
    });
    expect((end as { agents: unknown[] }).agents).toHaveLength(1);
  });

  it("offers six tools with JSON schemas the API accepts", () => {
    const fakeScope = {
      agentId: 0,
      sessionId: "",
      describe: () => undefined,
      spawn: () => Promise.reject(new Error("unused")),
      send: () => Promise.reject(new Error("unused")),
      await: () => Promise.reject(new Error("unused")),
      logs: () => Promise.reject(new Error("unused")),
      cancel: () => Promise.reject(new Error("unused")),
      list: () => [],
    };
    const specs = new ToolRegistry([...subagentTools(fakeScope)]).specsForModel();
    expect(specs.map((s) => s.name)).toEqual([
      "subagent_spawn",
      "subagent_send",
      "subagent_await",
      "subagent_logs",
      "subagent_cancel",
      "subagent_list",
    ]);
    expect(specs[0]).toMatchObject({
      type: "function",
      parameters: { type: "object", required: ["task"] },
    });
  });
});
