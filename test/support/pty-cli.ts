// Runs the built CLI on a pseudo-terminal (node-pty), for what a person at a terminal sees and answers.
import * as pty from "node-pty";
import { CLI } from "./cli.js";

export interface PtyRun {
  /** Everything the terminal showed so far (stdout and stderr, as a terminal mixes them). */
  readonly output: () => string;
  /** Resolves once the output contains `text`; rejects after `timeoutMs`. */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  type: (keys: string) => void;
  exited: Promise<number>;
}

/** Terminals still running: a failed wait must not leave its process behind (see killPtyRuns). */
const live = new Set<pty.IPty>();

/** Kills what a test left running on a terminal; for afterEach. */
export function killPtyRuns(): void {
  for (const term of live) term.kill("SIGKILL");
  live.clear();
}

export function runCliOnPty(args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }): PtyRun {
  const term = pty.spawn(process.execPath, [CLI, ...args], {
    cols: 200,
    rows: 40,
    cwd: options.cwd,
    env: options.env,
  });
  live.add(term);
  let output = "";
  const waiters: Array<() => void> = [];
  term.onData((data) => {
    output += data;
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number>((resolve) =>
    term.onExit(({ exitCode }) => {
      live.delete(term);
      resolve(exitCode);
    }),
  );
  return {
    output: () => output,
    type: (keys) => term.write(keys),
    exited,
    waitFor: (text, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${text}" on the terminal; it shows:\n${output}`)),
          timeoutMs,
        );
        const check = (): void => {
          if (output.includes(text)) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
  };
}
