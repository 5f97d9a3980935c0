// Options several commands share, and how their values are collected.
import { Option, type Command } from "commander";
import type { ConfigOverrideFlags, SharedFlags } from "../surfaces/shared/cli-config.js";

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
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

/**
 * A subcommand's overrides with its parent's (`codex-ts mcp -c A list -c B`, as Codex takes them on either):
 * the parent's first, so the subcommand's win.
 */
export function overridesWithParent(cmd: Command): ConfigOverrideFlags {
  const parent = cmd.parent?.opts<ConfigOverrideFlags>() ?? {};
  const own = cmd.opts<ConfigOverrideFlags>();
  return {
    config: [...(parent.config ?? []), ...(own.config ?? [])],
    enable: [...(parent.enable ?? []), ...(own.enable ?? [])],
    disable: [...(parent.disable ?? []), ...(own.disable ?? [])],
  };
}

export function sharedOptions(cmd: Command): Command {
  return configOverrideOptions(cmd)
    .option("-m, --model <model>", "model to use")
    .option("-p, --profile <name>", "config profile to use")
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

/** `-c`, `--enable` and `--disable` alone: the overrides of commands that run no thread (features, debug). */
export function overrideOptions(cmd: Command): Command {
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

/** The overrides of `overrideOptions`, and a profile, gathered from every level of a command line. */
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

/** `codex-ts --search exec ...`: the flag given before the command, as the real Codex accepts it. */
export function withRootSearch<F extends SharedFlags>(program: Command, flags: F): F {
  return program.opts<SharedFlags>().search ? { ...flags, search: true } : flags;
}
