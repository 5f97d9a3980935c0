// `codex-ts proto`: Submissions in, Events out, over stdio, in the order the seed describes.
import { afterEach, describe, expect, it } from "vitest";
import { isEvent as isType, msgOf, teardown, type FakeModel } from "../support/proto-events.js";
import { Event } from "../../src/protocol/core-protocol.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

describe("proto", () => {
  it("runs a scripted session: configure, a shell turn, an interrupted long command, another turn", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "echo first"]),
        reply.message("ran it"),
        reply.shell(["bash", "-lc", "sleep 30"], { timeout_ms: 60_000 }),
        reply.message("second task done"),
      ],
    });
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
      env: home.env,
      cwd: home.cwd,
    });

    proto.send({ id: "c1", op: { type: "configure_session" } });
    const configured = await proto.waitFor(isType("session_configured"));
    expect(configured.id).toBe("c1");
    expect(msgOf(configured)).toMatchObject({
      model: "gpt-5.1-codex",
      approval_policy: "never",
      sandbox_policy: { type: "danger-full-access" },
    });

    proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "run echo" }] } });
    await proto.waitFor(isType("task_complete", "t1"));
    const firstTask = proto.received.filter((e) => e.id === "t1").map((e) => msgOf(e).type);
    // The engine's items come beside the events older clients read.
    expect(
      firstTask.filter(
        (t) =>
          t !== "exec_command_output_delta" && t !== "agent_message_content_delta" && !t.startsWith("item_"),
      ),
    ).toEqual([
      "task_started",
      "user_message",
      "exec_command_begin",
      "exec_command_end",
      "token_count",
      "agent_message",
      "token_count",
      "task_complete",
    ]);
    expect(msgOf(proto.received.find(isType("exec_command_end"))!)).toMatchObject({
      exit_code: 0,
      aggregated_output: "first\n",
    });
    expect(msgOf(proto.received.find(isType("task_complete", "t1"))!)).toMatchObject({
      last_agent_message: "ran it",
    });
    expect(msgOf(proto.received.find(isType("task_complete", "t1"))!).response_id).toMatch(/^resp_/);

    const mark = proto.received.length;
    proto.send({ id: "t2", op: { type: "user_turn", items: [{ type: "text", text: "sleep" }] } });
    await proto.waitFor(isType("exec_command_begin", "t2"), { from: mark });
    const interruptedAt = Date.now();
    proto.send({ id: "i1", op: { type: "interrupt" } });
    const aborted = await proto.waitFor(isType("turn_aborted", "t2"), { from: mark });
    expect(Date.now() - interruptedAt).toBeLessThan(1000);
    expect(msgOf(aborted).reason).toBe("interrupted");
    expect(proto.received.slice(mark).some(isType("task_complete", "t2"))).toBe(false);

    proto.send("this is not json");
    const garbage = await proto.waitFor(
      (e) => isType("error")(e) && String(msgOf(e).message).startsWith("line 5:"),
      { from: mark },
    );
    expect(msgOf(garbage).message).toMatch(/^line 5: invalid JSON/);
    proto.send({ id: "bad", op: { type: "teleport" } });
    const unknown = await proto.waitFor(isType("error", "bad"), { from: mark });
    expect(msgOf(unknown).message).toBe("line 6: unknown op type 'teleport'");

    proto.send({ id: "t3", op: { type: "user_turn", items: [{ type: "text", text: "again" }] } });
    const done = await proto.waitFor(isType("task_complete", "t3"), { from: mark });
    expect(msgOf(done).last_agent_message).toBe("second task done");
    // The interrupted call still had an output in the next request (the fake model checks every pair).
    const lastInput = model.requests.at(-1)?.body.input ?? [];
    expect(lastInput.filter((i) => i.type === "function_call_output").map((i) => i.output)).toContain(
      "aborted by user",
    );

    for (const event of proto.received) expect(Event.safeParse(event).success).toBe(true);
    expect(await proto.close()).toBe(0);
    proto = undefined;
  });

  it("asks for configure_session before anything else and keeps serving", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "early", op: { type: "user_input", items: [{ type: "text", text: "hi" }] } });
    const err = await proto.waitFor(isType("error", "early"));
    expect(msgOf(err).message).toBe("no session: send configure_session before user_input");
    proto.send({ id: "x", op: { type: "user_turn", items: "nope" } });
    expect(msgOf(await proto.waitFor(isType("error", "x"))).message).toMatch(
      /^line 2: invalid submission: op\.items:/,
    );
    proto.send({ id: "c", op: { type: "configure_session" } });
    await proto.waitFor(isType("session_configured", "c"));
    proto.send({ id: "u", op: { type: "user_input", items: [{ type: "text", text: "legacy input" }] } });
    const done = await proto.waitFor(isType("task_complete", "u"));
    expect(msgOf(done).last_agent_message).toBe("(fake model) you said: legacy input");
  });

  it("does not read CODEX_API_KEY (exec alone does): with only that, the turn fails before any request", async () => {
    model = await startFakeModel({ replies: [reply.message("never sent")] });
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto"], {
      env: { ...home.env, OPENAI_API_KEY: undefined, CODEX_API_KEY: "sk-codex" },
      cwd: home.cwd,
    });
    proto.send({ id: "c1", op: { type: "configure_session" } });
    await proto.waitFor(isType("session_configured"));
    proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "hi" }] } });
    const error = await proto.waitFor(isType("error", "t1"));
    expect(String(msgOf(error).message)).toMatch(/not logged in/i);
    expect(model.requests).toHaveLength(0);
  });
});
