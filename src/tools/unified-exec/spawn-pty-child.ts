// Runs a child on a pseudo-terminal (node-pty), for programs that behave differently, or only work, when
// their input is a terminal. The PTY makes the child a session leader, so it is killed like a pipe child.
import type * as NodePty from "node-pty";
import type { ChildHandle, ChildListener, ChildSpec } from "./child-handle.js";
import { SIGNAL_EXIT_BASE } from "./child-handle.js";
import { killProcessTree } from "./process-tree.js";

export const PTY_COLUMNS = 80;
export const PTY_ROWS = 24;
/** What the terminal driver reads as end of input at the start of a line (Ctrl-D). */
const EOF_CHARACTER = "\u0004";
/** What the terminal driver turns into SIGINT for the foreground process group (Ctrl-C). */
const INTERRUPT_CHARACTER = "\u0003";

// Loaded on first use: a native addon that most runs never need should not slow down start-up. It is an
// optional dependency (its build can fail where no compiler is present), so a missing one is said plainly.
let ptyModule: Promise<typeof NodePty> | undefined;
const loadPty = () =>
  (ptyModule ??= import("node-pty").catch((error: unknown) => {
    ptyModule = undefined;
    throw new Error(
      "running a command on a terminal (tty) needs the optional package node-pty, which could not be " +
        `loaded (${(error as Error).message}); reinstall codex-ts where node-pty can build, or run without a tty`,
    );
  }));

export async function spawnPtyChild(
  spec: ChildSpec,
  listener: ChildListener,
  size: { cols: number; rows: number } = { cols: PTY_COLUMNS, rows: PTY_ROWS },
): Promise<ChildHandle> {
  const [file, ...args] = spec.argv;
  if (file === undefined) throw new Error("cannot run an empty command");
  const pty = await loadPty();
  const terminal = pty.spawn(file, args, {
    name: spec.env.TERM ?? "dumb",
    cols: size.cols,
    rows: size.rows,
    cwd: spec.cwd,
    env: spec.env,
  });
  let finished = false;
  terminal.onData((text) => listener.onOutput("stdout", Buffer.from(text, "utf8")));
  // node-pty reports the exit once the terminal's output has been read to the end.
  terminal.onExit(({ exitCode, signal }) => {
    finished = true;
    killProcessTree(terminal.pid);
    listener.onFinished(signal ? SIGNAL_EXIT_BASE + signal : exitCode);
  });
  return {
    pid: terminal.pid,
    write(text) {
      if (!finished) terminal.write(text);
    },
    closeInput() {
      if (!finished) terminal.write(EOF_CHARACTER);
    },
    interrupt() {
      if (!finished) terminal.write(INTERRUPT_CHARACTER);
    },
    kill() {
      if (!finished) killProcessTree(terminal.pid);
    },
    resize(cols, rows) {
      if (!finished) terminal.resize(cols, rows);
    },
  };
}
