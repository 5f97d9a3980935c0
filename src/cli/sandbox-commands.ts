// The sandbox by hand: run a command under it, probe it, apply a patch.
import { Command, Option } from "commander";
import { collect, configOverrideOptions, profileName } from "./options.js";
import { exitCodeOf } from "./usage-exit.js";
import type { SandboxFlags } from "../surfaces/sandbox/run-sandbox-command.js";

/** `codex sandbox`'s options in Codex 0.169; `legacy`: those of its older `sandbox linux` (`--full-auto`, `-s`). */
function sandboxOptions(cmd: Command, legacy: boolean): Command {
  configOverrideOptions(cmd)
    .option("-P, --permission-profile <name>", "the permission profile to run under, from the config")
    .option(
      "-p, --profile <name>",
      "config profile to layer on the user config ($CODEX_HOME/<name>.config.toml)",
      profileName,
    )
    .option("-C, --cd <dir>", "working directory for the profile and the command (with -P)")
    .option("--include-managed-config", "with -P: managed requirements too (codex-ts has none to include)")
    .option(
      "--sandbox-state-json <json>",
      "a `codex/sandbox-state` value to apply (refused: codex-ts has none)",
    )
    .option("--sandbox-state-readable-root <dir>", "with --sandbox-state-json: a readable root", collect, [])
    .option("--sandbox-state-disable-network", "with --sandbox-state-json: no direct network");
  if (!legacy) return cmd;
  // The older form's own policy flags, as codex-ts documented them before Codex 0.169's form came.
  return cmd
    .option("--full-auto", "workspace-write, as older Codex's `sandbox linux` had it")
    .addOption(
      new Option("-s, --sandbox <mode>", "the sandbox policy for the command (over the config's)").choices([
        "read-only",
        "workspace-write",
        "danger-full-access",
      ]),
    );
}

/** Options given before `linux`, then those after it: repeated ones add up, others are replaced. */
function withLater(before: SandboxFlags, after: SandboxFlags): SandboxFlags {
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(after) as Array<[string, unknown]>) {
    const earlier: unknown = merged[key];
    if (Array.isArray(value))
      merged[key] = [...(Array.isArray(earlier) ? (earlier as unknown[]) : []), ...(value as unknown[])];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** The options that need or exclude one another, as Codex's argument parser says it (exit code 2). */
function conflictIn(flags: SandboxFlags): string | undefined {
  const missing = (what: string) => `the following required arguments were not provided:\n  ${what}`;
  const stateOnly = (flags.sandboxStateReadableRoot ?? []).length > 0 || flags.sandboxStateDisableNetwork;
  if (stateOnly && flags.sandboxStateJson === undefined) return missing("--sandbox-state-json <JSON>");
  if (flags.permissionProfile !== undefined && flags.sandboxStateJson !== undefined)
    return "the argument '--permission-profile <NAME>' cannot be used with '--sandbox-state-json <JSON>'";
  if ((flags.cd !== undefined || flags.includeManagedConfig) && flags.permissionProfile === undefined)
    return missing("--permission-profile <NAME>");
  return undefined;
}

export function registerSandboxCommands(program: Command): void {
  sandboxOptions(program.command("sandbox"), false)
    .description(
      "run a command under the sandbox, as the agent's commands run (read-only unless -P or -c says otherwise)",
    )
    .argument("[command...]", "the command to run (`linux` before it, as older Codex had it, is taken too)")
    // Everything after the command's first word is the command's, as in Codex (`sandbox ls -la`).
    .passThroughOptions()
    .action(async (words: string[], flags: SandboxFlags, cmd: Command) => {
      let command = words;
      let given = flags;
      if (words[0] === "linux") {
        // The older form `sandbox linux [--full-auto] [OPTIONS] [--] COMMAND`: its options are read again.
        const legacy = sandboxOptions(new Command("sandbox linux"), true)
          .argument("[command...]")
          .passThroughOptions()
          // Parsed apart from the program, so the usage-error exit code (2) is set here too.
          .exitOverride((err) => process.exit(exitCodeOf(err)))
          .parse(words.slice(1), { from: "user" });
        command = legacy.args;
        given = withLater(flags, legacy.opts<SandboxFlags>());
      }
      const problem = conflictIn(given);
      if (problem) cmd.error(`error: ${problem}`, { exitCode: 2 });
      const { runSandboxCommand } = await import("../surfaces/sandbox/run-sandbox-command.js");
      process.exitCode = await runSandboxCommand(command, given);
    });

  program
    .command("doctor")
    .description("report what the sandbox can do on this machine, by running probes under it")
    .action(async () => {
      const { runDoctor } = await import("../surfaces/sandbox/run-doctor.js");
      process.exitCode = await runDoctor();
    });

  program
    .command("apply-patch")
    .description("apply a patch in the Codex patch format, read from stdin, to the working directory")
    .action(async () => {
      const { runApplyPatchCommand } = await import("../surfaces/apply-patch/run-apply-patch-command.js");
      process.exitCode = await runApplyPatchCommand();
    });
}
