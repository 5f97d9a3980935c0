// Threads in a real terminal (tmux), against the fake model: /resume and `codex-ts resume`, /fork,
// /rollback and /compact.
import { describe, expect, it } from "vitest";
import type { TestHome } from "../support/cli.js";
import { lastUserText, reply } from "../support/fake-model.js";
import { keepCapture, type TmuxSession } from "../support/tmux.js";
import { useTui, type FakeModelOptions } from "../support/tui-fixture.js";

const tui = useTui();

async function setUp(replies: FakeModelOptions["replies"]): Promise<TestHome> {
  return (await tui.start({ model: { replies: replies ?? [] }, ready: false })).home;
}

const open = (home: TestHome, args: string[] = []): Promise<TmuxSession> => tui.open(home, { args });

async function ask(term: TmuxSession, prompt: string, answer: string): Promise<string> {
  term.type(prompt);
  term.press("Enter");
  return term.waitFor(`• ${answer}`);
}

/** Quits with two Ctrl+C (the thread index is updated at shutdown). */
async function quit(term: TmuxSession): Promise<void> {
  term.press("C-c");
  await term.waitFor("Press Ctrl+C again to quit");
  term.press("C-c");
  expect(await term.waitForExit()).toBe(0);
}

describe("codex-ts (interactive): threads", () => {
  it("/resume picks an earlier thread and shows its history; the next turn continues it", async () => {
    const home = await setUp([
      reply.message("The cache goes in front of load()."),
      reply.message("Another thread."),
      reply.message("Continuing."),
    ]);
    const first = await open(home);
    await ask(first, "where does the cache go?", "The cache goes in front of load().");
    await quit(first);
    const second = await open(home);
    await ask(second, "something else", "Another thread.");
    await quit(second);

    const term = await open(home);
    term.type("/resume");
    term.press("Enter");
    const picker = await term.waitFor([
      "Resume a previous session",
      /› 1\. something else +just now · ~?\//,
      / {2}2\. where does the cache go\? +just now · /,
    ]);
    keepCapture("resume-picker", picker);
    term.press("Down", "Enter");
    const shown = await term.waitFor(["• The cache goes in front of load().", "› where does the cache go?"]);
    expect(shown).not.toContain("Another thread.");
    keepCapture("resumed", shown);
    await ask(term, "and the tests?", "Continuing.");
    const input = JSON.stringify(tui.model?.requests[2]?.body.input);
    expect(input).toContain("where does the cache go?");
    expect(input).not.toContain("something else");
  });

  it("`codex-ts resume --last` resumes directly; `codex-ts resume` opens the picker", async () => {
    const home = await setUp([reply.message("First answer.")]);
    const first = await open(home);
    await ask(first, "remember this", "First answer.");
    await quit(first);

    const last = await open(home, ["resume", "--last"]);
    await last.waitFor(["• First answer.", "› remember this"]);
    await quit(last);

    const picking = await tui.open(home, { args: ["resume"], ready: "Resume a previous session" });
    await picking.waitFor(/Resume a previous session[\s\S]*› 1\. remember this/);
    // Typing filters the list (fuzzy); a query that matches nothing says so, Backspace widens it again.
    picking.type("rmbr");
    await picking.waitFor(/Filter: rmbr[\s\S]*› 1\. remember this/);
    picking.type("zz");
    await picking.waitFor("No match.");
    picking.press("BSpace", "BSpace");
    await picking.waitFor(
      (screen) =>
        screen.includes("› 1. remember this") && screen.includes("Filter: rmbr") && !screen.includes("rmbrz"),
    );
    picking.press("Enter");
    await picking.waitFor("• First answer.");

    const missing = tui.terminal({
      args: ["resume", "00000000-0000-4000-8000-000000000000"],
      env: home.env,
      cwd: home.cwd,
    });
    expect(await missing.waitForExit()).toBe(1);
    expect(missing.captureAll()).toContain("no thread with id 00000000-0000-4000-8000-000000000000");
  });

  it("/rollback drops the last turn from the screen and from the model's history", async () => {
    const home = await setUp([
      reply.message("Answer one."),
      reply.message("Answer two."),
      reply.message("Three."),
    ]);
    const term = await open(home);
    await ask(term, "turn one", "Answer one.");
    await ask(term, "turn two", "Answer two.");
    term.type("/rollback");
    term.press("Enter");
    const screen = await term.waitFor(["Dropped the last 1 turn from the conversation.", "› turn one"]);
    expect(screen).not.toContain("turn two");
    expect(term.captureAll()).not.toContain("Answer two.");
    keepCapture("rollback", screen);
    await ask(term, "turn three", "Three.");
    expect(lastUserText(tui.model?.requests[2]?.body.input ?? [])).toBe("turn three");
    expect(JSON.stringify(tui.model?.requests[2]?.body.input)).not.toContain("turn two");
  });

  it("/fork continues in a new thread; /compact shows a cell", async () => {
    const home = await setUp([reply.message("One."), reply.message("Summary."), reply.message("Two.")]);
    const term = await open(home);
    await ask(term, "first", "One.");
    term.type("/status");
    term.press("Enter");
    const before = /Thread id: +([0-9a-f-]{36})/.exec(await term.waitFor(/Thread id: +[0-9a-f-]{36}/))?.[1];
    term.type("/fork");
    term.press("Enter");
    await term.waitFor(`Forking thread ${before}`);
    term.type("/compact");
    term.press("Enter");
    await term.waitFor("Context compacted");
    await ask(term, "second", "Two.");
    term.type("/status");
    term.press("Enter");
    await term.waitFor(/Thread id:[\s\S]*Two\.[\s\S]*Thread id: +[0-9a-f-]{36}/, {
      all: true,
    });
    const ids = [...term.captureAll().matchAll(/Thread id: +([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(ids.at(-1)).not.toBe(before);
  });
});
