// SessionStart's `clear` source: /new in the TUI starts a fresh session in the same process, and its
// SessionStart hooks see `source: "clear"` (the first session's saw `startup`), as in Codex. A hook matching
// `clear` only adds its context to the new session's first request.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { hookLog, nodeHook, writeHooksJson } from "../support/hooks.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts (interactive): SessionStart after /new", () => {
  it("runs with source `clear`, and a `clear` matcher picks that session only", async () => {
    const model = await tui.startModel({
      replies: [reply.message("First answer."), reply.message("Second answer.")],
    });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "start.log");
    const every = nodeHook(home.codexHome, "every", { log });
    const cleared = nodeHook(home.codexHome, "cleared", { log, answer: "FRESH-START-CONTEXT" });
    writeHooksJson(home.codexHome, {
      SessionStart: [{ command: every }, { matcher: "clear", command: cleared }],
    });
    const term = tui.terminal({
      args: ["--dangerously-bypass-hook-trust"],
      env: home.env,
      cwd: home.cwd,
      width: 140,
      height: 40,
    });
    await term.waitFor("directory:");
    term.type("first");
    term.press("Enter");
    await term.waitFor("• First answer.");
    expect(hookLog(log).map((e) => e.source)).toEqual(["startup"]);

    term.type("/new");
    term.press("Enter");
    await term.waitFor(/>_ codex-ts[\s\S]*>_ codex-ts/);
    term.type("second");
    term.press("Enter");
    await term.waitFor("• Second answer.");

    const events = hookLog(log);
    expect(events.map((e) => [e.hook_event_name, e.source])).toEqual([
      ["SessionStart", "startup"],
      ["SessionStart", "clear"],
      ["SessionStart", "clear"],
    ]);
    expect(events[1]?.session_id).not.toBe(events[0]?.session_id);
    expect(JSON.stringify(model.requests[0]?.body.input)).not.toContain("FRESH-START-CONTEXT");
    expect(JSON.stringify(model.requests[1]?.body.input)).toContain("FRESH-START-CONTEXT");
  });
});
