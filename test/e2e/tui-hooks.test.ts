// The TUI and hooks: an untrusted hook is reported and does not run; /hooks lists it and /hooks trust 1
// trusts it, after which it runs in the same session and its run shows in the history.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { hookLog, nodeHook, writeHooksJson } from "../support/hooks.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts (interactive) and hooks", () => {
  it("/hooks lists an untrusted hook, /hooks trust 1 trusts it, and it runs from then on", async () => {
    const model = await tui.startModel({
      replies: [reply.message("First answer."), reply.message("Second answer.")],
    });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "prompt.log");
    const command = nodeHook(home.codexHome, "prompt", {
      log,
      answer: { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Be brief." } },
    });
    writeHooksJson(home.codexHome, { UserPromptSubmit: [{ command }] });
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 140, height: 40 });
    await term.waitFor("directory:");
    term.type("first");
    term.press("Enter");
    await term.waitFor(["• First answer.", "is not trusted and does not run"]);
    expect(hookLog(log)).toEqual([]);

    term.type("/hooks");
    term.press("Enter");
    await term.waitFor(["need review", "1. UserPromptSubmit", "untrusted"]);

    term.type("/hooks trust 1");
    term.press("Enter");
    await term.waitFor("They run from now on.");

    term.type("second");
    term.press("Enter");
    await term.waitFor(["• Second answer.", "Hook UserPromptSubmit completed: Be brief."]);
    expect(hookLog(log)).toHaveLength(1);
  });
});
