// `/plugins` in the terminal UI (tmux): the plugins of a configured marketplace with their install state,
// then `/plugins add` installs one (its skill listed at once) and `/plugins remove` uninstalls it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";
import { makeMarketplace } from "../support/plugin-fixture.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("/plugins", () => {
  it("lists plugins with their state, and installs and removes one", async () => {
    const model = await tui.startModel();
    const home = makeHome(model.url);
    const mkt = makeMarketplace();
    expect(
      (await runCli(["plugin", "marketplace", "add", mkt.root], { env: home.env, cwd: home.cwd })).code,
    ).toBe(0);
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 120, height: 40 });
    await term.waitFor("directory:");

    term.type("/plugins");
    term.press("Enter");
    await term.waitFor("hello@local-mkt: not installed · Greets");

    term.type("/plugins add hello@local-mkt");
    term.press("Enter");
    await term.waitFor("Added plugin `hello` 1.0.0 from marketplace `local-mkt`.");
    expect(existsSync(join(home.codexHome, "plugins/cache/local-mkt/hello/1.0.0"))).toBe(true);
    term.type("/skills");
    term.press("Enter");
    await term.waitFor("$hello:greet");

    term.type("/plugins remove hello@local-mkt");
    term.press("Enter");
    await term.waitFor("Removed plugin `hello` from marketplace `local-mkt`.");
    term.type("/plugins");
    term.press("Enter");
    await term.waitFor((s) => (s.match(/hello@local-mkt: not installed/g) ?? []).length === 2, { all: true });
    term.type("/plugins add nope@local-mkt");
    term.press("Enter");
    await term.waitFor("plugin `nope` was not found in marketplace `local-mkt`");
  });
});
