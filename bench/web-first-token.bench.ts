// Prompt -> first streamed token, in the browser page (`codex-ts web`, Debian's chromium) and in the
// terminal UI (a pty), against the same fake model answering at once. Browser: from the Enter keydown to
// the first token in the DOM (measured in the page). Terminal: from writing Enter to the pty to the first
// token in the bytes the UI writes. Also prints the page's first-load size, raw and gzip.
//   npm run build && node --import tsx bench/web-first-token.bench.ts
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { spawn as spawnPty } from "node-pty";
import { launchBrowser } from "../test/support/browser.js";
import { CLI, makeHome } from "../test/support/cli.js";
import { reply, startFakeModel } from "../test/support/fake-model.js";
import { startWeb } from "../test/support/web.js";
import { median } from "./support.js";

const TURNS = 12;
const marker = (i: number) => `M${String(i).padStart(2, "0")}FIRST`; // 8 chars: the whole first delta

function pageSize(): void {
  const dir = resolve(import.meta.dirname, "../dist/web");
  const files = ["index.html", ...readdirSync(join(dir, "assets")).map((f) => `assets/${f}`)];
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(dir, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    console.log(
      `  ${file}: ${(body.length / 1024).toFixed(1)} KiB, gzip ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1)} KiB`,
    );
  }
  console.log(`page first load: ${(raw / 1024).toFixed(1)} KiB, gzip ${(gzip / 1024).toFixed(1)} KiB`);
}

/**
 * Runs in the page (a string: the bench's TypeScript has no DOM types): the time from the Enter keydown to
 * the first DOM change that shows `mark`.
 */
function measureInPage(mark: string): string {
  return `new Promise((done) => {
    let start = 0;
    addEventListener("keydown", () => (start = performance.now()), { capture: true, once: true });
    const seen = new MutationObserver(() => {
      if (document.body.textContent.includes(${JSON.stringify(mark)})) {
        seen.disconnect();
        done(performance.now() - start);
      }
    });
    seen.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`;
}

async function browserTimes(): Promise<number[]> {
  let turn = 0;
  const model = await startFakeModel({
    fallback: () => reply.message(`${marker(turn)} and the rest of it.`),
  });
  const home = makeHome(model.url);
  const web = await startWeb(home);
  const chromium = await launchBrowser();
  const times: number[] = [];
  try {
    const page = await chromium.context.newPage();
    await page.goto(web.url);
    await page
      .getByRole("status")
      .filter({ hasText: /^connected$/ })
      .waitFor({ timeout: 15_000 });
    const box = page.getByRole("textbox", { name: "Message" });
    for (turn = 0; turn < TURNS; turn++) {
      await box.fill(`ping ${turn}`);
      const elapsed = page.evaluate<number>(measureInPage(marker(turn)));
      await box.press("Enter");
      times.push(await elapsed);
      await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 15_000 });
    }
  } finally {
    await chromium.close();
    await web.close();
    await model.close();
  }
  return times.slice(1);
}

async function terminalTimes(): Promise<number[]> {
  let turn = 0;
  const model = await startFakeModel({
    fallback: () => reply.message(`${marker(turn)} and the rest of it.`),
  });
  const home = makeHome(model.url);
  const pty = spawnPty(process.execPath, [CLI], {
    cols: 100,
    rows: 30,
    cwd: home.cwd,
    env: { ...home.env, TERM: "xterm-256color" },
  });
  let output = "";
  let wake: (() => void) | undefined;
  pty.onData((data) => {
    output += data;
    wake?.();
  });
  const waitFor = (text: string) =>
    new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the terminal never showed ${text}`)), 20_000);
      const check = () => {
        if (!output.includes(text)) return void (wake = check);
        clearTimeout(timer);
        done();
      };
      check();
    });
  const times: number[] = [];
  try {
    await waitFor("sk codex-ts to do anything"); // "A" is drawn as the cursor
    for (turn = 0; turn < TURNS; turn++) {
      pty.write(`ping ${turn}`);
      await waitFor(`ping ${turn}`);
      output = "";
      const start = performance.now();
      pty.write("\r");
      await waitFor(marker(turn));
      times.push(performance.now() - start);
      await waitFor("⏎ send"); // the turn ended: the footer offers sending again
    }
  } finally {
    pty.kill();
    await model.close();
  }
  return times.slice(1);
}

pageSize();
const web = await browserTimes();
console.log(
  `browser  prompt -> first token: median ${median(web).toFixed(1)} ms (min ${Math.min(...web).toFixed(1)})`,
);
const tui = await terminalTimes();
console.log(
  `terminal prompt -> first token: median ${median(tui).toFixed(1)} ms (min ${Math.min(...tui).toFixed(1)})`,
);
