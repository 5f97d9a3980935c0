// What the side-by-side TUI bench needs around a tmux terminal: the two contestants (codex-ts and the real
// Codex) with a home each pointing at the same fake model, a tmux control-mode client that sends keys and
// reports the program's output as it arrives (no polling, no process spawned per key), and /proc readings of
// the program's process tree (peak RSS, CPU time).
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TmuxSession } from "../test/support/tmux.js";

export const WIDTH = 120;
export const HEIGHT = 40;

export interface TuiContestant {
  name: string;
  /** The program, before its arguments. */
  command: string[];
  /** Arguments every start gets (the real Codex: `--no-daemon`, so its TUI talks to the fake model itself). */
  extraArgs: string[];
  configToml(modelUrl: string, cwd: string): string;
  keyEnv: string;
  /** Whether finished history goes to the terminal's scrollback (false: an alternate screen). */
  scrollback: boolean;
}

export interface BenchHome {
  root: string;
  codexHome: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export function contestants(): TuiContestant[] {
  const list: TuiContestant[] = [
    {
      name: "codex-ts",
      command: [process.execPath, resolve(import.meta.dirname, "../dist/cli.js")],
      extraArgs: [],
      configToml: (url) => `openai_base_url = "${url}"\n`,
      keyEnv: "OPENAI_API_KEY",
      scrollback: true,
    },
  ];
  const real = process.env.REAL_CODEX;
  if (real) {
    // No update check, a trusted project (no trust prompt), and no paste-burst detection: with it, keys
    // typed fast are held as a possible paste and Enter right after text inserts a newline.
    const configToml = (url: string, cwd: string) =>
      `model_provider = "fake"\nmodel = "gpt-5.1-codex"\ncheck_for_update_on_startup = false\n` +
      `[model_providers.fake]\nname = "fake"\nbase_url = "${url}"\nenv_key = "FAKE_KEY"\n` +
      `wire_api = "responses"\n[tui]\ndisable_paste_burst = true\n` +
      `[projects."${cwd}"]\ntrust_level = "trusted"\n`;
    const command = real.endsWith(".js") ? [process.execPath, real] : [real];
    // Inline, like codex-ts: history goes to the terminal's scrollback. By default (in tmux) it takes the
    // alternate screen instead and draws only what is visible, keeping the transcript to itself.
    list.push(
      {
        name: "real, inline",
        command,
        extraArgs: ["--no-daemon", "--no-alt-screen"],
        configToml,
        keyEnv: "FAKE_KEY",
        scrollback: true,
      },
      {
        name: "real, alt screen",
        command,
        extraArgs: ["--no-daemon"],
        configToml,
        keyEnv: "FAKE_KEY",
        scrollback: false,
      },
    );
  }
  return list;
}

export function benchHome(c: TuiContestant, modelUrl: string): BenchHome {
  const root = mkdtempSync(join(tmpdir(), "codex-ts-tui-bench-"));
  const codexHome = join(root, "home");
  const cwd = join(root, "work");
  mkdirSync(codexHome);
  mkdirSync(join(cwd, ".git"), { recursive: true });
  writeFileSync(join(codexHome, "config.toml"), c.configToml(modelUrl, cwd));
  const env = { PATH: process.env.PATH, HOME: root, CODEX_HOME: codexHome, [c.keyEnv]: "sk-bench" };
  return { root, codexHome, cwd, env };
}

export function startTerminal(c: TuiContestant, home: BenchHome, args: string[] = []): TmuxSession {
  return TmuxSession.start({
    command: c.command,
    args: [...args, ...c.extraArgs],
    env: home.env,
    cwd: home.cwd,
    width: WIDTH,
    height: HEIGHT,
  });
}

/** Escape sequences (CSI, OSC, two-byte ones): their letters must not count as typed text. */
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[P^_][^\x1b]*\x1b\\|[ -~])/g;

/**
 * A tmux control-mode client on the terminal's server: keys go out through its stdin, and every piece of the
 * program's output comes back as a `%output` line the moment tmux reads it from the pane.
 */
export class ControlClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = "";
  private listeners = new Set<(text: string) => void>();
  lastOutputAt = performance.now();
  private readonly socket: string;

  constructor(term: TmuxSession) {
    this.socket = term.socket;
    this.child = spawn("tmux", ["-L", term.socket, "-C", "attach-session", "-t", "codex"]);
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (!line.startsWith("%output ")) continue;
        this.lastOutputAt = performance.now();
        const data = line
          .slice(line.indexOf(" ", 8) + 1)
          .replace(/\\(\d{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
        const text = data.replace(ESCAPES, "");
        for (const l of this.listeners) l(text);
      }
    });
  }

  /** Throws unless the pane still has the bench's size (a control client must not resize it). */
  checkSize(): void {
    const size = execFileSync(
      "tmux",
      ["-L", this.socket, "display-message", "-p", "-t", "codex", "#{pane_width}x#{pane_height}"],
      { encoding: "utf8" },
    ).trim();
    if (size !== `${WIDTH}x${HEIGHT}`) throw new Error(`the pane is ${size}, not ${WIDTH}x${HEIGHT}`);
  }

  /** Types `text` literally and resolves with the ms until output showing `char` arrives. */
  keyToOutput(text: string, char: string, timeoutMs = 10_000): Promise<number> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`no output with ${JSON.stringify(char)} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (out: string) => {
        if (!out.includes(char)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolvePromise(performance.now() - started);
      };
      this.listeners.add(listener);
      const started = performance.now();
      this.send(text);
    });
  }

  /** Types text literally, or (named) sends keys by tmux name. */
  send(text: string, named = false): void {
    const arg = named ? text : `'${text.replace(/'/g, "'\\''")}'`;
    this.child.stdin.write(`send-keys -t codex ${named ? "" : "-l "}${arg}\n`);
  }

  /** Resolves once the program has written nothing for `quietMs` (bounded). */
  async quiet(quietMs: number, timeoutMs = 60_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() - this.lastOutputAt < quietMs) {
      if (performance.now() > deadline) throw new Error(`the terminal never went quiet for ${quietMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

/** Polls the screen every few ms until `matches` (bounded). */
export async function screenShows(
  term: TmuxSession,
  matches: (screen: string) => boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const screen = term.capture();
    if (matches(screen)) return;
    if (performance.now() > deadline) throw new Error(`the terminal never showed it; it shows:\n${screen}`);
    await new Promise((r) => setTimeout(r, 4));
  }
}

/** The program and everything it started (the real Codex's codex.js launcher spawns the binary). */
function processTree(pid: number): number[] {
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    try {
      const list = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
      if (list) list.split(/\s+/).map(Number).forEach(walk);
    } catch {
      // Gone meanwhile.
    }
  };
  walk(pid);
  return all;
}

/** The largest resident high-water mark (VmHWM) in the tree, in MiB: the program's peak memory. */
export function peakRssMiB(pid: number): number {
  const hwm = (p: number) => {
    try {
      return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  return Math.max(...processTree(pid).map(hwm)) / 1024;
}

/** User plus system CPU time of the whole tree, in ms (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks * 10;
}
