// Subagents in `codex-ts web`: a subagent call holds the subagent's own items, live while it runs (the
// app-server sends its turn and item notifications under its thread id), read from its file after a
// reload, and the subagent opens as a thread of its own. Real chromium, real CLI, fake model.
import { describe, expect, it } from "vitest";
import { reply, type Reply } from "../support/fake-model.js";
import { scriptByAgent } from "../support/subagents.js";
import { connected, expectFitsNarrow, send, shot, TEST_MS, useWebPages, WAIT } from "../support/web-page.js";

const { start, browser } = useWebPages();

describe("codex-ts web: subagents", () => {
  it(
    "a subagent's items show inside the call that spawned it, live, and again after a reload",
    async () => {
      // The subagent's answer is held until the test has seen its command inside the parent's view.
      let release: (() => void) | undefined;
      const held = new Promise<Reply>((resolve) => (release = () => resolve(reply.message("A done"))));
      const script = scriptByAgent({
        0: [
          reply.functionCall("subagent_spawn", { task: "task-a: echo and report", name: "alpha" }),
          reply.functionCall("subagent_await", { agent_id: 1 }),
          reply.message("all done"),
        ],
        1: [reply.shell(["echo", "from-child"]), () => held],
      });
      const { page } = await start({
        toml: "[subagents]\nenabled = true\n",
        model: { fallback: script.fallback },
      });
      await send(page, "delegate");
      const spawn = page.getByRole("region", { name: "Subagent" }).filter({ hasText: "spawnAgent" });
      await spawn.locator(":scope > p").getByText("task-a: echo and report").waitFor(WAIT);
      const nested = spawn.getByRole("region", { name: /^Subagent thread / });
      const command = nested.getByRole("region", { name: "Command echo from-child" });
      await command.getByText("from-child", { exact: true }).waitFor(WAIT);
      // Live: the subagent is still answering and its parent has not finished.
      await nested.getByRole("region", { name: "You" }).getByText("task-a: echo and report").waitFor(WAIT);
      expect(await page.getByText("all done").count()).toBe(0);
      expect(await page.getByRole("region", { name: "Command echo from-child" }).count()).toBe(1);
      release?.();

      await nested.getByRole("region", { name: "Agent" }).getByText("A done").waitFor(WAIT);
      // Where it is nested, the subagent's status is its latest one.
      await spawn.locator("summary").getByText("completed").waitFor(WAIT);
      const rootAnswers = page.locator(".thread > .items > .turn > .item.agent");
      await rootAnswers.getByText("all done").waitFor(WAIT);
      await page.getByRole("button", { name: "Send" }).waitFor(WAIT);
      // Each of the subagent's items once, and only inside the spawn call (the await call links to it).
      expect(await page.getByRole("region", { name: /^Subagent thread / }).count()).toBe(1);
      expect(await page.getByText("A done", { exact: true }).count()).toBe(1);
      expect(await rootAnswers.count()).toBe(1);
      await shot(page, "web-subagent");
      await expectFitsNarrow(page);
      await page.setViewportSize({ width: 1100, height: 720 });

      // After a reload the subagent is known from the parent's items; opening it reads its file.
      await page.reload();
      const again = page.getByRole("region", { name: "Subagent" }).filter({ hasText: "spawnAgent" });
      await again.locator("summary").click();
      const read = again.getByRole("region", { name: /^Subagent thread / });
      await read.getByRole("region", { name: "Agent" }).getByText("A done").waitFor(WAIT);
      await read.getByRole("region", { name: "Command echo from-child" }).waitFor(WAIT);
      expect(await read.getByRole("region", { name: "Command echo from-child" }).count()).toBe(1);

      // And it opens as a thread of its own.
      const parentUrl = page.url();
      await read.getByRole("link", { name: "Open as a thread" }).click();
      await expect.poll(() => page.url(), WAIT).not.toBe(parentUrl);
      await page.getByRole("region", { name: "You" }).getByText("task-a: echo and report").waitFor(WAIT);
      // Exact: while the page switches threads, the parent's agent list (which quotes "A done") may still show.
      await page
        .getByRole("region", { name: "Agent" })
        .getByText("A done", { exact: true })
        .first()
        .waitFor(WAIT);
    },
    TEST_MS,
  );

  it(
    "after a dropped connection a nested subagent catches up from its file, without duplicates",
    async () => {
      let release: (() => void) | undefined;
      const held = new Promise<Reply>((resolve) => (release = () => resolve(reply.message("B finished"))));
      const script = scriptByAgent({
        0: [
          reply.functionCall("subagent_spawn", { task: "task-b: echo and report", name: "beta" }),
          reply.functionCall("subagent_await", { agent_id: 1 }),
          reply.message("parent finished"),
        ],
        1: [reply.shell(["echo", "from-b"]), () => held],
      });
      const { page } = await start({
        toml: "[subagents]\nenabled = true\n",
        model: { fallback: script.fallback },
      });
      await send(page, "delegate b");
      const nested = page.getByRole("region", { name: /^Subagent thread / });
      await nested
        .getByRole("region", { name: "Command echo from-b" })
        .getByText("from-b", { exact: true })
        .waitFor(WAIT);
      // Offline while the subagent answers and its parent ends.
      await browser().context.setOffline(true);
      await page.getByRole("status").filter({ hasText: "reconnecting" }).waitFor(WAIT);
      release?.();
      await script.waitForRequests(0, 3);
      expect(await nested.getByText("B finished").count()).toBe(0);
      await browser().context.setOffline(false);
      await connected(page);
      await nested.getByRole("region", { name: "Agent" }).getByText("B finished").waitFor(WAIT);
      await page.getByText("parent finished").waitFor(WAIT);
      await page.getByRole("button", { name: "Send" }).waitFor(WAIT);
      expect(await page.getByRole("region", { name: /^Subagent thread / }).count()).toBe(1);
      expect(await nested.getByRole("region", { name: "Command echo from-b" }).count()).toBe(1);
      expect(await nested.getByRole("region", { name: "You" }).count()).toBe(1);
      expect(await page.getByText("B finished", { exact: true }).count()).toBe(1);
      expect(await page.getByText("parent finished", { exact: true }).count()).toBe(1);
    },
    TEST_MS,
  );
});
