// Subagents through the binary (proto): the root's model spawns two children that work concurrently, awaits
// them, reads their logs and cancels a third; the lifecycle and inbox events arrive in order; the count limit
// is a tool error; the process is killed mid-way (a child busy, a message queued for it, another from it to
// the root unread), and on resume the tree and the inboxes are rebuilt and the root continues.
import { afterEach, describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome, type TestHome } from "../support/cli.js";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { scriptByAgent, toolOutputs, type Input } from "../support/subagents.js";
import { startFakeModel } from "../support/fake-model.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

const SUBAGENTS_TOML = "[subagents]\nenabled = true\nmax_depth = 2\nmax_agents = 3\n";

/** Each of two agents touches its flag and waits (bounded) for the other's: only concurrent agents meet. */
const rendezvous = (me: string, other: string) =>
  `touch ${me}.flag; for i in $(seq 1 200); do if [ -f ${other}.flag ]; then echo "${me} saw ${other}"; exit 0; fi; ` +
  `sleep 0.05; done; echo "${me} alone"; exit 1`;

const lastOutput = (input: Input) => toolOutputs(input).at(-1) ?? "";

/** The text parts of the last user message of a request. */
function lastUserParts(input: Input): string[] {
  const last = input.findLast((item) => item.type === "message" && item.role === "user");
  return ((last?.content as Array<{ text?: string }> | undefined) ?? []).map((c) => c.text ?? "");
}

function startProto(home: TestHome): JsonLinesProcess {
  return new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
    env: home.env,
    cwd: home.cwd,
  });
}

async function turn(p: JsonLinesProcess, id: string, text: string) {
  const from = p.received.length;
  p.send({ id, op: { type: "user_turn", items: [{ type: "text", text }] } });
  return p.waitFor((e) => e.id === id && ["task_complete", "error"].includes(msg(e).type), {
    from,
    timeoutMs: 30_000,
  });
}

const lifecycles = (p: JsonLinesProcess) =>
  p.received
    .filter(is("subagent_lifecycle"))
    .map((e) => msg(e).summary as { agent_id: number; status: string; reasoning_header?: string | null });

describe("subagents through proto", () => {
  it("spawns, awaits, logs and cancels; limits; killed mid-way, resumed with the tree rebuilt", async () => {
    const script = scriptByAgent({
      0: [
        /* 0 */ reply.functionCall("subagent_spawn", { task: "task-a: meet B", name: "alpha" }),
        /* 1 */ reply.functionCall("subagent_spawn", { task: "task-b: meet A", name: "beta" }),
        /* 2 */ reply.functionCall("subagent_await", { agent_id: 1 }),
        /* 3 */ reply.functionCall("subagent_await", { agent_id: 2 }),
        /* 4 */ reply.functionCall("subagent_logs", { agent_id: 1 }),
        /* 5 */ reply.functionCall("subagent_spawn", { task: "task-c: sleep" }),
        /* 6 */ reply.functionCall("subagent_spawn", { task: "task-x: over the limit" }),
        /* 7 */ reply.functionCall("subagent_cancel", { agent_id: 3 }),
        /* 8 */ reply.message("first turn done"),
        // Second turn: a child that is still working when the process is killed, with a message queued for
        // it; it posts a message to the root, which the root does not read before the kill.
        /* 9 */ reply.functionCall("subagent_spawn", { task: "task-e: long job", name: "echo" }),
        /* 10 */ reply.functionCall("subagent_send", { agent_id: 4, message: "also check the docs" }),
        /* 11 */ reply.message("second turn done"),
        // After the resume.
        /* 12 */ reply.functionCall("subagent_list", {}),
        /* 13 */ reply.functionCall("subagent_await", {}),
        /* 14 */ reply.functionCall("subagent_send", { agent_id: 4, message: "finish now" }),
        /* 15 */ reply.functionCall("subagent_await", { agent_id: 4 }),
        /* 16 */ (input) => reply.message(`resumed: ${lastOutput(input)}`),
      ],
      1: [reply.shell(["bash", "-lc", rendezvous("a", "b")]), reply.message("A done")],
      2: [reply.shell(["bash", "-lc", rendezvous("b", "a")]), reply.message("B done")],
      3: [reply.shell(["bash", "-lc", "sleep 30"], { timeout_ms: 60_000 })],
      4: [
        reply.functionCall("subagent_send", { agent_id: 0, message: "E: halfway there" }),
        { hang: true },
        reply.message("E finished after the restart"),
      ],
    });
    model = await startFakeModel({ fallback: script.fallback });
    const home = makeHome(model.url, SUBAGENTS_TOML);

    proto = startProto(home);
    proto.send({ id: "c1", op: { type: "configure_session" } });
    const configured = await proto.waitFor(is("session_configured"));
    const rolloutPath = String(msg(configured).rollout_path);

    const first = await turn(proto, "t1", "coordinate the work");
    expect(msg(first)).toMatchObject({ type: "task_complete", last_agent_message: "first turn done" });

    // Concurrency: each child's command only succeeds if the other ran at the same time.
    expect(lastOutput(script.requestsOf(1)[1] ?? [])).toContain("a saw b");
    expect(lastOutput(script.requestsOf(2)[1] ?? [])).toContain("b saw a");
    // The count limit (3) is a tool error the model reads.
    expect(lastOutput(script.requestsOf(0)[7] ?? [])).toContain("[subagents] max_agents");
    expect(lastOutput(script.requestsOf(0)[5] ?? [])).toMatch(/^agent 1 "alpha": completed/);

    const byAgent = (id: number) =>
      lifecycles(proto!)
        .filter((s) => s.agent_id === id)
        .map((s) => s.status);
    expect(byAgent(1)).toEqual(["running", "completed"]);
    expect(byAgent(2)).toEqual(["running", "completed"]);
    expect(byAgent(3)).toEqual(["running", "cancelled"]);

    // Second turn: E is spawned, posts to the root and hangs; the root queues a message for it and ends its
    // turn without reading E's; the process is killed.
    const from = proto.received.length;
    const second = await turn(proto, "t2", "start the long job");
    expect(msg(second)).toMatchObject({ type: "task_complete", last_agent_message: "second turn done" });
    expect(JSON.parse(lastOutput(script.requestsOf(0)[11] ?? []))).toMatchObject({ delivery: "queued" });
    const inboxMessage = (agent: number) => (e: Record<string, unknown>) =>
      is("agent_inbox_message")(e) && msg(e).agent_id === agent;
    await proto.waitFor(inboxMessage(0), { from });
    await script.waitForRequests(4, 2);
    expect(
      proto.received
        .slice(from)
        .filter(inboxMessage(4))
        .map((e) => msg(e).message),
    ).toEqual(["also check the docs"]);
    proto.child.kill("SIGKILL");
    await proto.exited;

    // Resume: the tree comes back (E idle, resumable, a message waiting for it), and the root continues: its
    // first await returns E's message, and E, reopened, gets the queued message before the new one.
    proto = startProto(home);
    proto.send({ id: "c2", op: { type: "configure_session", resume_path: rolloutPath } });
    await proto.waitFor(is("session_configured"));
    const resumed = await turn(proto, "t3", "carry on");
    expect(msg(resumed).type).toBe("task_complete");
    const listed = JSON.parse(lastOutput(script.requestsOf(0)[13] ?? [])) as { agents: unknown[] };
    expect(listed.agents).toEqual([
      expect.objectContaining({ agent_id: 1, status: "completed" }),
      expect.objectContaining({ agent_id: 2, status: "completed" }),
      expect.objectContaining({ agent_id: 4, name: "echo", status: "idle", pending_messages: 1 }),
    ]);
    expect(JSON.parse(lastOutput(script.requestsOf(0)[14] ?? []))).toMatchObject({
      status: "ready",
      messages: [{ from: 4, message: "E: halfway there" }],
    });
    expect(String(msg(resumed).last_agent_message)).toContain("E finished after the restart");
    // E resumed its own thread (its request carries its first task) with both messages, in order, once.
    const eRequest = script.requestsOf(4)[2] ?? [];
    expect(JSON.stringify(eRequest)).toContain("task-e: long job");
    expect(lastUserParts(eRequest)).toEqual(["also check the docs", "finish now"]);
    expect(JSON.stringify(eRequest).split("also check the docs")).toHaveLength(2);
  });
});
