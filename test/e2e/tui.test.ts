// The interactive UI in a real terminal (tmux), against the fake model. Each test reads the screen as a user
// would. UPDATE_TUI_CAPTURES=1 also writes the main screens to docs/tui/ (see docs/tui/README.md).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { makeHome } from "../support/cli.js";
import { reply, sse } from "../support/fake-model.js";
import { TERMINAL_CLI } from "../support/tmux.js";
import { useTui, type FakeModelOptions } from "../support/tui-fixture.js";

const tui = useTui();

const CAPTURES = resolve(import.meta.dirname, "../../docs/tui");

/** Keeps a screen for the docs when asked to (UPDATE_TUI_CAPTURES=1). */
function keep(name: string, screen: string): void {
  if (!process.env.UPDATE_TUI_CAPTURES) return;
  const text = screen
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n+$/, "\n");
  writeFileSync(join(CAPTURES, `${name}.txt`), text);
}

type Replies = FakeModelOptions["replies"];

/** `shellTool: "default"`: codex-ts's own command tools (exec_command); "shell" for `reply.shell` scripts. */
async function start(
  replies: Replies,
  args: string[] = [],
  extraEnv: NodeJS.ProcessEnv = {},
  shellTool: "shell" | "default" = "shell",
) {
  const { home, term } = await tui.start({
    model: { replies: replies ?? [] },
    home: { shellTool },
    args,
    env: extraEnv,
  });
  return { home, term };
}

describe("codex-ts (interactive)", () => {
  it("starts, takes a prompt and shows the streamed answer", async () => {
    const { term } = await start([
      reply.slow("## Answer\n\nThe **fake model** streamed this, in `pieces`.", 15),
    ]);
    keep("start", await term.waitFor("Ask codex-ts to do anything"));
    term.type("explain the project");
    term.press("Enter");
    // The footer's context figure follows the answer's last delta (it comes with the usage).
    const screen = await term.waitFor(
      (shown) => shown.includes("The fake model streamed this, in pieces.") && /context left/.test(shown),
    );
    expect(screen).toContain("› explain the project");
    expect(screen).toContain("• Answer");
    expect(screen).toMatch(/gpt-5\.1-codex · default mode · \d+% context left/);
    keep("answer", screen);
    expect(tui.model?.requests).toHaveLength(1);
  });

  it("shows a command's output cell", async () => {
    const { term } = await start(
      [reply.shell(["bash", "-lc", "echo first-line; echo second-line"]), reply.message("Ran it.")],
      ["-s", "danger-full-access"],
    );
    term.type("run something");
    term.press("Enter");
    const screen = await term.waitFor([
      "• Ran it.",
      /• Ran echo first-line; echo second-line \(\d+m?s\)\n {2}└ first-line\n {4}second-line/,
    ]);
    keep("command", screen);
  });

  it("interrupts a running `sleep 30` (exec_command) with Esc within a second", async () => {
    const { term } = await start(
      [reply.exec("sleep 30", { yield_time_ms: 30_000 }), reply.message("after")],
      ["-s", "danger-full-access"],
      {},
      "default",
    );
    term.type("wait a while");
    term.press("Enter");
    keep("running", await term.waitFor(/Running sleep 30[\s\S]*Working \(\d+s · Esc to interrupt\)/));
    const pressedAt = Date.now();
    term.press("Escape");
    const screen = await term.waitFor(
      [
        "Interrupted. Tell the model what to do differently.",
        /• Interrupted sleep 30 \(exit \d+, [\d.]+m?s\)/,
      ],
      { timeoutMs: 5_000 },
    );
    expect(Date.now() - pressedAt).toBeLessThan(1_000);
    expect(screen).not.toContain("Working (");
    keep("interrupted", screen);
  });

  it("/status shows the thread id; two Ctrl+C quit and print it again", async () => {
    const { term } = await start([]);
    term.type("/st");
    keep("slash-menu", await term.waitFor("› /status"));
    term.press("Enter");
    const screen = await term.waitFor([
      /Thread id: +[0-9a-f-]{36}/,
      "Model:              gpt-5.1-codex",
      "Approval policy:    on-request",
      "Sandbox:            read-only",
    ]);
    const threadId = /Thread id: +([0-9a-f-]{36})/.exec(screen)?.[1];
    keep("status", screen);
    term.press("C-c");
    await term.waitFor("Press Ctrl+C again to quit");
    term.press("C-c");
    const after = await term.waitFor(`Thread: ${threadId}`);
    expect(after).not.toContain("Ask codex-ts to do anything");
    expect(await term.waitForExit()).toBe(0);
  });

  it("asks before a command (exec_command) under -a untrusted, runs it on y", async () => {
    const { home, term } = await start(
      [reply.exec("touch made-by-codex && echo created"), reply.message("File made.")],
      ["-a", "untrusted", "-s", "workspace-write"],
      {},
      "default",
    );
    term.type("make a file");
    term.press("Enter");
    const overlay = await term.waitFor([
      "Allow codex-ts to run this command?",
      "$ touch made-by-codex && echo created",
      /y {3}Yes, proceed/,
    ]);
    keep("approval", overlay);
    term.type("y");
    await term.waitFor([
      "• File made.",
      "✔ You approved codex-ts to run touch made-by-codex && echo created",
      /• Ran touch made-by-codex && echo created \(\d+m?s\)\n {2}└ created/,
    ]);
    expect(existsSync(join(home.cwd, "made-by-codex"))).toBe(true);
  });

  it("shows a patch as a coloured diff cell", async () => {
    const patch = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n+world\n*** End Patch\n";
    const { home, term } = await start(
      [
        { events: [sse.created(), sse.customToolCall("apply_patch", patch), sse.completed()] },
        reply.message("Added the file."),
      ],
      ["-s", "workspace-write"],
    );
    term.type("add hello.txt");
    term.press("Enter");
    const screen = await term.waitFor([
      "• Added the file.",
      /• Added hello\.txt \(\+2 -0\)\n {4}1 \+hello\n {4}2 \+world/,
    ]);
    expect(readFileSync(join(home.cwd, "hello.txt"), "utf8")).toBe("hello\nworld\n");
    keep("patch", screen);
  });

  it("/model applies a model and effort to the next turn; /diff pages the working tree", async () => {
    const { home, term } = await start([reply.message("ok")]);
    rmSync(join(home.cwd, ".git"), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
        cwd: home.cwd,
        stdio: "pipe",
      });
    git("init", "-q");
    writeFileSync(join(home.cwd, "notes.txt"), "one\ntwo\n");
    git("add", ".");
    git("commit", "-qm", "init");
    writeFileSync(join(home.cwd, "notes.txt"), "one\n2\n");

    term.type("/model");
    term.press("Enter");
    keep("model-picker", await term.waitFor("Select a model"));
    term.type("3");
    await term.waitFor("Reasoning effort for gpt-5.1-codex-mini");
    term.press("Down", "Enter");
    await term.waitFor([
      "Model changed to gpt-5.1-codex-mini (reasoning high).",
      "gpt-5.1-codex-mini high · default mode",
    ]);
    term.type("hello");
    term.press("Enter");
    await term.waitFor("• ok");
    expect(tui.model?.requests[0]?.body).toMatchObject({
      model: "gpt-5.1-codex-mini",
      reasoning: { effort: "high" },
    });

    term.type("/diff");
    term.press("Enter");
    const pager = await term.waitFor([
      "git diff (working tree)",
      "+++ b/notes.txt",
      /-two\n\+2/,
      /lines 1-\d+ of \d+ · ↑↓ j k scroll/,
    ]);
    keep("diff-pager", pager);
    term.type("q");
    await term.waitFor("Ask codex-ts to do anything");
  });

  it("keeps a large multi-line paste whole, and Ctrl+J adds a line", async () => {
    const { term } = await start([]);
    const pasted = Array.from({ length: 300 }, (_, i) => `pasted line ${i + 1}`).join("\n");
    term.type("first");
    term.press("C-j");
    term.paste(pasted);
    await term.waitFor("pasted line 300");
    term.press("Enter");
    // The answer is longer than the screen: read the scrollback too.
    await term.waitFor(/\(fake model\) you said: first\n {2}pasted line 1\n[\s\S]*pasted line 300/, {
      all: true,
    });
    const sent = tui.model?.requests[0]?.body.input?.findLast(
      (i) => i.type === "message" && i.role === "user",
    );
    expect(JSON.stringify(sent)).toContain(JSON.stringify(`first\n${pasted}`).slice(1, -1));
  });

  it("still redraws when CI=true is set, and commands see the environment as it was", async () => {
    const { term } = await start(
      [
        reply.shell(["bash", "-lc", 'echo "env: CI=$CI NODE_ENV=${NODE_ENV:-unset}"']),
        reply.message("drawn"),
      ],
      ["-s", "danger-full-access"],
      { CI: "true" },
    );
    term.type("typed under CI");
    await term.waitFor("│ › typed under CI");
    term.press("Enter");
    await term.waitFor(["• drawn", "env: CI=true NODE_ENV=unset"]);
  });
});

describe("codex-ts without a terminal", () => {
  it("says so, points to exec, and exits 1", () => {
    const home = makeHome("http://127.0.0.1:9/v1");
    const result = spawnSync(process.execPath, [TERMINAL_CLI], {
      env: home.env,
      cwd: home.cwd,
      input: "hello",
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("needs a terminal");
    expect(result.stderr).toContain('codex-ts exec "your task"');
    expect(result.stdout).toBe("");
  });
});
