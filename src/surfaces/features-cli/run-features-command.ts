// `codex-ts features list|enable|disable`: the `[features]` flags codex-ts acts on, as Codex 0.169 shows and
// sets them. `list` prints each flag's stage and its state after every config layer and override;
// `enable`/`disable` edit `[features]` of $CODEX_HOME/config.toml in place (comments and other keys kept).
import { existsSync } from "node:fs";
import { ConfigError, loadConfig, readTomlFile, type Config, type ConfigLayer } from "../../config/load.js";
import { ConfigWriteError, userConfigPath, writeUserConfig } from "../../config/config-write.js";
import {
  canonicalFeature,
  FEATURE_DEFAULTS,
  featureAliases,
  FEATURE_STAGES,
  featureOn,
  featureSetting,
  KNOWN_FEATURES,
  type FeatureSource,
  type KnownFeature,
} from "../../config/features.js";
import { resolveCodexHome } from "../../config/home.js";
import { profileFilePath } from "../../config/profile-layer.js";
import { setsKey } from "../../config/key-path.js";
import { featureOverrides, loadCliConfig, type SharedFlags } from "../shared/cli-config.js";

/** The flags of `features` and its subcommands, those given before the command name included. */
export interface FeaturesFlags {
  config?: string[];
  enable?: string[];
  disable?: string[];
  profile?: string;
}

class UnknownFeatureError extends Error {}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

function guarded(run: () => number): number {
  try {
    return run();
  } catch (err) {
    if (err instanceof UnknownFeatureError) {
      return fail(`${err.message}\n(codex-ts acts on: ${[...KNOWN_FEATURES].sort().join(", ")})`);
    }
    if (err instanceof ConfigError || err instanceof ConfigWriteError) return fail(err.message);
    throw err;
  }
}

/** The flag `name` stands for; as in Codex, an unknown name stops the command. */
function knownFeature(name: string): KnownFeature {
  const feature = canonicalFeature(name);
  if (!feature) throw new UnknownFeatureError(`Unknown feature flag: ${name}`);
  return feature;
}

function sharedFlags(flags: FeaturesFlags): SharedFlags {
  for (const name of [...(flags.enable ?? []), ...(flags.disable ?? [])]) knownFeature(name);
  return {
    config: flags.config ?? [],
    enable: flags.enable ?? [],
    disable: flags.disable ?? [],
    ...(flags.profile ? { profile: flags.profile } : {}),
  };
}

/** Rows of `name  stage  state`, sorted by name, each column as wide as its widest cell (as Codex prints). */
export function renderFeatureList(toml: FeatureSource): string {
  const rows = [...KNOWN_FEATURES]
    .sort()
    .map((name) => [name, FEATURE_STAGES[name], String(featureOn(toml, name))] as const);
  const nameWidth = Math.max(...rows.map(([name]) => name.length));
  const stageWidth = Math.max(...rows.map(([, stage]) => stage.length));
  return rows
    .map(([name, stage, state]) => `${name.padEnd(nameWidth)}  ${stage.padEnd(stageWidth)}  ${state}\n`)
    .join("");
}

export function runFeaturesList(flags: FeaturesFlags): number {
  return guarded(() => {
    process.stdout.write(renderFeatureList(loadCliConfig(sharedFlags(flags)).toml));
    return 0;
  });
}

/**
 * Writes `name = on` under `[features]` (or `[profiles.PROFILE.features]` with --profile). As in Codex,
 * turning off a flag that is off by default removes its key instead of writing `false`, unless a profile
 * is named (a profile's `false` can be what overrides the file's `true`).
 */
export function runFeaturesSet(name: string, on: boolean, flags: FeaturesFlags): number {
  return guarded(() => {
    const feature = knownFeature(name);
    // Checked first: an unknown --enable/--disable name stops the command before anything is written.
    const shared = sharedFlags(flags);
    const codexHome = resolveCodexHome();
    const target = featuresTarget(codexHome, flags.profile);
    const current = readTomlFile(target.path) ?? {};
    const { table } = target;
    const clear = !on && !flags.profile && !FEATURE_DEFAULTS[feature];
    const keyPath = (key: string) => [...table, key].map((k) => JSON.stringify(k)).join(".");
    const write = (edits: Parameters<typeof writeUserConfig>[1]) =>
      writeUserConfig(codexHome, edits, target.profileFile ? { profile: target.profileFile } : {});
    if (!clear) {
      write([{ keyPath: keyPath(name), value: on, mergeStrategy: "replace" }]);
    } else {
      // An older spelling (`collab = true`) would keep the flag on: it goes too. Codex 0.169 leaves it,
      // says "Disabled" and the flag stays on. Nothing to clear: the file is left as it is (and not created).
      const found = [...new Set([name, feature, ...featureAliases(feature)])].filter((key) =>
        setsKey(current, [...table, key]),
      );
      const edits = found.map((key) => ({
        keyPath: keyPath(key),
        value: null,
        mergeStrategy: "replace" as const,
      }));
      if (edits.length > 0) write(edits);
    }
    process.stdout.write(`${on ? "Enabled" : "Disabled"} feature \`${name}\` in ${target.where}.\n`);
    warnIfOverridden(feature, on, shared);
    return 0;
  });
}

/**
 * Where `features enable|disable [-p NAME]` writes: config.toml's [features]; with a profile, the profile
 * file NAME.config.toml's [features] (made when missing), or a legacy [profiles.NAME.features] table when
 * config.toml has that profile and there is no file (the loader reads profiles the same way).
 */
function featuresTarget(
  codexHome: string,
  profile: string | undefined,
): { path: string; table: string[]; where: string; profileFile?: string } {
  const path = userConfigPath(codexHome);
  if (profile === undefined) return { path, table: ["features"], where: "config.toml" };
  const file = profileFilePath(codexHome, profile);
  if (!existsSync(file) && setsKey(readTomlFile(path) ?? {}, ["profiles", profile])) {
    return { path, table: ["profiles", profile, "features"], where: `config.toml (profile \`${profile}\`)` };
  }
  return { path: file, table: ["features"], where: `${profile}.config.toml`, profileFile: profile };
}

/**
 * The edit changes one layer; a layer above it (a selected profile, a trusted project's config, -c) can
 * still decide. Say which, so the user is not left wondering why nothing changed.
 */
function warnIfOverridden(feature: KnownFeature, on: boolean, shared: SharedFlags): void {
  let config: Config;
  try {
    // Quietly: the config's own warnings are for the commands that run with it.
    config = loadConfig({
      ...(shared.profile ? { profile: shared.profile } : {}),
      overrides: [...(shared.config ?? []), ...featureOverrides(shared)],
    });
  } catch (err) {
    if (err instanceof ConfigError) return;
    throw err;
  }
  if (featureOn(config.toml, feature) === on) return;
  const decider = [...config.layers]
    .reverse()
    .find((layer) => featureSetting(layer.value as FeatureSource, feature) !== undefined);
  const by = decider ? ` by ${describeLayer(decider)}` : "";
  process.stderr.write(`warning: \`${feature}\` stays ${on ? "off" : "on"}: it is set${by}\n`);
}

function describeLayer(layer: ConfigLayer): string {
  if (layer.source.startsWith("profile:")) return `profile '${layer.source.slice("profile:".length)}'`;
  if (layer.source === "overrides") return "-c/--enable/--disable";
  return layer.path ?? layer.source;
}
