// Review mode in `codex-ts web`: started from the page (review/start, inline), its items shown, and the
// findings with their locations, which open the file at the lines. Real chromium, real CLI, fake model.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { expectFitsNarrow, shot, TEST_MS, useWebPages, WAIT } from "../support/web-page.js";

const { start } = useWebPages();

/** A repository with one commit and an uncommitted change that breaks line 3. */
function repo(home: TestHome): void {
  rmSync(join(home.cwd, ".git"), { recursive: true, force: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: home.cwd });
  git("init", "-q", "-b", "main");
  writeFileSync(join(home.cwd, "app.js"), "// app\nexport const a = 1;\nexport const x = 1;\n");
  git("add", ".");
  git("commit", "-qm", "init");
  writeFileSync(join(home.cwd, "app.js"), "// app\nexport const a = 1;\nexport const x = null.y;\n");
}

function findings(cwd: string): string {
  return JSON.stringify({
    findings: [
      {
        title: "[P1] Dereference of null",
        body: "`null.y` throws a **TypeError** when the module loads.",
        confidence_score: 0.9,
        priority: 1,
        code_location: { absolute_file_path: join(cwd, "app.js"), line_range: { start: 3, end: 3 } },
      },
      {
        title: "[P3] Name is vague",
        body: "`a` says nothing.",
        confidence_score: 0.4,
        priority: 3,
        code_location: { absolute_file_path: join(cwd, "app.js"), line_range: { start: 2, end: 3 } },
      },
    ],
    overall_correctness: "patch is incorrect",
    overall_explanation: "The module no longer loads.",
    overall_confidence_score: 0.85,
  });
}

describe("codex-ts web: review mode", () => {
  it(
    "a review of uncommitted changes shows its findings; a location opens the file at its lines",
    async () => {
      const { model, home, page } = await start({ prepare: repo });
      model.push(reply.message(findings(home.cwd)));
      // Keyboard only: the Review button, the target's radio already chosen, Enter starts it.
      await page.getByRole("button", { name: "Review" }).click();
      const dialog = page.getByRole("dialog", { name: "Start a review" });
      await expect
        .poll(() => dialog.getByRole("radio", { name: "Uncommitted changes" }).isChecked(), WAIT)
        .toBe(true);
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached", ...WAIT });

      await page.getByRole("note").getByText("Review started: current changes").waitFor(WAIT);
      const review = page.getByRole("region", { name: "Review findings" });
      await review.getByText("Review: patch is incorrect").waitFor(WAIT);
      await review.getByText("The module no longer loads.").waitFor(WAIT);
      const first = review.getByRole("listitem", { name: "Finding [P1] Dereference of null" });
      await first.getByText("P1", { exact: true }).waitFor(WAIT);
      await first.getByText("Dereference of null", { exact: true }).waitFor(WAIT);
      await first.getByText("confidence 90%").waitFor(WAIT);
      await expect(first.locator("strong").last().textContent()).resolves.toBe("TypeError");
      const second = review.getByRole("listitem", { name: "Finding [P3] Name is vague" });
      await second.getByRole("link", { name: "app.js:2-3" }).waitFor(WAIT);
      // Shown once, structured: not again as the agent message carrying the same text.
      expect(await page.getByText("Full review comments:").count()).toBe(0);
      await shot(page, "web-review");

      await first.getByRole("link", { name: "app.js:3" }).click();
      const viewer = page.getByRole("dialog", { name: `${join(home.cwd, "app.js")}:3-3` });
      const marked = viewer.locator("li[aria-current=location]");
      await expect.poll(() => marked.count(), WAIT).toBe(1);
      await expect(marked.textContent()).resolves.toBe("export const x = null.y;");
      await expect(viewer.locator("li").count()).resolves.toBe(3);
      // At 360 px the findings and the file fit.
      await expectFitsNarrow(page);
      await page.setViewportSize({ width: 1100, height: 720 });
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached", ...WAIT });
      await expectFitsNarrow(page);

      // The review's own prompt went to the model; the review is a turn of this thread.
      const request = JSON.stringify(model.requests.at(-1)?.body ?? {});
      expect(request).toContain("Review the current code changes");
      await page.reload();
      await page
        .getByRole("region", { name: "Review findings" })
        .getByText("Review: patch is incorrect")
        .waitFor(WAIT);
    },
    TEST_MS,
  );
});
