// What the client in front of the engine (an editor speaking ACP) offers to do for the tools instead of the
// local disk: read files as the editor has them (unsaved changes included), write them through the editor,
// run commands in terminals the editor shows. Each part is optional; without it tools use the disk.

export interface TerminalSpec {
  /** The tool call the command belongs to (the editor shows the terminal in it). */
  callId: string;
  /** What to run, exactly as it would be spawned locally (a sandbox wrapper included). */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface ClientTerminal {
  /** Resolves with the exit code once the command ended and all its output was delivered. */
  readonly exited: Promise<number>;
  /** Kills the command (the terminal stays for its output). */
  kill(): void;
}

export interface ClientIo {
  /** Reads a text file as the editor has it. */
  readTextFile?: (path: string) => Promise<string>;
  /** Writes a text file through the editor (which creates it when missing). */
  writeTextFile?: (path: string, content: string) => Promise<void>;
  /** Starts a command in an editor terminal; `onOutput` gets its output as it comes, decoded. */
  runInTerminal?: (spec: TerminalSpec, onOutput: (text: string) => void) => Promise<ClientTerminal>;
}
