// update_plan, view_image and request_user_input through the binary.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, jsonLines, makeHome, runCli } from "../support/cli.js";
import { isEvent, msgOf, teardown, type FakeModel } from "../support/proto-events.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

const outputOf = (m: FakeModel, callId: string) =>
  m.requests
    .flatMap((r) => r.body.input ?? [])
    .find((i) => i.type === "function_call_output" && i.call_id === callId)?.output;

describe("update_plan", () => {
  it("becomes one todo_list item in exec --json, updated and completed with the turn", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall(
          "update_plan",
          {
            plan: [
              { step: "read", status: "in_progress" },
              { step: "fix", status: "pending" },
            ],
          },
          "p1",
        ),
        reply.functionCall(
          "update_plan",
          {
            explanation: "read done",
            plan: [
              { step: "read", status: "completed" },
              { step: "fix", status: "in_progress" },
            ],
          },
          "p2",
        ),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "plan it"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const todo = jsonLines(res.stdout).filter(
      (e) => (e.item as { type?: string } | undefined)?.type === "todo_list",
    );
    expect(todo.map((e) => e.type)).toEqual(["item.started", "item.updated", "item.completed"]);
    expect(todo.at(-1)?.item).toMatchObject({
      items: [
        { text: "read", completed: true },
        { text: "fix", completed: false },
      ],
    });
    expect(outputOf(model, "p1")).toBe("Plan updated");
  });
});

describe("view_image", () => {
  it("attaches the image after the tool output, and reports a missing file to the model", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall("view_image", { path: "shot.png" }, "v1"),
        reply.functionCall("view_image", { path: "nope.png" }, "v2"),
        reply.message("seen"),
      ],
    });
    const home = makeHome(model.url);
    writeFileSync(join(home.cwd, "shot.png"), Buffer.from("89504e470d0a1a0a0000", "hex"));
    const res = await runCli(["exec", "--json", "look"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const input = model.requests[1]?.body.input ?? [];
    const at = input.findIndex((i) => i.call_id === "v1" && i.type === "function_call_output");
    expect(input[at]?.output).toBe("attached image shot.png");
    expect(input[at + 1]).toMatchObject({
      type: "message",
      role: "user",
      content: [{ type: "input_image", image_url: expect.stringMatching(/^data:image\/png;base64,/) }],
    });
    expect(String(outputOf(model, "v2"))).toMatch(/^cannot read image nope\.png/);
  });
});

describe("request_user_input", () => {
  const questions = [
    {
      id: "db",
      header: "Database",
      question: "Which database?",
      options: [
        { value: "pg", label: "Postgres (Recommended)", description: "Robust." },
        { value: "sqlite", label: "SQLite", description: "Simple." },
      ],
    },
  ];

  it("under exec, tells the model no user is there, and the turn goes on", async () => {
    model = await startFakeModel({
      replies: [reply.functionCall("request_user_input", { questions }, "q1"), reply.message("assumed pg")],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "set up"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(String(outputOf(model, "q1"))).toMatch(/no user is attached/);
  });

  it("through proto, asks the client and gives the model the answers", async () => {
    model = await startFakeModel({
      replies: [reply.functionCall("request_user_input", { questions }, "q1"), reply.message("using sqlite")],
    });
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "c", op: { type: "configure_session" } });
    await proto.waitFor(isEvent("session_configured"));
    proto.send({ id: "t", op: { type: "user_turn", items: [{ type: "text", text: "set up" }] } });
    const ask = msgOf(await proto.waitFor(isEvent("request_user_input", "t")));
    expect(ask).toMatchObject({
      call_id: "q1",
      questions: [{ id: "db", header: "Database", isOther: true }],
    });
    proto.send({
      id: "a",
      op: {
        type: "user_input_answer",
        id: "q1",
        response: { answers: { db: { selected: ["sqlite"], other: null } } },
      },
    });
    expect(msgOf(await proto.waitFor(isEvent("task_complete", "t"))).last_agent_message).toBe("using sqlite");
    expect(JSON.parse(String(outputOf(model, "q1")))).toEqual({
      answers: { db: { selected: ["sqlite"], other: null } },
    });
  });
});
