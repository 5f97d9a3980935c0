// turn/steer: input added to the running turn reaches the model before its next request.
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { makeHome } from "../support/cli.js";
import { AppServerClient, closeAppServerTest } from "../support/app-server-client.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let client: AppServerClient | undefined;
afterEach(async () => {
  await closeAppServerTest(client, model);
  client = undefined;
  model = undefined;
});

type Json = Record<string, unknown>;

describe("turn/steer", () => {
  it("adds input to the running turn; a wrong turn id is a bad request", async () => {
    model = await startFakeModel({
      replies: [
        reply.slow("thinking about the first request, slowly", 80),
        (req) => reply.message(`got: ${lastUserText(req.body.input ?? [])}`),
      ],
    });
    const home = makeHome(model.url);
    client = AppServerClient.spawn([], { env: home.env, cwd: home.cwd });
    await client.initialize();
    const threadId = ((await client.call("thread/start", { cwd: home.cwd })).thread as Json).id as string;
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
});
