// Notification details a client of Codex 0.169 relies on: the thread is idle before turn/completed,
// thread/tokenUsage carries cacheWriteInputTokens, totals survive a resume, and a full-history thread/read
// gets a deprecationNotice before its answer.
import { describe, expect, it } from "vitest";
import { sse } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

/** A message whose usage reports cache reads and writes, as the Responses API does. */
function cachedReply(text: string) {
  const done = sse.completed(undefined, { input: 100, cached: 40, output: 10 }) as Json;
  const response = done.response as Json;
  const usage = response.usage as Json;
  usage.input_tokens_details = { cached_tokens: 40, cache_write_tokens: 25 };
  return { events: [sse.created(), ...sse.message(text), done] };
}

describe("app-server turn notifications", () => {
  it("idle comes before turn/completed; usage has cache writes and survives a resume", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(cachedReply("one"));
    const from = c.received.length;
    await runTurn(c, threadId, "first");
    const methods = c.received
      .slice(from)
      .map((m) => m.method)
      .filter((m) => m === "thread/status/changed" || m === "turn/completed");
    expect(methods.slice(-2)).toEqual(["thread/status/changed", "turn/completed"]);
    const usage = c.notifications("thread/tokenUsage/updated").at(-1)!.tokenUsage as Json;
    expect(usage.last).toMatchObject({ inputTokens: 100, cachedInputTokens: 40, cacheWriteInputTokens: 25 });

    // Full-history reads still answer, after a deprecation notice.
    const readFrom = c.received.length;
    await c.call("thread/read", { threadId, includeTurns: true });
    const after = c.received.slice(readFrom);
    const notice = after.findIndex((m) => m.method === "deprecationNotice");
    const answer = after.findIndex((m) => m.id !== undefined && m.result !== undefined);
    expect(notice).toBeGreaterThanOrEqual(0);
    expect(notice).toBeLessThan(answer);
    await c.call("thread/read", { threadId });
    expect(c.notifications("deprecationNotice")).toHaveLength(1);

    // Resumed in a new server: the totals count on from the recorded ones.
    await c.call("thread/unsubscribe", { threadId });
    const c2 = await app.spawn(home);
    await c2.call("thread/resume", { threadId });
    expect(c2.notifications("deprecationNotice").map((n) => n.summary)).toEqual([
      expect.stringContaining("excludeTurns: true"),
    ]);
    await c2.call("thread/fork", { threadId, excludeTurns: true });
    expect(c2.notifications("deprecationNotice")).toHaveLength(1);
    model.push(cachedReply("two"));
    await runTurn(c2, threadId, "second");
    const total = (c2.notifications("thread/tokenUsage/updated").at(-1)!.tokenUsage as Json).total as Json;
    expect(total).toMatchObject({ inputTokens: 200, cachedInputTokens: 80, cacheWriteInputTokens: 50 });
  });
});
