// An `exec_command` child that runs in the editor's terminal (see tools/shell/client-terminal.ts for when a
// command may). ACP terminals take no input: `write_stdin` can poll such a command or stop it (Ctrl-C kills
// the terminal's command) but not type into it, and is told so; only commands without a PTY go there (an
// interactive one asks for `tty` and runs here).
import type { ClientIo } from "../../core/tool-api/client-io.js";
import type { ChildHandle, ChildListener, ChildSpec } from "./child-handle.js";

type RunInTerminal = NonNullable<ClientIo["runInTerminal"]>;

export async function spawnClientTerminalChild(
  run: RunInTerminal,
  callId: string,
  spec: ChildSpec,
  listener: ChildListener,
): Promise<ChildHandle> {
  const terminal = await run({ callId, argv: spec.argv, cwd: spec.cwd, env: spec.env }, (text) =>
    listener.onOutput("stdout", Buffer.from(text)),
  );
  void terminal.exited.then((code) => listener.onFinished(code));
  return {
    pid: undefined,
    takesInput: false,
    // The session refuses text before it gets here (takesInput); nothing to send it to.
    write: () => undefined,
    closeInput: () => undefined,
    interrupt: () => terminal.kill(),
    kill: () => terminal.kill(),
  };
}
