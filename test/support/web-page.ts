// Browser tests of `codex-ts web`: one chromium per test file, and `start` for a fake model, a CODEX_HOME,
// a real `codex-ts web` and a page connected to it, all closed after each test.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchBrowser, type TestBrowser } from "./browser.js";
import { makeHome, type HomeOptions, type TestHome } from "./cli.js";
import { startFakeModel } from "./fake-model.js";
import { startWeb, type WebProcess } from "./web.js";

export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;

// Generous bounds: a page, its server and chromium share a loaded machine in the full run.
export const WAIT = { timeout: 30_000 };
export const TEST_MS = 120_000;
/** Set to a directory to save screenshots of the main views there (docs/ keeps a copy). */
const SHOTS = process.env.CODEX_TS_WEB_SCREENSHOTS;

export interface Started {
  model: FakeModel;
  home: TestHome;
  web: WebProcess;
  page: Page;
}

export interface StartOptions {
  home?: HomeOptions;
  width?: number;
  toml?: string;
  model?: Parameters<typeof startFakeModel>[0];
  /** Runs before `codex-ts web` starts (e.g. to make a git repository in the home's cwd). */
  prepare?: (home: TestHome) => void;
}

export function useWebPages() {
  let chromium: TestBrowser | undefined;
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    chromium = await launchBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const browser = (): TestBrowser => {
    if (!chromium) throw new Error("the browser is not started");
    return chromium;
  };

  async function start(options: StartOptions = {}): Promise<Started> {
    const model = await startFakeModel(options.model);
    cleanups.push(() => model.close());
    const home = makeHome(model.url, options.toml ?? "", options.home);
    options.prepare?.(home);
    const web = await startWeb(home);
    cleanups.push(() => web.close());
    const page = await browser().context.newPage();
    cleanups.push(() => page.close());
    if (options.width) await page.setViewportSize({ width: options.width, height: 720 });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message + (process.env.DEBUG_PAGE ? e.stack : "")));
    cleanups.push(() => {
      expect(errors).toEqual([]);
      expect(model.errors).toEqual([]);
      return Promise.resolve();
    });
    await page.goto(web.url);
    await connected(page);
    return { model, home, web, page };
  }

  return { start, cleanups, browser };
}

export const connected = (page: Page) =>
  page
    .getByRole("status")
    .filter({ hasText: /^connected$/ })
    .waitFor(WAIT);
export const message = (page: Page) => page.getByRole("textbox", { name: "Message" });

export async function send(page: Page, text: string): Promise<void> {
  await message(page).fill(text);
  await message(page).press("Enter");
}

export async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Runs in the page: whether the page and the thread view fit their width (nothing to scroll sideways). */
const FITS = `(() => {
  const items = document.querySelector(".items");
  const doc = document.documentElement;
  return doc.scrollWidth <= doc.clientWidth && (!items || items.scrollWidth <= items.clientWidth);
})()`;

/** At 360 px wide, nothing on the page scrolls sideways (a dialog too, when one is open). */
export async function expectFitsNarrow(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 720 });
  expect(await page.evaluate<boolean>(FITS)).toBe(true);
  const dialog = page.locator("dialog[open]");
  if ((await dialog.count()) > 0) {
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    const fits = `(() => { const d = document.querySelector("dialog[open]"); return d.scrollWidth <= d.clientWidth; })()`;
    expect(await page.evaluate<boolean>(fits)).toBe(true);
  }
}
