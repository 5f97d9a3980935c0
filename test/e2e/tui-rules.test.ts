// The TUI's "p" answer: approve the command and allow it for good (a rule in rules/default.rules), the
// command whole as Codex proposes it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts (interactive) and command rules", () => {
  it("p writes an allow rule for the command; the same command is not asked about again", async () => {
    const model = await tui.startModel({
      replies: [
        reply.exec("touch one.txt"),
        reply.message("Done one."),
        reply.exec("touch one.txt"),
        reply.message("Done two."),
      ],
    });
    const home = makeHome(model.url, "", { shellTool: "default" });
    const term = tui.terminal({
      args: ["-a", "untrusted", "-s", "workspace-write"],
      env: home.env,
      cwd: home.cwd,
      width: 110,
      height: 30,
    });
    await term.waitFor("directory:");
    term.type("make one");
    term.press("Enter");
    await term.waitFor([
      "Allow codex-ts to run this command?",
      "p   Yes, and don't ask again for commands that start with `touch one.txt`",
    ]);
    term.type("p");
    await term.waitFor("• Done one.");
    expect(existsSync(join(home.cwd, "one.txt"))).toBe(true);
    expect(readFileSync(join(home.codexHome, "rules", "default.rules"), "utf8")).toBe(
      'prefix_rule(pattern = ["touch","one.txt"], decision = "allow")\n',
    );

    term.type("make it again");
    term.press("Enter");
    const screen = await term.waitFor("• Done two.");
    expect(screen.split("Allow codex-ts to run this command?").length - 1).toBe(0);
    expect(model.requests).toHaveLength(4);
  });
});
