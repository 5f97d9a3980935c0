// `codex-ts web` by keyboard and for assistive technology, in both themes, and its figures (token use):
// real chromium, real CLI, fake model.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { message, send, TEST_MS, useWebPages, WAIT } from "../support/web-page.js";

const { start } = useWebPages();

/** Runs in the page: controls a person can reach that have no accessible name (a string: no DOM types here). */
const UNNAMED_CONTROLS = `(() => {
  const nameOf = (el) =>
    el.getAttribute("aria-label") ||
    (el.getAttribute("aria-labelledby") || "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join("") ||
    [...(el.labels ?? [])].map((l) => l.textContent).join("") ||
    el.getAttribute("alt") ||
    el.textContent ||
    el.getAttribute("title") ||
    "";
  return [...document.querySelectorAll("button, a[href], input, select, textarea, summary, [tabindex]")]
    .filter((el) => el.getClientRects().length > 0)
    .filter((el) => !nameOf(el).trim())
    .map((el) => el.outerHTML.slice(0, 120));
})()`;

/** Runs in the page: the accessible name (roughly) of the focused element. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  return el ? (el.getAttribute("aria-label") || [...(el.labels ?? [])].map((l) => l.textContent).join("") || el.textContent || el.tagName).trim() : "";
})()`;

describe("codex-ts web: keyboard, labels, themes", () => {
  it(
    "every control has a name; Tab goes header, list, thread, composer; dialogs give focus back",
    async () => {
      const { page } = await start();
      await send(page, "first");
      await page.getByText("(fake model) you said: first").waitFor(WAIT);
      expect(await page.evaluate<string[]>(UNNAMED_CONTROLS)).toEqual([]);

      // The header's controls, the thread list, the thread view (focusable, so keys scroll it), the composer.
      const order: string[] = [];
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        order.push(await page.evaluate<string>(FOCUSED));
      }
      // Tab cycles through the page (and the document itself): read one round from the header's last control.
      const round = order.slice(order.indexOf("Dark theme"));
      const at = (name: string) => round.findIndex((n) => n.startsWith(name));
      expect(at("Dark theme")).toBeGreaterThanOrEqual(0);
      expect(at("Dark theme")).toBeLessThan(at("New thread"));
      expect(at("New thread")).toBeLessThan(at("Search threads"));
      expect(at("Search threads")).toBeLessThan(at("Thread view"));
      expect(at("Thread view")).toBeLessThan(at("Message"));
      expect(at("Message")).toBeLessThan(at("Model"));
      expect(at("Model")).toBeLessThan(at("Review"));

      // A dialog opened from the keyboard keeps focus inside and gives it back when it closes.
      await page.getByRole("button", { name: "Review" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Start a review" });
      await dialog.waitFor(WAIT);
      await page.keyboard.press("Tab");
      expect(await page.evaluate("document.querySelector('dialog').contains(document.activeElement)")).toBe(
        true,
      );
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached", ...WAIT });
      await expect.poll(() => page.evaluate<string>(FOCUSED), WAIT).toBe("Review");

      // Ctrl+K, type, Enter on a thread: the next keys go to the message box.
      await page.getByRole("button", { name: "New thread" }).click();
      await expect.poll(() => page.evaluate<string>(FOCUSED), WAIT).toBe("Message");
      await page.keyboard.press("Control+k");
      await page.keyboard.type("first");
      const threads = page.getByRole("navigation", { name: "Threads" });
      await threads.getByRole("button", { name: /^first/ }).focus();
      await page.keyboard.press("Enter");
      await page.getByText("(fake model) you said: first").waitFor(WAIT);
      await expect.poll(() => page.evaluate<string>(FOCUSED), WAIT).toBe("Message");
      await page.keyboard.type("second");
      await page.keyboard.press("Enter");
      await page.getByText("(fake model) you said: second").waitFor(WAIT);
    },
    TEST_MS,
  );

  it(
    "themes: the system's at first, the button switches and is remembered, each with its own colours",
    async () => {
      const { page } = await start();
      const theme = () => page.evaluate<string | undefined>("document.documentElement.dataset.theme");
      const background = () => page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
      await page.emulateMedia({ colorScheme: "light" });
      await page.evaluate("localStorage.removeItem('codex-ts-theme')");
      await page.reload();
      await expect.poll(theme, WAIT).toBe("light");
      expect(await background()).toBe("rgb(255, 255, 255)");
      const toggle = page.getByRole("button", { name: "Dark theme" });
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      await toggle.click();
      await expect.poll(theme, WAIT).toBe("dark");
      expect(await background()).toBe("rgb(21, 23, 26)");
      expect(await toggle.getAttribute("aria-pressed")).toBe("true");
      // Remembered over the system's preference.
      await page.reload();
      await expect.poll(theme, WAIT).toBe("dark");
      await page.getByRole("button", { name: "Dark theme" }).click();
      await page.reload();
      await expect.poll(theme, WAIT).toBe("light");
    },
    TEST_MS,
  );

  it(
    "the thread's token use shows in the header and grows with each turn",
    async () => {
      const { model, page } = await start();
      model.push(reply.message("one", { usage: { input: 1200, output: 34 } }));
      model.push(reply.message("two", { usage: { input: 2000, output: 66 } }));
      await send(page, "count me");
      const tokens = page.getByTitle("Tokens used by this thread");
      await expect.poll(() => tokens.textContent(), WAIT).toMatch(/^1,234 tokens/);
      expect(await tokens.textContent()).toMatch(/^1,234 tokens \/ [\d,]+$/);
      await message(page).fill("again");
      await message(page).press("Enter");
      await expect.poll(() => tokens.textContent(), WAIT).toMatch(/^3,300 tokens/);
    },
    TEST_MS,
  );
});
