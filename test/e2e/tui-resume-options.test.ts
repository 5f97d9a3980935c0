// `codex-ts resume` and `codex-ts fork` with Codex 0.169's options, in a real terminal (tmux): --last takes
// this directory's latest interactive thread (an exec thread only with --include-non-interactive, another
// directory's only with --all), a PROMPT and -i images start the next turn; fork continues in a new thread.
// Without a terminal, fork prints the new thread's id as before. (The picker's filtering is
// src/surfaces/tui/slash/thread-choices.test.ts.)
import { readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type TestHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { contextLines, metaLine, turnLines, writeRolloutFile } from "../support/rollout-files.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** Three threads, oldest first: an interactive one here, an exec one here, an interactive one elsewhere. */
async function setUp(replies: Parameters<typeof reply.message>[0][] = []): Promise<TestHome> {
  const { home } = await tui.start({
    model: { replies: replies.map((r) => reply.message(r)) },
    ready: false,
  });
  const threads = [
    { name: "here-cli", source: "cli", cwd: home.cwd },
    { name: "here-exec", source: "exec", cwd: home.cwd },
    { name: "elsewhere-cli", source: "cli", cwd: join(home.cwd, "..") },
  ];
  const now = Date.now() / 1000;
  threads.forEach(({ name, source, cwd }, n) => {
    const id = `00000000-0000-4000-8000-00000000000${n + 1}`;
    const lines = [
      metaLine(id, { cwd, source }),
      ...contextLines(),
      ...turnLines(1, { question: `question of ${name}`, reply: `answer of ${name}` }),
    ];
    const { path } = writeRolloutFile(home.codexHome, lines, { id });
    utimesSync(path, now - 300 + n * 60, now - 300 + n * 60);
  });
  return home;
}

describe("codex-ts resume: Codex 0.169's options", () => {
  it("--last PROMPT -i IMAGE: this directory's latest interactive thread, the prompt and image sent to it", async () => {
    const home = await setUp(["Resumed."]);
    const image = join(home.cwd, "shot.png");
    writeFileSync(image, Buffer.from("89504e470d0a1a0a", "hex"));
    const term = await tui.open(home, { args: ["resume", "--last", "go on", "-i", image], ready: false });
    const screen = await term.waitFor(["• answer of here-cli", "• Resumed."]);
    expect(screen).not.toContain("here-exec");
    const input = JSON.stringify(tui.model?.requests[0]?.body.input);
    expect(input).toContain("question of here-cli");
    expect(input).toContain("go on");
    expect(input).toContain('"type":"input_image"');
    expect(input).toContain("data:image/png;base64,");
    expect(input).not.toContain("here-exec");
  });

  it("codex-ts PROMPT -i IMAGE (no resume) sends the image with the first prompt too", async () => {
    const home = await setUp(["Seen."]);
    const image = join(home.cwd, "shot.png");
    writeFileSync(image, Buffer.from("89504e470d0a1a0a", "hex"));
    const term = await tui.open(home, { args: ["what is this?", "-i", image], ready: false });
    await term.waitFor("• Seen.");
    const input = JSON.stringify(tui.model?.requests[0]?.body.input);
    expect(input).toContain("what is this?");
    expect(input).toContain("data:image/png;base64,");
    expect(input).not.toContain("here-cli");
  });

  it("--include-non-interactive lets --last take the exec thread; --all another directory's", async () => {
    const home = await setUp();
    const exec = await tui.open(home, {
      args: ["resume", "--last", "--include-non-interactive"],
      ready: false,
    });
    await exec.waitFor("• answer of here-exec");
    exec.kill();
    const all = await tui.open(home, { args: ["resume", "--last", "--all"], ready: false });
    await all.waitFor("• answer of elsewhere-cli");
  });

  it("refuses a SESSION_ID beside --last, and unknown options, as usage errors (exit 2)", async () => {
    const home = await setUp();
    const both = await runCli(["resume", "--last", "some-id", "a prompt"], { env: home.env, cwd: home.cwd });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--last resumes the latest thread: give a PROMPT, not a SESSION_ID");
    const extra = await runCli(["resume", "a", "b", "c"], { env: home.env, cwd: home.cwd });
    expect(extra.code).toBe(2);
  });

  it("fork --last PROMPT continues a new fork of the thread; the thread itself is left as it was", async () => {
    const home = await setUp(["Forked."]);
    const sessions = join(home.codexHome, "sessions");
    const files = () =>
      readdirSync(sessions, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".jsonl"));
    const parent = files().find((f) => f.includes("00000000-0000-4000-8000-000000000001")) ?? "";
    const before = readFileSync(join(sessions, parent), "utf8");
    const term = await tui.open(home, { args: ["fork", "--last", "try B"], ready: false });
    await term.waitFor(["• answer of here-cli", "• Forked."]);
    const input = JSON.stringify(tui.model?.requests[0]?.body.input);
    expect(input).toContain("question of here-cli");
    expect(input).toContain("try B");
    expect(readFileSync(join(sessions, parent), "utf8")).toBe(before);
    expect(files()).toHaveLength(4);
  });

  it("fork with no id opens the picker; the thread chosen is forked", async () => {
    const home = await setUp();
    const term = await tui.open(home, { args: ["fork"], ready: "Resume a previous session" });
    const picker = await term.waitFor(/› 1\. question of here-cli/);
    expect(picker).not.toContain("here-exec");
    term.press("Enter");
    await term.waitFor(["Forking the chosen thread.", "• answer of here-cli"]);
  });

  it("fork --turn N with no id: the picker forks the thread chosen up to turn N", async () => {
    const home = await setUp(["Forked at turn 1."]);
    const id = "00000000-0000-4000-8000-000000000004";
    writeRolloutFile(
      home.codexHome,
      [
        metaLine(id, { cwd: home.cwd, source: "cli" }),
        ...contextLines(),
        ...turnLines(1, { question: "first of two", reply: "answer one of two" }),
        ...turnLines(2, { question: "second of two", reply: "answer two of two" }),
      ],
      { id },
    );
    const term = await tui.open(home, { args: ["fork", "--turn", "1"], ready: "Resume a previous session" });
    await term.waitFor(/› 1\. first of two/);
    term.press("Enter");
    const screen = await term.waitFor(["Forking the chosen thread.", "• answer one of two"]);
    expect(screen).not.toContain("answer two of two");
    term.type("go on");
    term.press("Enter");
    await term.waitFor("• Forked at turn 1.");
    const input = JSON.stringify(tui.model?.requests[0]?.body.input);
    expect(input).toContain("first of two");
    expect(input).toContain("go on");
    expect(input).not.toContain("second of two");
  });

  it("without a terminal, fork prints the new id; a PROMPT or the picker there is refused", async () => {
    const home = await setUp();
    const run = (args: string[]) => runCli(args, { env: home.env, cwd: home.cwd });
    const printed = await run(["fork", "00000000-0000-4000-8000-000000000001"]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    const withPrompt = await run(["fork", "--last", "try B"]);
    expect(withPrompt.code).toBe(1);
    expect(withPrompt.stderr).toContain("needs a terminal");
    const picker = await run(["fork"]);
    expect(picker.code).toBe(1);
    expect(picker.stderr).toContain("give a SESSION_ID or --last");
    expect((await run(["fork", "--last", "--turn", "x"])).code).toBe(2);
  });
});
