// Options several commands share, and how their values are collected.
import { InvalidArgumentError, Option, type Command } from "commander";
import { profileNameProblem } from "../config/profile-layer.js";
import type { SharedFlags } from "../surfaces/shared/cli-config.js";

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `-p NAME`: a plain name (it names a file in $CODEX_HOME), refused as a usage error otherwise. */
export function profileName(value: string): string {
  const problem = profileNameProblem(value);
  if (problem !== undefined) throw new InvalidArgumentError(problem);
  return value;
}

/** `-c`, `--enable`, `--disable`: the config overrides every command that reads the config takes. */
export function configOverrideOptions(cmd: Command): Command {
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

export function sharedOptions(cmd: Command): Command {
  return configOverrideOptions(cmd)
    .option("-m, --model <model>", "model to use")
    .option("-p, --profile <name>", "layer $CODEX_HOME/<name>.config.toml on the user config", profileName)
    .addOption(
      new Option("-s, --sandbox <mode>", "sandbox policy for commands").choices([
        "read-only",
        "workspace-write",
        "danger-full-access",
      ]),
    )
    .addOption(
      new Option("-a, --ask-for-approval <policy>", "when to ask before running a command").choices([
        "untrusted",
        "on-failure",
        "on-request",
        "never",
      ]),
    )
    .option("-C, --cd <dir>", "working directory for the session")
    .option("--add-dir <dir>", "another writable root for workspace-write", collect, [])
    .option("--full-auto", "workspace-write sandbox, ask only when the model requests it")
    .option("--oss", "use a local model server (Ollama by default; see --local-provider)")
    .addOption(
      new Option("--local-provider <provider>", "the local server for --oss (implies --oss)").choices([
        "ollama",
        "lmstudio",
      ]),
    )
    .option("--dangerously-bypass-approvals-and-sandbox", "no sandbox and no approvals (danger)")
    .option("--dangerously-bypass-hook-trust", "run hooks that were not reviewed, for this run only (danger)")
    .option("--search", 'offer the model live web search (web_search = "live")');
}

/** The overrides of `configOverrideOptions`, and a profile, gathered from every level of a command line. */
export interface OverrideFlags {
  config: string[];
  enable: string[];
  disable: string[];
  profile?: string;
}

/**
 * The flags given at every level (`codex-ts -c A features -c B list -c C`), outermost first so the
 * innermost win, as Codex puts the root's overrides before a subcommand's.
 */
export function gathered(cmd: Command): OverrideFlags {
  const levels: Array<Partial<OverrideFlags>> = [];
  for (let at: Command | null = cmd; at; at = at.parent) levels.unshift(at.opts<Partial<OverrideFlags>>());
  const all = (key: "config" | "enable" | "disable") => levels.flatMap((level) => level[key] ?? []);
  const profile = levels.map((level) => level.profile).findLast((p) => p !== undefined);
  return {
    config: all("config"),
    enable: all("enable"),
    disable: all("disable"),
    ...(profile ? { profile } : {}),
  };
}

/**
 * `codex-ts -p work --search exec ...`: the shared flags given before the command apply to it, as the real
 * Codex takes them; the command's own win (a repeatable one adds to the root's, which come first).
 */
export function withRootFlags<F extends SharedFlags>(program: Command, flags: F): F {
  const root = program.opts<Record<string, unknown>>();
  const merged: Record<string, unknown> = { ...(flags as unknown as Record<string, unknown>) };
  for (const [key, value] of Object.entries(root)) {
    if (program.getOptionValueSource(key) !== "cli") continue;
    const own = merged[key];
    if (Array.isArray(value))
      merged[key] = [...(value as unknown[]), ...(Array.isArray(own) ? (own as unknown[]) : [])];
    else if (own === undefined) merged[key] = value;
  }
  return merged as F;
}
