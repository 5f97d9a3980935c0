// The `@` file finder in a real terminal (tmux), against the fake model: it finds a file (ignored ones left
// out) and inserts its path into the message.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { keepCapture, TmuxSession } from "../support/tmux.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let term: TmuxSession | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

describe("codex-ts (interactive): @ file finder", () => {
  it("finds a file by a fuzzy query and inserts its path", async () => {
    model = await startFakeModel({ replies: [reply.message("Looked.")] });
    const home = makeHome(model.url);
    mkdirSync(join(home.cwd, "src", "cache"), { recursive: true });
    mkdirSync(join(home.cwd, "dist"), { recursive: true });
    writeFileSync(join(home.cwd, "src", "cache", "memo-loader.ts"), "export {};\n");
    writeFileSync(join(home.cwd, "dist", "memo-loader.js"), "built\n");
    writeFileSync(join(home.cwd, ".gitignore"), "dist/\n");
    term = TmuxSession.start({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
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
});
