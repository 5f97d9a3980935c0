// The manager with real child engines against the fake model: concurrency, awaiting, logs, cancel, the
// lifecycle and inbox events, and the limits.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, sse } from "../../../test/support/fake-model.js";
import type { KnownEventMsg, SubagentSummary } from "../../protocol/core-protocol.js";
import type { AgentScope, AwaitOutcome, CallerTurn } from "./agent-scope.js";
import { SubagentError } from "./agent-scope.js";
import { scriptByAgent, startHarness, toolOutputs, type Harness } from "../../../test/support/subagents.js";

let h: Harness | undefined;
afterEach(async () => {
  const model = h?.model;
  await h?.close();
  expect(model?.errors ?? []).toEqual([]);
  h = undefined;
});

const signal = new AbortController().signal;

function callerIn(harness: Harness): CallerTurn {
  return { cwd: harness.home.cwd, approvalPolicy: "never", sandboxPolicy: { type: "danger-full-access" } };
}

/** Each of two agents touches its flag and waits (bounded) for the other's: only concurrent agents meet. */
const rendezvous = (me: string, other: string) =>
  `touch ${me}.flag; for i in $(seq 1 200); do if [ -f ${other}.flag ]; then echo "${me} saw ${other}"; exit 0; fi; ` +
  `sleep 0.05; done; echo "${me} alone"; exit 1`;

const shellWithReasoning = (header: string, script: string) => ({
  events: [
    sse.created(),
    ...sse.reasoning(`**${header}**\n\nthinking it through`),
    sse.functionCall("shell", { command: ["bash", "-lc", script] }),
    sse.completed(),
  ],
});

/** Awaits (as `scope`) until `count` turn outcomes came back. */
async function awaitOutcomes(scope: AgentScope, count: number): Promise<AwaitOutcome[]> {
  const outcomes: AwaitOutcome[] = [];
  while (outcomes.length < count) {
    const result = await scope.await({ timeoutMs: 15_000, signal });
    expect(result.reason).toBe("ready");
    outcomes.push(...result.outcomes);
  }
  return outcomes;
}

const lifecycle = (events: KnownEventMsg[], agentId: number) =>
  events
    .filter(
      (m): m is Extract<KnownEventMsg, { type: "subagent_lifecycle" }> => m.type === "subagent_lifecycle",
    )
    .map((m) => m.summary)
    .filter((s) => s.agent_id === agentId)
    .map((s) => [s.status, s.reasoning_header ?? null]);

describe("SubagentManager", () => {
  it("runs two children concurrently, awaits them, reads their logs, and cancels a third", async () => {
    const script = scriptByAgent({
      1: [shellWithReasoning("Meeting B", rendezvous("a", "b")), reply.message("A done")],
      2: [shellWithReasoning("Meeting A", rendezvous("b", "a")), reply.message("B done")],
      3: [reply.shell(["bash", "-lc", "sleep 30"], { timeout_ms: 60_000 }), reply.message("C done")],
    });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);

    const a = await root.spawn({ task: "task-a: meet B", name: "alpha" }, callerIn(h));
    const b = await root.spawn({ task: "task-b: meet A", name: "beta" }, callerIn(h));
    expect([a.agentId, b.agentId]).toEqual([1, 2]);
    expect(a.sessionId).not.toBe(b.sessionId);

    const outcomes = await awaitOutcomes(root, 2);
    expect(outcomes.map((o) => [o.agentId, o.name, o.status, o.message]).sort()).toEqual([
      [1, "alpha", "completed", "A done"],
      [2, "beta", "completed", "B done"],
    ]);
    // Each command only succeeds if the other agent ran at the same time.
    expect(toolOutputs(script.requestsOf(1)[1] ?? []).join("")).toContain("a saw b");
    expect(toolOutputs(script.requestsOf(2)[1] ?? []).join("")).toContain("b saw a");

    const logs = await root.logs(1, 50);
    expect(logs.fromRollout).toBe(false);
    expect(logs.entries.map((e) => e.text)).toEqual([
      "turn started",
      "input: task-a: meet B",
      "thinking: Meeting B",
      expect.stringMatching(/^run: touch a\.flag/),
      "exit 0: a saw b",
      "message: A done",
      "turn complete",
    ]);
    // Reading logs changed nothing: no new events, the same status.
    const before = h.events.all.length;
    await root.logs(1, 5);
    expect(h.events.all.length).toBe(before);

    const c = await root.spawn({ task: "task-c: sleep" }, callerIn(h));
    await script.waitForRequests(3, 1);
    const cancelled = await root.cancel(c.agentId);
    expect(cancelled.map((s) => [s.agent_id, s.status])).toEqual([[3, "cancelled"]]);
    expect(root.list().map((s) => s.agent_id)).toEqual([1, 2]);
    await expect(root.logs(3, 5)).rejects.toThrow("agent 3 was cancelled");

    expect(lifecycle(h.events.all, 1)).toEqual([
      ["running", null],
      ["running", "Meeting B"],
      ["completed", "Meeting B"],
    ]);
    expect(lifecycle(h.events.all, 3)).toEqual([
      ["running", null],
      ["cancelled", null],
    ]);
    const created = h.events.of("subagent_lifecycle")[0]?.summary;
    expect(created).toMatchObject({
      agent_id: 1,
      parent_agent_id: 0,
      session_id: a.sessionId,
      name: "alpha",
      pending_messages: 0,
      pending_interrupts: 0,
      origin: "spawn",
    });

    // Each child has its own rollout, linked to the root thread.
    const meta = JSON.parse(readFileSync(String(created?.rollout_path), "utf8").split("\n")[0] ?? "{}") as {
      payload: Record<string, unknown>;
    };
    expect(meta.payload).toMatchObject({
      id: a.sessionId,
      parent_thread_id: "root-thread",
      source: "subagent",
    });

    expect((await root.await({ timeoutMs: 15_000, signal })).reason).toBe("nothing_running");
  });

  it("queues messages for a busy child, starts a turn for an idle one, and interrupts on request", async () => {
    const waitForGo = "for i in $(seq 1 200); do [ -f go.flag ] && exit 0; sleep 0.05; done; exit 1";
    const script = scriptByAgent({
      1: [
        reply.shell(["bash", "-lc", waitForGo]),
        reply.message("first done"),
        reply.message("second done"),
        reply.shell(["bash", "-lc", "sleep 30"], { timeout_ms: 60_000 }),
        reply.message("interrupted and restarted"),
      ],
    });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);
    await root.spawn({ task: "task: wait for go" }, callerIn(h));
    await script.waitForRequests(1, 1);

    const mark = h.events.all.length;
    expect(await root.send(1, "then do the second thing", false)).toEqual({
      delivery: "queued",
      pendingMessages: 1,
    });
    writeFileSync(join(h.home.cwd, "go.flag"), "");
    expect((await awaitOutcomes(root, 1))[0]).toMatchObject({ status: "completed", message: "first done" });
    // The queued message became the next turn.
    expect((await awaitOutcomes(root, 1))[0]).toMatchObject({ status: "completed", message: "second done" });
    expect(script.requestsOf(1)[2]?.some((i) => JSON.stringify(i).includes("then do the second thing"))).toBe(
      true,
    );

    // Idle: the message starts a turn at once, which runs a long command; an interrupt replaces it.
    expect(await root.send(1, "run the long one", false)).toEqual({ delivery: "started" });
    await script.waitForRequests(1, 4);
    expect(await root.send(1, "stop that, start over", true)).toEqual({ delivery: "interrupted" });
    expect((await awaitOutcomes(root, 1))[0]).toMatchObject({
      status: "completed",
      message: "interrupted and restarted",
    });

    const inbox = h.events.all
      .slice(mark)
      .flatMap((m) =>
        m.type === "agent_inbox" ? [[m.agent_id, m.pending_messages, m.pending_interrupts]] : [],
      );
    expect(inbox).toEqual([
      [1, 1, 0], // queued while busy
      [1, 0, 0], // delivered when its turn ended
      [1, 1, 0], // to an idle child
      [1, 0, 0],
      [1, 0, 1], // the interrupt
      [1, 0, 0],
    ]);
  });

  it("lets a child post to its parent, which gets the message from subagent_await", async () => {
    const script = scriptByAgent({
      1: [
        reply.functionCall("subagent_send", { agent_id: 0, message: "halfway there" }),
        reply.message("all done"),
      ],
    });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);
    await root.spawn({ task: "task: report progress" }, callerIn(h));

    const messages: Array<{ from: number; text: string }> = [];
    const outcomes: AwaitOutcome[] = [];
    while (outcomes.length === 0) {
      const result = await root.await({ agentId: 1, timeoutMs: 15_000, signal });
      messages.push(...result.messages);
      outcomes.push(...result.outcomes);
    }
    expect(messages).toEqual([{ from: 1, text: "halfway there" }]);
    expect(outcomes[0]).toMatchObject({ status: "completed", message: "all done" });
    expect(toolOutputs(script.requestsOf(1)[1] ?? [])).toEqual([
      JSON.stringify({ agent_id: 0, delivery: "posted" }),
    ]);
    const rootInbox = h.events.of("agent_inbox").filter((m) => m.agent_id === 0);
    expect(rootInbox.map((m) => [m.session_id, m.pending_messages])).toEqual([
      ["root-thread", 1],
      ["root-thread", 0],
    ]);
  });

  it("enforces the depth and count limits from [subagents] with a clear error", async () => {
    const script = scriptByAgent({
      1: [
        reply.functionCall("subagent_spawn", { task: "a grandchild" }),
        (input) => reply.message(`spawn said: ${toolOutputs(input).join("")}`),
      ],
      2: [reply.message("two")],
    });
    h = await startHarness({
      fallback: script.fallback,
      toml: "[subagents]\nmax_depth = 1\nmax_agents = 2\n",
    });
    expect(h.manager.limits).toEqual({ maxDepth: 1, maxAgents: 2 });
    const root = h.manager.scope(0);
    await root.spawn({ task: "task: try to nest" }, callerIn(h));
    await root.spawn({ task: "task: two" }, callerIn(h));
    const third = root.spawn({ task: "task: three" }, callerIn(h));
    await expect(third).rejects.toBeInstanceOf(SubagentError);
    await expect(third).rejects.toThrow(/2 subagents exist and the limit is 2 \(\[subagents\] max_agents\)/);

    const outcomes = await awaitOutcomes(root, 2);
    const nested = outcomes.find((o) => o.agentId === 1);
    expect(nested?.message).toContain("subagent_spawn: cannot spawn: agent 1 is at depth 1");
    expect(nested?.message).toContain("[subagents] max_depth");

    // Cancelling frees a slot; ids are never reused.
    await root.cancel(2);
    expect((await root.spawn({ task: "task: three" }, callerIn(h))).agentId).toBe(3);
  });

  it("surfaces a child's approval request with its agent id and routes the decision back", async () => {
    const script = scriptByAgent({
      1: [reply.shell(["bash", "-lc", "touch approved.txt"]), reply.message("touched")],
    });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);
    await root.spawn({ task: "task: touch a file" }, { ...callerIn(h), approvalPolicy: "untrusted" });

    const request = await h.events.waitFor((m) => m.type === "exec_approval_request");
    expect(request).toMatchObject({ agent_id: 1, command: ["bash", "-lc", "touch approved.txt"] });
    const callId = (request as Extract<KnownEventMsg, { type: "exec_approval_request" }>).call_id;
    expect(h.manager.summaries()[0]?.status).toBe("waiting");
    expect(h.manager.resolveApproval("no-such-call", "approved")).toBe(false);
    expect(h.manager.resolveApproval(callId, "approved")).toBe(true);
    expect(h.manager.resolveApproval(callId, "approved")).toBe(false);

    expect((await awaitOutcomes(root, 1))[0]).toMatchObject({ status: "completed", message: "touched" });
    expect(existsSync(join(h.home.cwd, "approved.txt"))).toBe(true);
    expect(lifecycle(h.events.all, 1).map(([status]) => status)).toEqual([
      "running",
      "waiting",
      "running",
      "completed",
    ]);
  });

  it("interruptAll stops running children; their queued messages wait for the next send", async () => {
    const script = scriptByAgent({
      1: [
        reply.shell(["bash", "-lc", "sleep 30"], { timeout_ms: 60_000 }),
        (input) => reply.message(`resumed with: ${JSON.stringify(input.slice(-2))}`),
      ],
    });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);
    await root.spawn({ task: "task: sleep" }, callerIn(h));
    await script.waitForRequests(1, 1);
    expect((await root.send(1, "queued before the interrupt", false)).delivery).toBe("queued");

    const interruptedAt = Date.now();
    expect(h.manager.interruptAll()).toBe(1);
    const outcome = (await awaitOutcomes(root, 1))[0];
    expect(Date.now() - interruptedAt).toBeLessThan(5_000);
    expect(outcome).toMatchObject({ status: "idle", message: "turn aborted (interrupted)" });
    expect(h.manager.summaries()[0]).toMatchObject({ status: "idle", pending_messages: 1 });
    expect(script.requestsOf(1)).toHaveLength(1);

    await root.send(1, "go on", false);
    const resumed = (await awaitOutcomes(root, 1))[0];
    expect(resumed?.message).toContain("queued before the interrupt");
    expect(resumed?.message).toContain("go on");
  });

  it("await times out while a child works, and refuses ids that are not the caller's children", async () => {
    const script = scriptByAgent({ 1: [{ hang: true }] });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);
    await root.spawn({ task: "task: hang" }, callerIn(h));
    await script.waitForRequests(1, 1);
    const result = await root.await({ timeoutMs: 100, signal });
    expect(result).toEqual({ reason: "timeout", outcomes: [], messages: [], running: [1] });

    const aborted = new AbortController();
    const waiting = root.await({ timeoutMs: 15_000, signal: aborted.signal });
    aborted.abort();
    expect((await waiting).reason).toBe("aborted");

    await expect(root.await({ agentId: 7, timeoutMs: 100, signal })).rejects.toThrow("no subagent with id 7");
    await expect(h.manager.scope(1).logs(1, 5)).rejects.toThrow("agent 1 is not below agent 1");
    await expect(root.send(0, "hi", false)).rejects.toThrow("agent 0 is the root thread");
    const summaries: SubagentSummary[] = root.list();
    expect(summaries.map((s) => s.status)).toEqual(["running"]);
  });
});
