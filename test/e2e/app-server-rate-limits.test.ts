// account/rateLimits/read: the usage limits the last model response announced in its x-codex-* headers,
// and account/rateLimits/updated after every model response (as Codex 0.169 sends it).
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

const backendOnly = {
  normalModelSlug: null,
  individualLimit: null,
  spendControlReached: null,
  rateLimitReachedType: null,
};

const limits = (used: string) => ({
  "x-codex-primary-used-percent": used,
  "x-codex-primary-window-minutes": "300",
  "x-codex-primary-reset-at": "1900000000",
  "x-codex-secondary-used-percent": "12.4",
  "x-codex-secondary-window-minutes": "10080",
});

describe("app-server rate limits", () => {
  it("reads the limits of the last model response and notifies when they change", async () => {
    const { home, model, client: c } = await app.start({ initialize: "ide" });
    expect(await c.call("account/rateLimits/read")).toMatchObject({
      rateLimits: { primary: null, secondary: null },
      rateLimitsByLimitId: null,
    });
    const threadId = await startThread(c, { cwd: home.cwd });

    for (const used of ["25", "60"]) {
      model.push({ ...reply.message(`used ${used}`), headers: limits(used) });
      const from = c.received.length;
      await runTurn(c, threadId, "hi");
      await c.waitNotification(
        "account/rateLimits/updated",
        (p) => (p.rateLimits as { primary: Json }).primary.usedPercent === Number(used),
        { from },
      );
    }
    const expected = {
      limitId: "codex",
      limitName: null,
      primary: { usedPercent: 60, windowDurationMins: 300, resetsAt: 1900000000 },
      secondary: { usedPercent: 12, windowDurationMins: 10080, resetsAt: null },
      credits: null,
      planType: null,
      ...backendOnly,
    };
    expect(await c.call("account/rateLimits/read")).toEqual({
      rateLimits: expected,
      rateLimitsByLimitId: { codex: expected },
    });

    // A response without the headers keeps the last limits, and they are announced again.
    model.push(reply.message("no headers"));
    await runTurn(c, threadId, "again");
    const updates = c.notifications("account/rateLimits/updated");
    expect(updates).toHaveLength(3);
    expect(updates[2]).toEqual({ rateLimits: expected });
    expect((await c.call("account/rateLimits/read")).rateLimits).toEqual(expected);
  });

  it("announces the limits after every model response, right after its token usage", async () => {
    const { home, model, client: c } = await app.start({ initialize: "ide" });
    const threadId = await startThread(c, { cwd: home.cwd });
    // Two responses in one turn: a command call, then the answer.
    model.push(reply.exec("true"), reply.message("done"));
    await runTurn(c, threadId, "run it");
    const none = {
      limitId: "codex",
      limitName: null,
      primary: null,
      secondary: null,
      credits: null,
      planType: null,
      ...backendOnly,
    };
    expect(c.notifications("account/rateLimits/updated")).toEqual([
      { rateLimits: none },
      { rateLimits: none },
    ]);
    const methods = c.received
      .map((m) => (m as { method?: string }).method)
      .filter((m) => m === "thread/tokenUsage/updated" || m === "account/rateLimits/updated");
    expect(methods).toEqual([
      "thread/tokenUsage/updated",
      "account/rateLimits/updated",
      "thread/tokenUsage/updated",
      "account/rateLimits/updated",
    ]);
  });
});
