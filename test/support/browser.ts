// Debian's chromium driven through playwright-core (which downloads no browser): headless, no network
// services of its own, and a fresh profile per launch.
import { existsSync, rmSync } from "node:fs";
import { chromium, type BrowserContext } from "playwright-core";
import { onFileEnd, scratchDir } from "./scratch.js";

export const CHROMIUM = process.env.CODEX_TS_CHROMIUM ?? "/usr/bin/chromium";

export interface TestBrowser {
  /** The persistent context over the fresh profile: `context.newPage()`. */
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)`);
  const profile = scratchDir("codex-ts-chromium-");
  // playwright passes the profile as --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Generous: chromium takes seconds to start on a loaded machine.
    timeout: 40_000,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1100, height: 720 },
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  // Chromium writes to its profile until it exits: closed before the profile goes, should the test not.
  onFileEnd(close);
  return { context, close };
}
