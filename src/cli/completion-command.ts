// `codex-ts completion [shell]`: a completion script for bash (the default), zsh or fish, generated from
// this program's own command tree, so it always offers the commands and options this build has.
import { Argument, type Command } from "commander";

export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;

export function registerCompletionCommand(program: Command): void {
  program
    .command("completion")
    .description("print a shell completion script (bash, zsh or fish)")
    .addArgument(
      new Argument("[shell]", "the shell to complete for").choices(COMPLETION_SHELLS).default("bash"),
    )
    .action(async (shell: (typeof COMPLETION_SHELLS)[number]) => {
      const { completionScript } = await import("./completion/script.js");
      process.stdout.write(completionScript(shell, program));
    });
}
