// The app against the real engine and the fake model: the `@` file finder, `$` skill completion, /skills.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome } from "../../../../test/support/cli.js";
import { lastUserText, reply, startFakeModel } from "../../../../test/support/fake-model.js";
import { loadConfig } from "../../../config/load.js";
import { stripAnsi } from "../../../../test/support/tui-render.js";
import { TuiApp } from "./TuiApp.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
});

type Replies = NonNullable<Parameters<typeof startFakeModel>[0]>["replies"];

async function start(replies: Replies, prepare: (cwd: string) => void = () => {}) {
  model = await startFakeModel({ replies: replies ?? [] });
  const home = makeHome(model.url);
  writeFileSync(join(home.codexHome, "auth.json"), JSON.stringify({ OPENAI_API_KEY: "sk-test" }));
  prepare(home.cwd);
  const config = loadConfig({ codexHome: home.codexHome, cwd: home.cwd, env: home.env });
  app = render(createElement(TuiApp, { config }));
  await screenShows("directory:");
}

const screen = () => stripAnsi(app?.lastFrame() ?? "");

async function screenShows(text: string | RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = screen();
    if (typeof text === "string" ? now.includes(text) : text.test(now)) return now;
    if (Date.now() > deadline) throw new Error(`screen never showed ${String(text)}:\n${now}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const type = (text: string) => app?.stdin.write(text);

function files(cwd: string) {
  mkdirSync(join(cwd, "src", "cache"), { recursive: true });
  writeFileSync(join(cwd, "src", "cache", "memo-loader.ts"), "export {};\n");
  writeFileSync(join(cwd, "notes.md"), "notes\n");
}

function skill(cwd: string) {
  const dir = join(cwd, ".codex", "skills", "deploy");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "SKILL.md"),
    "---\nname: deploy\ndescription: Ship the build\n---\nRun the deploy.\n",
  );
}

describe("TuiApp: completion", () => {
  it("@ finds a file and inserts its path; the message goes out with it", async () => {
    await start([reply.message("Read it.")], files);
    type("look at @memo");
    const list = await screenShows(/› memo-loader\.ts +src\/cache\/ +File/);
    expect(list).toContain("Tab or Enter insert");
    type("\t");
    await screenShows("look at src/cache/memo-loader.ts");
    type("\r");
    await screenShows("• Read it.");
    expect(lastUserText(model?.requests[0]?.body.input ?? [])).toBe("look at src/cache/memo-loader.ts ");
  });

  it("$ completes skill names; /skills lists them", async () => {
    await start([], skill);
    type("please $dep");
    await screenShows(/› \$deploy +Ship the build/);
    type("\r");
    await screenShows("please $deploy ");
    type("\x15");
    type("/skills");
    type("\r");
    const card = await screenShows("Skills (1)");
    expect(card).toMatch(/\$deploy: +Ship the build \(repo\)/);
  });
});
