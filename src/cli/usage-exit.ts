// A usage error (an unknown option or command, a missing or invalid argument) exits 2, as the real Codex's
// command line does; --help and --version still exit 0. Commander exits 1 for these, and a hook set on one
// command does not reach the commands already registered under it: every command gets it here, once all exist.
import type { Command, CommanderError } from "commander";

export function exitCodeOf(err: Pick<CommanderError, "exitCode">): number {
  return err.exitCode === 0 ? 0 : 2;
}

export function exitTwoOnUsageErrors(program: Command): void {
  const visit = (command: Command): void => {
    command.exitOverride((err) => process.exit(exitCodeOf(err)));
    command.commands.forEach(visit);
  };
  visit(program);
}
