// account/rateLimits/read: the usage limits the last model response announced in its x-codex-* headers,
// and account/rateLimits/updated when they change.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

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
    };
    expect(await c.call("account/rateLimits/read")).toEqual({
      rateLimits: expected,
      rateLimitsByLimitId: { codex: expected },
    });

    // A response without the headers keeps the last limits, and nothing is notified.
    model.push(reply.message("no headers"));
    await runTurn(c, threadId, "again");
    expect(c.notifications("account/rateLimits/updated")).toHaveLength(2);
    expect((await c.call("account/rateLimits/read")).rateLimits).toEqual(expected);
  });
});
