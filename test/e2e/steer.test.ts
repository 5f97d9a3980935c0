// Steering: input added to a running task reaches the model before its next request.
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";
import { isEvent, msgOf, teardown, type FakeModel } from "../support/proto-events.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

describe("steer", () => {
  it("adds input to the running task; with none running it is an error", async () => {
    model = await startFakeModel({
      replies: [
        reply.slow("working on the first thing, slowly", 80),
        (req) => reply.message(`got: ${lastUserText(req.body.input ?? [])}`),
      ],
    });
    const home = makeHome(model.url);
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "c", op: { type: "configure_session" } });
    await proto.waitFor(isEvent("session_configured"));

    proto.send({ id: "early", op: { type: "steer", items: [{ type: "text", text: "too soon" }] } });
    expect(msgOf(await proto.waitFor(isEvent("error", "early"))).message).toMatch(/no turn is running/);

    proto.send({ id: "t", op: { type: "user_turn", items: [{ type: "text", text: "do the thing" }] } });
    await proto.waitFor(isEvent("agent_message_content_delta", "t"));
    proto.send({
      id: "s",
      op: { type: "steer", items: [{ type: "text", text: "also handle the edge case" }] },
    });
    const done = await proto.waitFor(isEvent("task_complete", "t"));
    // The first response had no tool call, yet the steered input still got a second request and an answer.
    expect(msgOf(done).last_agent_message).toBe("got: also handle the edge case");
    expect(model.requests).toHaveLength(2);
    expect(proto.received.filter(isEvent("user_message", "t")).map((e) => msgOf(e).message)).toEqual([
      "do the thing",
      "also handle the edge case",
    ]);
  });
});
