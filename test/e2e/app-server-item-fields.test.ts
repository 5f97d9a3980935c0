// The per-item fields of Codex 0.169's ThreadItem through `codex-ts app-server`: every item carries
// `startedAtMs` / `completedAtMs`, a user message the `clientId` the client gave it (`clientUserMessageId`)
// and its text's `text_elements`; live, in turn/completed, and read back from the rollout by thread/read
// and thread/items/list.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

const ELEMENTS = [{ byteRange: { start: 3, end: 7 }, placeholder: "@foo" }];

describe("app-server item fields", () => {
  it("times, clientId and text_elements, live and from the rollout", async () => {
    const { home, model, client: c } = await app.start();
    model.push(reply.message("hello one"), reply.message("hello two"));
    const threadId = await startThread(c, { cwd: home.cwd });
    const turn = await runTurn(c, threadId, "", {
      params: {
        clientUserMessageId: "cm-1",
        input: [{ type: "text", text: "hi @foo there", text_elements: ELEMENTS }],
      },
    });

    const started = c.notifications("item/started");
    const completed = c.notifications("item/completed");
    const user = completed.find((p) => (p.item as Json).type === "userMessage")!;
    expect(user.item).toEqual({
      type: "userMessage",
      id: expect.any(String),
      clientId: "cm-1",
      content: [{ type: "text", text: "hi @foo there", text_elements: ELEMENTS }],
      startedAtMs: expect.any(Number),
      completedAtMs: user.completedAtMs,
    });
    const answerStart = started.find((p) => (p.item as Json).type === "agentMessage")!;
    expect(answerStart.item).toMatchObject({ startedAtMs: answerStart.startedAtMs, completedAtMs: null });
    const answer = completed.find((p) => (p.item as Json).type === "agentMessage")!;
    expect(answer.item).toMatchObject({
      text: "hello one",
      startedAtMs: answerStart.startedAtMs,
      completedAtMs: answer.completedAtMs,
    });
    expect(turn.items).toEqual([user.item, answer.item]);

    // A message without them: clientId null, no spans.
    await runTurn(c, threadId, "again");
    const second = c
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .filter((i) => i.type === "userMessage")[1]!;
    expect(second).toMatchObject({
      clientId: null,
      content: [{ type: "text", text: "again", text_elements: [] }],
    });

    // Read back from the rollout: the same items, times included.
    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const turns = (read.thread as Json).turns as Json[];
    expect(turns[0]!.items).toEqual([user.item, answer.item]);
    expect((turns[1]!.items as Json[])[0]).toEqual(second);

    const listed = await c.call("thread/items/list", { threadId });
    const entries = listed.data as Json[];
    expect(entries[0]).toMatchObject({
      item: user.item,
      startedAtMs: (user.item as Json).startedAtMs,
      completedAtMs: (user.item as Json).completedAtMs,
    });
    expect(entries[1]).toMatchObject({ item: answer.item, completedAtMs: answer.completedAtMs });
  });
});
