// The `@` file finder in a real terminal (tmux), against the fake model: it lists as Codex's does (files and
// folders, hidden ones and `.git` included, symbolic links followed, ignored ones left out), each as its
// name, folder and kind, and inserts the path into the message; files created or deleted after a search
// (by the user, or by a turn's command while the finder is open) are offered or gone without restarting.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
    const list = await term.waitFor(/› memo-loader\.ts +src\/cache\/ +File/);
    expect(list).not.toContain("memo-loader.js");
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
    await term.waitFor(/› memo-loader\.ts +src\/cache\//);
    term.press("C-u");
    await term.waitFor((screen) => !screen.includes("memo-loader"));

    mkdirSync(join(home.cwd, "notes"));
    writeFileSync(join(home.cwd, "notes", "late-arrival.md"), "new\n");
    mkdirSync(join(home.cwd, "dist"));
    writeFileSync(join(home.cwd, "dist", "late-arrival.js"), "built\n");
    rmSync(join(home.cwd, "src", "cache", "memo-loader.ts"));
    term.type("@latearr");
    const list = await term.waitFor(/› late-arrival\.md +notes\//);
    expect(list).not.toContain("late-arrival.js");
    term.press("C-u");
    await term.waitFor((screen) => !screen.includes("late-arrival"));
    term.type("@memlo");
    await term.waitFor("no matching files");
  });

  it("updates an open finder when a turn ends, with the file the turn's command created", async () => {
    // The command waits for the test's signal (a file the query does not match), so the finder is open with
    // the old matches while the turn runs.
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
    const screen = await term.waitFor(
      (s) => s.includes("• Made it.") && /› late-arrival\.ts +gen\/ +File/.test(s),
    );
    keepCapture("finder-turn", screen);
    term.press("Tab");
    await term.waitFor("│ › look at gen/late-arrival.ts");
  });

  it("lists folders, hidden entries, .git and linked folders as Codex does, and leaves ignored ones out", async () => {
    const model = await tui.startModel({ replies: [] });
    const home = makeHome(model.url);
    const make = (path: string) => {
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, "x\n");
    };
    make(join(home.cwd, "packages", "widgets", "index.ts"));
    make(join(home.cwd, "build", "widgets-bundle.js"));
    make(join(home.cwd, ".hidden-notes", "secret-plan.md"));
    make(join(home.cwd, ".toolrc"));
    make(join(home.cwd, ".git", "hooks", "pre-push.sample"));
    make(join(home.cwd, "..", "outside", "far-away.txt"));
    symlinkSync(join(home.cwd, "..", "outside"), join(home.cwd, "linked"));
    writeFileSync(join(home.cwd, ".gitignore"), "build/\n");
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");

    term.type("@");
    await term.waitFor("type to search files");
    term.type("widgets");
    // The whole frame: the folder first (its name is the query), then the file in it; the ignored one left out.
    const widgets = await term.waitFor(
      /› widgets +packages\/ +Dir\n {2}index\.ts +packages\/widgets\/ +File\n {2}↑↓ select/,
    );
    expect(widgets).not.toContain("widgets-bundle");
    // The kind flush right on every row, as in Codex's finder.
    const rows = widgets.split("\n").filter((line) => / (File|Dir)$/.test(line));
    expect(new Set(rows.map((line) => [...line].length)).size).toBe(1);
    keepCapture("finder-folder", widgets);
    term.press("Tab");
    await term.waitFor("│ › packages/widgets ");

    const finds = async (query: string, row: RegExp) => {
      term.press("C-u");
      await term.waitFor((s) => !s.includes("↑↓ select") && !s.includes("type to search"));
      term.type(`@${query}`);
      return term.waitFor(row);
    };
    await finds("secretplan", /› secret-plan\.md +\.hidden-notes\/ +File/);
    await finds("toolrc", /› \.toolrc +\.\/ +File/);
    await finds("prepush", /› pre-push\.sample +\.git\/hooks\/ +File/);
    await finds("faraway", /› far-away\.txt +linked\/ +File/);
  });
});

describe("codex-ts (interactive): @ file finder, a key that inserts before the search answered", () => {
  // "lo" and Tab (or Enter) in one read: both are handled before the finder has searched for "memlo", while
  // the list still shows the matches of "mem". The key waits for the search of "memlo" and inserts its best.
  it("Tab right after a letter inserts the best match of the word typed, not of the word before", async () => {
    const model = await tui.startModel({ replies: [] });
    const home = makeHome(model.url);
    mkdirSync(join(home.cwd, "src", "cache"), { recursive: true });
    writeFileSync(join(home.cwd, "memo.md"), "notes\n");
    writeFileSync(join(home.cwd, "src", "cache", "memo-loader.ts"), "export {};\n");
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("explain @mem");
    await term.waitFor(/› memo\.md +\.\/ +File/);
    term.type("lo\t");
    await term.waitFor("│ › explain src/cache/memo-loader.ts");
  });

  it("Enter typed with the word, before any search answered, inserts its best match rather than sending", async () => {
    const model = await tui.startModel({ replies: [] });
    const home = makeHome(model.url);
    mkdirSync(join(home.cwd, "src", "cache"), { recursive: true });
    writeFileSync(join(home.cwd, "src", "cache", "memo-loader.ts"), "export {};\n");
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("see @memlo\r");
    await term.waitFor("│ › see src/cache/memo-loader.ts");
    // The path is inserted with a space after it, and nothing was sent.
    term.type("now");
    await term.waitFor("│ › see src/cache/memo-loader.ts now");
    expect(model.requests).toHaveLength(0);
  });
});
