// Drives the built CLI in a real terminal: a detached tmux session of fixed size on a private tmux server,
// keys sent with send-keys, the screen read with capture-pane. Every wait is bounded; kill() ends it all.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CLI } from "./cli.js";
import { onFileEnd, scratchDir } from "./scratch.js";

export interface TmuxOptions {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  width?: number;
  height?: number;
  /** Pass focus reports to the program (tmux `focus-events`); detached, the pane then reads as unfocused. */
  focusEvents?: boolean;
  /** The program to run before `args` (default: node and the CLI); benches run another CLI side by side. */
  command?: string[];
}

/** The CLI the terminal runs: dist/cli.js, or another build named by CODEX_TS_CLI. */
export const TERMINAL_CLI = process.env.CODEX_TS_CLI ?? CLI;

/** Where the pane captures of the main screens are kept (docs/tui/). */
export const CAPTURES_DIR = resolve(import.meta.dirname, "../../docs/tui");

/** Keeps a screen for the docs when asked to (UPDATE_TUI_CAPTURES=1). */
export function keepCapture(name: string, screen: string): void {
  if (!process.env.UPDATE_TUI_CAPTURES) return;
  const text = screen
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n+$/, "\n");
  writeFileSync(join(CAPTURES_DIR, `${name}.txt`), text);
}

let counter = 0;

/** A piece of text, or a pattern, to find on the screen. */
export type ScreenPart = string | RegExp;

const shows = (screen: string, part: ScreenPart) =>
  typeof part === "string" ? screen.includes(part) : part.test(screen);

export class TmuxSession {
  /** The private tmux server's socket name (`tmux -L`), for a bench's own control-mode client. */
  readonly socket: string;
  private readonly target = "codex";
  private killed = false;
  /** The server's socket file, which tmux leaves behind when its server is killed. */
  private socketPath: string | undefined;
  /** Where the pane's shell writes the program's exit status (tmux does not always record it). */
  private readonly statusFile: string;

  private constructor(
    socket: string,
    /** The session's own folder: its config, the exit status, pasted text. */
    private readonly dir: string,
  ) {
    this.socket = socket;
    this.statusFile = join(dir, "exit-status");
  }

  /** Starts `node dist/cli.js ARGS` (or `command ARGS`) in a fresh terminal with exactly `env` (no CI variables leak in). */
  static start(options: TmuxOptions): TmuxSession {
    const dir = scratchDir("codex-ts-tmux-");
    const session = new TmuxSession(`codex-ts-test-${process.pid}-${++counter}`, dir);
    onFileEnd(() => session.kill());
    // The pane stays after the program exits, so its last screen can still be read.
    const conf = join(dir, "tmux.conf");
    writeFileSync(
      conf,
      "set -g remain-on-exit on\nset -g history-limit 5000\nset -g status off\n" +
        (options.focusEvents ? "set -g focus-events on\n" : ""),
    );
    const env = Object.entries({ TERM: "xterm-256color", ...options.env })
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, v]) => `${k}=${v}`);
    execFileSync("tmux", [
      "-L",
      session.socket,
      "-f",
      conf,
      "new-session",
      "-d",
      "-s",
      session.target,
      "-x",
      String(options.width ?? 100),
      "-y",
      String(options.height ?? 30),
      "-c",
      options.cwd,
      "env",
      "-i",
      ...env,
      "/bin/sh",
      "-c",
      `"$@"; echo $? > '${session.statusFile}'`,
      "sh",
      ...(options.command ?? [process.execPath, TERMINAL_CLI]),
      ...options.args,
    ]);
    session.socketPath = session.tmux("display-message", "-p", "#{socket_path}").trim();
    return session;
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, ...args], { encoding: "utf8" });
  }

  /** Types text literally (no key names). */
  type(text: string): void {
    this.tmux("send-keys", "-t", this.target, "-l", text);
  }

  /** Sends keys by tmux name: Enter, Escape, C-c, C-j, Up... */
  press(...keys: string[]): void {
    this.tmux("send-keys", "-t", this.target, ...keys);
  }

  /** Pastes text the way a terminal does (bracketed, when the program asked for it). */
  paste(text: string): void {
    const file = join(this.dir, "paste.txt");
    writeFileSync(file, text);
    this.tmux("load-buffer", "-b", "paste", file);
    this.tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", this.target);
  }

  /** Sends text in one write, as a terminal without bracketed paste pastes it (line breaks as Enter). */
  pasteUnbracketed(text: string): void {
    const file = join(this.dir, "paste.txt");
    writeFileSync(file, text);
    this.tmux("load-buffer", "-b", "paste", file);
    this.tmux("paste-buffer", "-d", "-b", "paste", "-t", this.target);
  }

  /** Appends everything the program writes, escape sequences included, to `file` (tmux pipe-pane). */
  pipeOutput(file: string): void {
    this.tmux("pipe-pane", "-o", "-t", this.target, `cat >> '${file}'`);
  }

  /** The visible screen, as text. */
  capture(): string {
    return this.tmux("capture-pane", "-p", "-t", this.target);
  }

  /** The visible screen with its colours and styles as escape codes. */
  captureStyled(): string {
    return this.tmux("capture-pane", "-p", "-e", "-t", this.target);
  }

  /** The screen plus the scrollback above it. */
  captureAll(): string {
    return this.tmux("capture-pane", "-p", "-S", "-", "-t", this.target);
  }

  /** The process id of the program the pane runs (the child of the pane's shell). */
  programPid(): number {
    const shell = this.tmux("display-message", "-p", "-t", this.target, "#{pane_pid}").trim();
    const children = readFileSync(`/proc/${shell}/task/${shell}/children`, "utf8").trim().split(/\s+/);
    const pid = Number(children[0]);
    if (!Number.isInteger(pid) || pid <= 0)
      throw new Error(`no program runs under the pane's shell ${shell}`);
    return pid;
  }

  /** Where the terminal's cursor is, in columns and rows from the top left of the screen. */
  cursor(): { x: number; y: number } {
    const [x, y] = this.tmux("display-message", "-p", "-t", this.target, "#{cursor_x} #{cursor_y}")
      .trim()
      .split(" ")
      .map(Number);
    return { x: x ?? -1, y: y ?? -1 };
  }

  /** Resizes the terminal (the program gets SIGWINCH). */
  resize(width: number, height: number): void {
    this.tmux("resize-window", "-t", this.target, "-x", String(width), "-y", String(height));
  }

  /** True once the program in the pane has exited. */
  exited(): boolean {
    return this.tmux("display-message", "-p", "-t", this.target, "#{pane_dead}").trim() === "1";
  }

  /** Waits (bounded; exiting takes seconds on a loaded machine) for the program to exit; returns its status. */
  async waitForExit(timeoutMs = 20_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.exited()) {
      if (Date.now() > deadline) throw new Error(`the program did not exit; it shows:\n${this.capture()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    // The pane's shell wrote the status just before the pane died; allow a moment for the file system.
    const settled = Date.now() + 1_000;
    for (;;) {
      const status = existsSync(this.statusFile) ? readFileSync(this.statusFile, "utf8").trim() : "";
      if (status !== "") return Number(status);
      if (Date.now() > settled) throw new Error("the program exited but its status was not recorded");
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Polls the screen until `expected` shows (bounded); returns that screen. Given a list, waits for a screen
   * showing every part of it: the live area can be drawn a render before the cells printed above it, so a
   * test reading several parts of the screen waits for all of them rather than the first.
   */
  async waitFor(
    expected: ScreenPart | readonly ScreenPart[] | ((screen: string) => boolean),
    options: { timeoutMs?: number; all?: boolean } = {},
  ): Promise<string> {
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    const parts = typeof expected === "function" ? [] : ([] as ScreenPart[]).concat(expected);
    const missing = (screen: string) => parts.filter((part) => !shows(screen, part));
    const matches = (screen: string) =>
      typeof expected === "function" ? expected(screen) : missing(screen).length === 0;
    for (;;) {
      const screen = options.all ? this.captureAll() : this.capture();
      if (matches(screen)) return screen;
      if (Date.now() > deadline) {
        const what =
          typeof expected === "function" ? String(expected) : missing(screen).map(String).join(" and ");
        throw new Error(`the terminal never showed ${what}; it shows:\n${screen}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Ends the program and the tmux server, and removes the server's socket and the session's folder. Safe to call twice. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone.
    }
    if (this.socketPath) rmSync(this.socketPath, { force: true });
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
