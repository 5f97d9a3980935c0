// turn/steer: input added to the running turn reaches the model before its next request.
import { describe, expect, it } from "vitest";
import { lastUserText, reply } from "../support/fake-model.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("turn/steer", () => {
  it("adds input to the running turn; a wrong turn id is a bad request", async () => {
    const { home, model, client } = await app.start({
      model: {
        replies: [
          reply.slow("thinking about the first request, slowly", 80),
          (req) => reply.message(`got: ${lastUserText(req.body.input ?? [])}`),
        ],
      },
    });
    const threadId = await startThread(client, { cwd: home.cwd });
    const turn = (
      await client.call("turn/start", {
        threadId,
        input: [{ type: "text", text: "first", text_elements: [] }],
      })
    ).turn as Json;
    await client.waitNotification("item/agentMessage/delta");

    const wrong = client.request("turn/steer", {
      threadId,
      expectedTurnId: "not-this-one",
      input: [{ type: "text", text: "x", text_elements: [] }],
    });
    expect((await client.waitResponse(wrong)).error).toMatchObject({ code: -32600 });
    const steered = await client.call("turn/steer", {
      threadId,
      expectedTurnId: turn.id,
      input: [{ type: "text", text: "and mind the edge case", text_elements: [] }],
    });
    expect(steered).toEqual({ turnId: turn.id });

    const completed = await client.waitNotification("turn/completed", (p) => (p.turn as Json).id === turn.id);
    expect((completed.turn as Json).status).toBe("completed");
    expect(model.requests).toHaveLength(2);
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("and mind the edge case");
  });

  it("turn/start while a turn runs answers with that turn and folds the input in", async () => {
    const { home, model, client } = await app.start({
      model: {
        replies: [
          reply.slow("thinking about the first request, slowly", 80),
          (req) => reply.message(`got: ${lastUserText(req.body.input ?? [])}`),
        ],
      },
    });
    const threadId = await startThread(client, { cwd: home.cwd });
    const turn = (
      await client.call("turn/start", {
        threadId,
        input: [{ type: "text", text: "first", text_elements: [] }],
      })
    ).turn as Json;
    await client.waitNotification("item/agentMessage/delta");
    const second = await client.call("turn/start", {
      threadId,
      input: [{ type: "text", text: "also this", text_elements: [] }],
    });
    // Every field of the running turn, as Codex 0.169 answers it.
    expect(second.turn).toEqual({
      id: turn.id,
      rootTurnId: turn.id,
      items: [],
      itemsView: "notLoaded",
      status: "inProgress",
      error: null,
      startedAt: null,
      completedAt: null,
      durationMs: null,
    });

    const completed = await client.waitNotification("turn/completed", (p) => (p.turn as Json).id === turn.id);
    expect((completed.turn as Json).status).toBe("completed");
    expect(client.notifications("turn/started")).toHaveLength(1);
    expect(model.requests).toHaveLength(2);
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("also this");
  });
});
