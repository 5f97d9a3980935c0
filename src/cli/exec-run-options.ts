// The run options `exec` shares with `exec resume` and `exec review` (in Codex they are global to `exec`):
// the Cyber access program, and how much of the user's setup a run reads and leaves behind.
import { InvalidArgumentError, Option, type Command } from "commander";
import { CYBER_ACCESS_PROGRAMS as PROGRAMS } from "../protocol/cyber-access.js";

/** A value outside the list is a usage error (exit 2, cli/usage-exit.ts). */
function parseProgram(value: string): string {
  if ((PROGRAMS as readonly string[]).includes(value)) return value;
  throw new InvalidArgumentError(`Allowed choices are ${PROGRAMS.join(", ")}.`);
}

export function execRunOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        "--cyber-access-program <program>",
        "ask OpenAI's API for a Cyber access program for this turn (OpenAI provider only; not with review)",
      )
        .choices(PROGRAMS)
        .argParser(parseProgram),
    )
    .option("--ephemeral", "run without recording the thread (no rollout file, no thread index row)")
    .option("--ignore-user-config", "do not load $CODEX_HOME/config.toml (auth still comes from CODEX_HOME)")
    .option("--ignore-rules", "do not load the user's or the project's execpolicy .rules files")
    .addOption(strictConfigOption());
}

/** `--strict-config`, shared with `app-server` (which checks the config before serving). */
export function strictConfigOption(): Option {
  return new Option("--strict-config", "an unknown key in a config.toml is an error, not a warning");
}
