// `codex-ts features list|enable|disable`: the feature flags, shown and set in config.toml.
import type { Command } from "commander";
import { collect, profileName } from "./options.js";
import type { FeaturesFlags } from "../surfaces/features-cli/run-features-command.js";

function overrideOptions(cmd: Command): Command {
  return cmd
    .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
    .option("--enable <feature>", "turn a feature flag on (repeatable): -c features.<name>=true", collect, [])
    .option(
      "--disable <feature>",
      "turn a feature flag off (repeatable): -c features.<name>=false",
      collect,
      [],
    );
}

/**
 * The flags given at every level (`codex-ts -c A features -c B list -c C`), outermost first so the
 * innermost win, as Codex puts the root's overrides before a subcommand's.
 */
function gathered(cmd: Command): FeaturesFlags {
  const levels: FeaturesFlags[] = [];
  for (let at: Command | null = cmd; at; at = at.parent) levels.unshift(at.opts<FeaturesFlags>());
  const all = (key: "config" | "enable" | "disable") => levels.flatMap((level) => level[key] ?? []);
  const profile = levels.map((level) => level.profile).findLast((p) => p !== undefined);
  return {
    config: all("config"),
    enable: all("enable"),
    disable: all("disable"),
    ...(profile ? { profile } : {}),
  };
}

export function registerFeaturesCommands(program: Command): void {
  const features = overrideOptions(
    program.command("features").description("inspect feature flags ([features] of config.toml)"),
  );

  overrideOptions(features.command("list"))
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
    overrideOptions(features.command(name))
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
