// The `@` file finder in a real terminal (tmux), against the fake model: it finds a file (ignored ones left
// out) and inserts its path into the message; files created or deleted after it first read the list (by the
// user, or by a turn's command while the finder is open) are offered or gone without restarting.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { lastUserText, reply } from "../support/fake-model.js";
import { keepCapture } from "../support/tmux.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts (interactive): @ file finder", () => {
  it("finds a file by a fuzzy query and inserts its path", async () => {
    const model = await tui.startModel({ replies: [reply.message("Looked.")] });
    const home = makeHome(model.url);
    mkdirSync(join(home.cwd, "src", "cache"), { recursive: true });
    mkdirSync(join(home.cwd, "dist"), { recursive: true });
    writeFileSync(join(home.cwd, "src", "cache", "memo-loader.ts"), "export {};\n");
    writeFileSync(join(home.cwd, "dist", "memo-loader.js"), "built\n");
    writeFileSync(join(home.cwd, ".gitignore"), "dist/\n");
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("explain @memlo");
    const list = await term.waitFor("› src/cache/memo-loader.ts");
    expect(list).not.toContain("dist/memo-loader.js");
    keepCapture("file-finder", list);
    term.press("Tab");
    await term.waitFor("│ › explain src/cache/memo-loader.ts");
    term.press("Enter");
    await term.waitFor("• Looked.");
    expect(lastUserText(model.requests[0]?.body.input ?? [])).toBe("explain src/cache/memo-loader.ts ");
  });

  it("offers a file created after the list was first read, and no longer one deleted since", async () => {
    const model = await tui.startModel({ replies: [] });
    const home = makeHome(model.url);
    mkdirSync(join(home.cwd, "src", "cache"), { recursive: true });
    writeFileSync(join(home.cwd, "src", "cache", "memo-loader.ts"), "export {};\n");
    writeFileSync(join(home.cwd, ".gitignore"), "dist/\n");
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("@memlo");
    await term.waitFor("› src/cache/memo-loader.ts");
    term.press("C-u");
    await term.waitFor((screen) => !screen.includes("memo-loader"));

    mkdirSync(join(home.cwd, "notes"));
    writeFileSync(join(home.cwd, "notes", "late-arrival.md"), "new\n");
    mkdirSync(join(home.cwd, "dist"));
    writeFileSync(join(home.cwd, "dist", "late-arrival.js"), "built\n");
    rmSync(join(home.cwd, "src", "cache", "memo-loader.ts"));
    term.type("@latearr");
    const list = await term.waitFor("› notes/late-arrival.md");
    expect(list).not.toContain("dist/late-arrival.js");
    term.press("C-u");
    await term.waitFor((screen) => !screen.includes("late-arrival"));
    term.type("@memlo");
    await term.waitFor("no matching files");
  });

  it("updates an open finder when a turn ends, with the file the turn's command created", async () => {
    // The command waits for the test's signal (a hidden file the finder never lists), so the finder is open
    // with the old list while the turn runs.
    const command = "until [ -e .go ]; do sleep 0.05; done; mkdir -p gen && echo x > gen/late-arrival.ts";
    const model = await tui.startModel({
      replies: [reply.shell(["bash", "-lc", command], { timeout_ms: 20_000 }), reply.message("Made it.")],
    });
    const home = makeHome(model.url);
    writeFileSync(join(home.cwd, "README.md"), "hello\n");
    const term = tui.terminal({
      args: ["-s", "danger-full-access"],
      env: home.env,
      cwd: home.cwd,
      width: 100,
      height: 30,
    });
    await term.waitFor("directory:");
    term.type("make a file");
    term.press("Enter");
    await term.waitFor("Esc to interrupt");
    term.type("look at @latearr");
    await term.waitFor("no matching files");
    writeFileSync(join(home.cwd, ".go"), "");
    const screen = await term.waitFor((s) => s.includes("• Made it.") && s.includes("› gen/late-arrival.ts"));
    keepCapture("finder-turn", screen);
    term.press("Tab");
    await term.waitFor("│ › look at gen/late-arrival.ts");
  });
});
