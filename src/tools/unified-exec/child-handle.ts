// What a session needs from a running child, whether it talks through pipes or a pseudo-terminal.

export type OutputStream = "stdout" | "stderr";

export interface ChildSpec {
  /** The argv to execute (after the spawn hook, so possibly wrapped by a sandbox). */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface ChildListener {
  onOutput(stream: OutputStream, chunk: Buffer): void;
  /** Called once, after the child exited and its output was read to the end. */
  onFinished(exitCode: number): void;
}

export interface ChildHandle {
  readonly pid: number | undefined;
  /** Sends text to the child's input; ignored once the input is closed. */
  write(text: string): void;
  /** Signals end of input (closes the pipe; sends the terminal's EOF character). */
  closeInput(): void;
  /** Interrupts the child (SIGINT to its process group, or Ctrl-C on a terminal). */
  interrupt(): void;
  /** Kills the child and everything it started. */
  kill(): void;
  /** False when nothing can be typed into the child (the editor's terminal); unset means it takes input. */
  readonly takesInput?: boolean;
  /** Resizes the terminal (pseudo-terminal children only). */
  resize?(cols: number, rows: number): void;
}

/** Exit code for a child killed by a signal, as shells report it. */
export const SIGNAL_EXIT_BASE = 128;
/** Exit code when the program could not be started, as shells report it. */
export const NOT_STARTED_EXIT_CODE = 127;
