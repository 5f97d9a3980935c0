// `codex-ts features list|enable|disable`: the feature flags, shown and set in config.toml.
import type { Command } from "commander";
import { configOverrideOptions, gathered, profileName } from "./options.js";
import type { FeaturesFlags } from "../surfaces/features-cli/run-features-command.js";

export function registerFeaturesCommands(program: Command): void {
  const features = configOverrideOptions(
    program.command("features").description("inspect feature flags ([features] of config.toml)"),
  );

  configOverrideOptions(features.command("list"))
    .description("list the feature flags codex-ts acts on, with their stage and effective state")
    .option("-p, --profile <name>", "the state with this profile selected", profileName)
    .action(async (_flags: FeaturesFlags, cmd: Command) => {
      const { runFeaturesList } = await import("../surfaces/features-cli/run-features-command.js");
      process.exitCode = runFeaturesList(gathered(cmd));
    });

  for (const [name, on] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    configOverrideOptions(features.command(name))
      .description(`${on ? "enable" : "disable"} a feature in config.toml`)
      .argument("<feature>", "feature key to update (for example: unified_exec)")
      .option(
        "-p, --profile <name>",
        "write it in the profile file <name>.config.toml instead (a legacy [profiles.<name>] table when that is what there is)",
        profileName,
      )
      .action(async (feature: string, _flags: FeaturesFlags, cmd: Command) => {
        const { runFeaturesSet } = await import("../surfaces/features-cli/run-features-command.js");
        process.exitCode = runFeaturesSet(feature, on, gathered(cmd));
      });
  }
}
