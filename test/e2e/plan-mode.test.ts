// Plan mode end to end: the fake model streams a `<proposed_plan>` block across many small deltas; exec
// --json and proto show the message and the plan apart, the rollout keeps the plan, and a resumed thread
// shows it again.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Event } from "../../src/protocol/core-protocol.js";
import { ExecThreadEvent } from "../../src/protocol/exec-events.js";
import { PLAN_MODE_UPDATE_PLAN_ERROR } from "../../src/tools/update-plan.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { chunks, PLAN, PLAN_MESSAGE, planReply } from "../support/plan-replies.js";
import { JsonLinesProcess, jsonLines, makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await proto?.close();
  proto = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

type Msg = { type: string; [k: string]: unknown };
const msg = (e: Record<string, unknown>) => e.msg as Msg;
const is = (type: string, id?: string) => (e: Record<string, unknown>) =>
  msg(e).type === type && (id === undefined || e.id === id);

const MESSAGE = PLAN_MESSAGE;
const VISIBLE = "Here is what I propose.\nSay go when ready.";

/** Developer texts of a request (instructions). */
function developerTexts(input: Array<Record<string, unknown>>): string[] {
  return input
    .filter((i) => i.type === "message" && i.role === "developer")
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""));
}

function exec(args: string[], home: ReturnType<typeof makeHome>) {
  return runCli(["exec", "--json", ...args], { env: home.env, cwd: home.cwd });
}

function itemTypes(events: Array<Record<string, unknown>>): string[] {
  return events.map((e) =>
    String(e.type).startsWith("item.")
      ? `${String(e.type)}:${(e.item as { type: string }).type}`
      : String(e.type),
  );
}

describe("plan mode through exec --json (-c collaboration_mode=plan)", () => {
  it("shows the agent message without the block and the plan as its own item", async () => {
    model = await startFakeModel({ replies: [planReply()] });
    const home = makeHome(model.url);
    const res = await exec(["-c", "collaboration_mode=plan", "plan a cache"], home);
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
    expect(itemTypes(events)).toEqual([
      "thread.started",
      "turn.started",
      "item.started:plan",
      "item.completed:plan",
      "item.completed:agent_message",
      "turn.completed",
    ]);
    const [started, completed, message] = events.slice(2, 5) as Array<{ item: Record<string, unknown> }>;
    expect(completed?.item).toEqual({ id: started?.item.id, type: "plan", text: PLAN });
    expect(message?.item.text).toBe(VISIBLE);
    // The model was told it is in plan mode.
    const devTexts = developerTexts(model.requests[0]?.body.input ?? []);
    expect(devTexts.some((t) => t.startsWith("# Plan mode") && t.includes("<proposed_plan>"))).toBe(true);
  });

  it("a default-mode turn leaves the block in the message and sends no plan-mode instructions", async () => {
    model = await startFakeModel({ replies: [planReply()] });
    const home = makeHome(model.url);
    const events = jsonLines((await exec(["plan a cache"], home)).stdout);
    expect(itemTypes(events)).not.toContain("item.started:plan");
    expect(events.find((e) => e.type === "item.completed")).toMatchObject({ item: { text: MESSAGE } });
    expect(developerTexts(model.requests[0]?.body.input ?? []).some((t) => t.includes("Plan mode"))).toBe(
      false,
    );
  });

  it("update_plan in plan mode: the model reads the error and the turn goes on to its plan", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall("update_plan", { plan: [{ step: "look", status: "in_progress" }] }, "call_up"),
        planReply(),
      ],
    });
    const home = makeHome(model.url);
    const res = await exec(["-c", "collaboration_mode=plan", "plan it"], home);
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    expect(itemTypes(events)).not.toContain("item.started:todo_list");
    expect(events.find((e) => e.type === "item.completed" && (e.item as Msg).type === "plan")).toMatchObject({
      item: { text: PLAN },
    });
    const output = model.requests[1]?.body.input?.find((i) => i.type === "function_call_output");
    expect(output).toMatchObject({ call_id: "call_up", output: PLAN_MODE_UPDATE_PLAN_ERROR });
  });

  it("an invalid collaboration_mode is a warning, and the turn runs in default mode", async () => {
    model = await startFakeModel({ replies: [reply.message("ok")] });
    const home = makeHome(model.url);
    const events = jsonLines((await exec(["-c", "collaboration_mode=planning", "hi"], home)).stdout);
    expect(events.find((e) => e.type === "item.completed")).toMatchObject({
      item: { type: "error", message: expect.stringContaining("collaboration_mode") },
    });
    expect(events.at(-1)?.type).toBe("turn.completed");
  });
});

describe("plan mode through proto", () => {
  it("streams text and plan apart, keeps the plan in the rollout, and a resumed thread shows it", async () => {
    // The deltas stream a draft; the completed message (authoritative) has the final plan.
    const draft = MESSAGE.replace("Test a hit", "Test a draft");
    model = await startFakeModel({
      replies: [planReply(MESSAGE, chunks(draft, 2)), reply.message("on it")],
    });
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "c", op: { type: "configure_session" } });
    const configured = msg(await proto.waitFor(is("session_configured")));
    proto.send({
      id: "p",
      op: { type: "user_turn", collaboration_mode: "plan", items: [{ type: "text", text: "plan a cache" }] },
    });
    await proto.waitFor(is("task_complete", "p"));
    const events = proto.received.filter((e) => e.id === "p").map(msg);
    for (const e of proto.received) expect(Event.safeParse(e).success).toBe(true);

    expect(events[0]).toMatchObject({ type: "task_started", collaboration_mode_kind: "plan" });
    const text = events.filter((e) => e.type === "agent_message_content_delta").map((e) => e.delta);
    const plan = events.filter((e) => e.type === "plan_delta").map((e) => e.delta);
    expect(plan.length).toBeGreaterThan(5);
    expect(text.join("")).toBe(VISIBLE);
    expect(plan.join("")).toBe(draft.split("<proposed_plan>\n")[1]?.split("</proposed_plan>")[0]);
    const isPlan = (e: Msg) => (e.item as Msg | undefined)?.type === "plan";
    const started = events.find((e) => e.type === "item_started" && isPlan(e));
    const completed = events.find((e) => e.type === "item_completed" && isPlan(e));
    expect(started?.item).toEqual({ type: "plan", id: expect.any(String), text: "" });
    expect(completed?.item).toEqual({ type: "plan", id: (started?.item as Msg).id, text: PLAN });
    expect(events.find((e) => e.type === "agent_message")?.message).toBe(VISIBLE);
    expect(events.find((e) => e.type === "task_complete")?.last_agent_message).toBe(VISIBLE);
    const order = events.filter((e) => isPlan(e) || e.type === "agent_message").map((e) => e.type);
    expect(order).toEqual(["item_started", "item_completed", "agent_message"]);

    // Back to default mode: the model is told plan mode ended, and text streams as usual.
    proto.send({
      id: "d",
      op: { type: "user_turn", collaboration_mode: "default", items: [{ type: "text", text: "go" }] },
    });
    await proto.waitFor(is("task_complete", "d"));
    const devTexts = developerTexts(model.requests[1]?.body.input ?? []);
    // The model's own history keeps its whole message, block included.
    const assistant = (model.requests[1]?.body.input ?? []).filter((i) => i.role === "assistant");
    expect(JSON.stringify(assistant)).toContain(JSON.stringify(MESSAGE));
    expect(devTexts.filter((t) => t.startsWith("# Plan mode"))).toHaveLength(2);
    expect(devTexts.at(-1)).toMatch(/^# Plan mode has ended/);
    await proto.close();
    proto = undefined;

    // The rollout keeps the completed plan item, not its deltas.
    const rolloutPath = String(configured.rollout_path);
    const lines = readFileSync(rolloutPath, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Msg);
    const persisted = lines.filter((l) => l.type === "event_msg").map((l) => (l.payload as Msg).type);
    // Every completed item is kept (one plan among them), no started one.
    const persistedItems = lines
      .filter((l) => l.type === "event_msg" && (l.payload as Msg).type === "item_completed")
      .map((l) => ((l.payload as Msg).item as Msg).type);
    expect(persistedItems.filter((t) => t === "plan")).toHaveLength(1);
    expect(persisted).not.toContain("plan_delta");
    expect(persisted).not.toContain("item_started");
    const turnContexts = lines
      .filter((l) => l.type === "turn_context")
      .map((l) => (l.payload as Msg).collaboration_mode);
    expect(turnContexts).toEqual(["plan", "default"]);

    // A new process resumes the thread: its history events show the plan again.
    const resumed = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto = resumed;
    resumed.send({ id: "r", op: { type: "configure_session", resume_path: rolloutPath } });
    const again = msg(await resumed.waitFor(is("session_configured", "r")));
    expect(again.session_id).toBe(configured.session_id);
    const history = again.initial_messages as Msg[];
    expect(history.map((e) => e.type)).toEqual([
      "user_message",
      "item_completed",
      "agent_message",
      "user_message",
      "agent_message",
    ]);
    expect(history[1]).toMatchObject({ item: { type: "plan", text: PLAN } });
    expect(history[2]).toMatchObject({ message: VISIBLE });
  });

  it("a second block in the turn stays in the message, with a warning; an unterminated block closes at the end", async () => {
    const twice = `<proposed_plan>\n- one\n</proposed_plan>\n<proposed_plan>\n- two\n</proposed_plan>\n`;
    model = await startFakeModel({
      replies: [planReply(twice), planReply("Plan:\n<proposed_plan>\n- open")],
    });
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "c", op: { type: "configure_session", collaboration_mode: "plan" } });
    await proto.waitFor(is("session_configured"));
    for (const id of ["a", "b"]) {
      proto.send({ id, op: { type: "user_turn", items: [{ type: "text", text: id }] } });
      await proto.waitFor(is("task_complete", id));
    }
    const of = (id: string) => proto!.received.filter((e) => e.id === id).map(msg);
    const planOf = (id: string) =>
      of(id).find((e) => e.type === "item_completed" && (e.item as Msg).type === "plan")?.item;
    expect(planOf("a")).toMatchObject({ text: "- one\n" });
    expect(of("a").find((e) => e.type === "agent_message")?.message).toBe(
      "<proposed_plan>\n- two\n</proposed_plan>\n",
    );
    expect(of("a").find((e) => e.type === "warning")?.message).toMatch(/only one <proposed_plan> block/);
    expect(planOf("b")).toMatchObject({ text: "- open" });
    expect(of("b").find((e) => e.type === "agent_message")?.message).toBe("Plan:\n");
  });
});
