// The app against the real engine and the fake model: plan mode, /resume, /fork, /rollback, /compact.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome } from "../../../../test/support/cli.js";
import { lastUserText, reply, sse, startFakeModel } from "../../../../test/support/fake-model.js";
import { loadConfig } from "../../../config/load.js";
import { stripAnsi } from "../../../../test/support/tui-render.js";
import { TuiApp, type TuiAppProps } from "./TuiApp.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
});

type Replies = NonNullable<Parameters<typeof startFakeModel>[0]>["replies"];

async function start(replies: Replies = [], props: Partial<TuiAppProps> = {}) {
  model = await startFakeModel({ replies: replies ?? [] });
  const home = makeHome(model.url);
  writeFileSync(join(home.codexHome, "auth.json"), JSON.stringify({ OPENAI_API_KEY: "sk-test" }));
  const config = loadConfig({ codexHome: home.codexHome, cwd: home.cwd, env: home.env });
  app = render(createElement(TuiApp, { config, ...props }));
  await screenShows("directory:");
  return { home, config };
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
const send = async (text: string) => {
  type(text);
  await screenShows(text.split("\n")[0] ?? text);
  type("\r");
};
const SHIFT_TAB = "\x1b[Z";

function planReply(text: string) {
  const id = "msg_plan";
  const message = (content: unknown[]) => ({ type: "message", role: "assistant", id, content });
  return {
    events: [
      sse.created(),
      { type: "response.output_item.added", item: message([]) },
      { type: "response.output_text.delta", item_id: id, delta: text },
      { type: "response.output_item.done", item: message([{ type: "output_text", text }]) },
      sse.completed(),
    ],
  };
}

const developer = (n: number) =>
  (model?.requests[n]?.body.input ?? [])
    .filter((i) => i.type === "message" && i.role === "developer")
    .map((i) => JSON.stringify(i.content));

describe("TuiApp: plan mode", () => {
  it("Shift+Tab sends turns in plan mode; yes to the plan switches back and asks to implement it", async () => {
    await start([
      planReply("Plan below.\n<proposed_plan>\n1. Memo the loader.\n</proposed_plan>\n"),
      reply.message("Done."),
    ]);
    type(SHIFT_TAB);
    await screenShows("plan mode");
    await send("plan it");
    const asked = await screenShows("Implement this plan?");
    expect(asked).toContain("Proposed Plan");
    expect(asked).toMatch(/┃ 1\. Memo the loader\./);
    expect(developer(0).some((t) => t.includes("# Plan mode"))).toBe(true);
    type("y");
    await screenShows("• Done.");
    expect(screen()).toContain("default mode");
    expect(lastUserText(model?.requests[1]?.body.input ?? [])).toBe("Implement the plan.");
    expect(developer(1).at(-1)).toContain("Plan mode has ended");
  });
});

describe("TuiApp: threads", () => {
  it("/resume lists this directory's earlier threads and shows the chosen one's history", async () => {
    await start([reply.message("The first answer.")]);
    await send("the first question");
    await screenShows("• The first answer.");
    type("/new");
    type("\r");
    await screenShows(/>_ codex-ts[\s\S]*>_ codex-ts/);
    type("/resume");
    type("\r");
    const picker = await screenShows("Resume a previous session");
    expect(picker).toMatch(/› 1\. the first question/);
    expect(picker).toMatch(/just now · /);
    type("\r");
    await screenShows(
      />_ codex-ts[\s\S]*>_ codex-ts[\s\S]*>_ codex-ts[\s\S]*› the first question\n\n• The first answer\./,
    );
  });

  it("/resume says so when there is nothing to resume", async () => {
    await start();
    type("/resume");
    type("\r");
    await screenShows("No earlier sessions in");
  });

  it("/fork continues in a new thread holding the conversation", async () => {
    await start([reply.message("one"), reply.message("two")]);
    await send("first");
    await screenShows("• one");
    type("/status");
    type("\r");
    const before = /Thread id: +([0-9a-f-]{36})/.exec(await screenShows(/Thread id: +[0-9a-f-]{36}/))?.[1];
    type("/fork");
    type("\r");
    await screenShows(`Forking thread ${before}`);
    await screenShows(/>_ codex-ts[\s\S]*>_ codex-ts/);
    await send("second");
    await screenShows("• two");
    expect(JSON.stringify(model?.requests[1]?.body.input)).toContain("first");
    type("/status");
    type("\r");
    await screenShows(/Thread id:[\s\S]*Thread id: +[0-9a-f-]{36}/);
    const ids = [...screen().matchAll(/Thread id: +([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(ids.at(-1)).not.toBe(before);
  });

  it("/rollback drops the last turn from the model's history; a bad N is refused", async () => {
    await start([reply.message("answer one"), reply.message("answer two"), reply.message("answer three")]);
    await send("turn one");
    await screenShows("• answer one");
    await send("turn two");
    await screenShows("• answer two");
    type("/rollback x");
    type("\r");
    await screenShows("Usage: /rollback [N]");
    type("/rollback");
    type("\r");
    await screenShows("Dropped the last 1 turn from the conversation.");
    await send("turn three");
    await screenShows("• answer three");
    const input = JSON.stringify(model?.requests[2]?.body.input);
    expect(input).toContain("turn one");
    expect(input).not.toContain("turn two");
  });

  it("/compact shows a cell when the context was compacted", async () => {
    await start([reply.message("answer"), reply.message("A summary of the work.")]);
    await send("do a thing");
    await screenShows("• answer");
    type("/compact");
    type("\r");
    await screenShows("Context compacted");
  });
});
