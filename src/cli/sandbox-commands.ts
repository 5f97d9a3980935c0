// The sandbox by hand: run a command under it, probe it, apply a patch.
import type { Command } from "commander";
import { sharedOptions } from "./options.js";
import type { SharedFlags } from "../surfaces/shared/cli-config.js";

export function registerSandboxCommands(program: Command): void {
  sharedOptions(
    program
      .command("sandbox")
      .description(
        "run a command under the sandbox policy, as the agent's commands run (read-only unless told)",
      )
      .argument("<platform>", "linux")
      .argument("<command...>", "the command, after --"),
  ).action(async (platform: string, command: string[], flags: SharedFlags) => {
    if (platform !== "linux") {
      process.stderr.write(`codex-ts sandbox: unknown platform "${platform}" (only linux)\n`);
      process.exitCode = 2;
      return;
    }
    const { runSandboxCommand } = await import("../surfaces/sandbox/run-sandbox-command.js");
    process.exitCode = await runSandboxCommand(command, flags);
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
