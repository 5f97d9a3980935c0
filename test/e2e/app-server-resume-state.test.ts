// thread/resume's answer beyond thread/start's, as Codex 0.169 sends it: the effective collaborationMode,
// and turnsBackwardsCursor / itemsBackwardsCursor, from which thread/turns/list and thread/items/list page
// the history newest first, starting with the last turn and item (inclusive).
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

const ids = (page: Json) => (page.data as Json[]).map((e) => e.id);
const itemIds = (page: Json) => (page.data as Json[]).map((e) => (e.item as Json).id);

describe("app-server thread/resume state", () => {
  it("a loaded thread with no turn yet has no rollout to resume, as in Codex", async () => {
    const { home, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const answer = await c.waitResponse(c.request("thread/resume", { threadId }));
    expect(answer.error).toEqual({ code: -32600, message: `no rollout found for thread id ${threadId}` });
  });

  it("answers the collaboration mode and backwards cursors that page turns and items", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("answer 1"), reply.message("answer 2"));
    const first = await runTurn(c, threadId, "question 1");
    const plan = { mode: "plan", settings: { model: "gpt-5.1-codex" } };
    const second = await runTurn(c, threadId, "question 2", { params: { collaborationMode: plan } });

    // Rejoining the loaded thread shows the mode its last turn ran in.
    const stored = await c.call("thread/read", { threadId, includeTurns: true });
    const turns = (stored.thread as Json).turns as Json[];
    const lastItem = (turns[1]!.items as Json[]).at(-1)!;
    expect(lastItem).toMatchObject({ type: "agentMessage", text: "answer 2" });

    const live = await c.call("thread/resume", { threadId, excludeTurns: true });
    // As Codex 0.169, with the instructions plan mode gives the model.
    expect(live.collaborationMode).toEqual({
      mode: "plan",
      settings: {
        model: "gpt-5.1-codex",
        reasoning_effort: null,
        developer_instructions: expect.stringMatching(/^# Plan mode/),
      },
    });
    expect(live.model).toBe("gpt-5.1-codex");
    expect(typeof live.turnsBackwardsCursor).toBe("string");
    expect(typeof live.itemsBackwardsCursor).toBe("string");

    // Another process resumes it from its file: the mode is the configured one again.
    await c.close();
    const c2 = await app.spawn(home);
    const resumed = await c2.call("thread/resume", { threadId, excludeTurns: true });
    expect(resumed.collaborationMode).toMatchObject({ mode: "default", settings: { model: resumed.model } });
    expect((resumed.thread as Json).turns).toEqual([]);

    // Turns, newest first from the cursor's turn (included), then on with nextCursor.
    const page1 = await c2.call("thread/turns/list", {
      threadId,
      sortDirection: "desc",
      limit: 1,
      cursor: resumed.turnsBackwardsCursor,
    });
    expect(ids(page1)).toEqual([second.id]);
    const page2 = await c2.call("thread/turns/list", {
      threadId,
      sortDirection: "desc",
      limit: 1,
      cursor: page1.nextCursor,
    });
    expect(ids(page2)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();

    // A turn that arrives after the resume does not move the cursor: it still starts at the same turn.
    model.push(reply.message("answer 3"));
    await runTurn(c2, threadId, "question 3");
    const again = await c2.call("thread/turns/list", {
      threadId,
      sortDirection: "desc",
      cursor: resumed.turnsBackwardsCursor,
    });
    expect(ids(again)).toEqual([second.id, first.id]);

    // Items, newest first from the last item the thread had.
    const items = await c2.call("thread/items/list", {
      threadId,
      sortDirection: "desc",
      limit: 2,
      cursor: resumed.itemsBackwardsCursor,
    });
    expect(itemIds(items)[0]).toBe(lastItem.id);
    expect((items.data as Json[]).map((e) => e.turnId)).toEqual([second.id, second.id]);
    const all = await c2.call("thread/items/list", {
      threadId,
      sortDirection: "desc",
      cursor: resumed.itemsBackwardsCursor,
    });
    const allFromRead = turns.flatMap((t) => (t.items as Json[]).map((i) => i.id)).reverse();
    expect(itemIds(all)).toEqual(allFromRead);
  });
});
