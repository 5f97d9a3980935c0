// How a command is written in a cell: the script of `bash -lc SCRIPT` as the model wrote it, else argv
// quoted the way a shell would read it back.
import { quote } from "shell-quote";

const SHELLS = new Set(["bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/usr/bin/bash", "/bin/zsh"]);

export function displayCommand(command: readonly string[]): string {
  const [program, flag, script, ...rest] = command;
  if (
    program !== undefined &&
    SHELLS.has(program) &&
    (flag === "-lc" || flag === "-c") &&
    script !== undefined &&
    rest.length === 0
  ) {
    return script;
  }
  return quote([...command]);
}
