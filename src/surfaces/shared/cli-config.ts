// Flags shared by the commands (-c, -m, -p, -s, -a, -C) turned into a loaded Config.
import { resolve } from "node:path";
import { ConfigError, loadConfig, type Config, type LoadConfigOptions } from "../../config/load.js";
import type { AskForApproval } from "../../protocol/policies.js";

export interface SharedFlags {
  config?: string[];
  model?: string;
  profile?: string;
  sandbox?: string;
  /** A policy name, or (from an app-server client) a granular policy. */
  askForApproval?: string | Exclude<AskForApproval, string>;
  cd?: string;
  addDir?: string[];
  fullAuto?: boolean;
  dangerouslyBypassApprovalsAndSandbox?: boolean;
  /** Run hooks that were not reviewed (for this process only). */
  dangerouslyBypassHookTrust?: boolean;
  /** A local model server (Ollama, LM Studio) instead of the configured provider. */
  oss?: boolean;
  localProvider?: string;
  /** Offer the model live web search (`web_search = "live"`). */
  search?: boolean;
  /** `--enable NAME` / `--disable NAME`: `-c features.NAME=true|false`, as in Codex. */
  enable?: string[];
  disable?: string[];
  /** exec's run options (see cli/exec-run-options.ts). */
  ignoreUserConfig?: boolean;
  strictConfig?: boolean;
  ephemeral?: boolean;
  ignoreRules?: boolean;
}

/** The flags that override config values, on every command that reads the config. */
export type ConfigOverrideFlags = Pick<SharedFlags, "config" | "enable" | "disable">;

/** `-c` values, then `--enable` / `--disable` as the `-c` overrides they stand for. */
export function configOverrides(flags: ConfigOverrideFlags): string[] {
  return [...(flags.config ?? []), ...featureOverrides(flags)];
}

/** `--enable` and `--disable` as the `-c` overrides they stand for, after the user's own. */
export function featureOverrides(flags: ConfigOverrideFlags): string[] {
  const toggles = [
    ...(flags.enable ?? []).map((name) => [name, true] as const),
    ...(flags.disable ?? []).map((name) => [name, false] as const),
  ];
  return toggles.map(([name, on]) => {
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      throw new ConfigError(`invalid feature flag name '${name}': letters, digits and '_' only`);
    }
    return `features.${name}=${on}`;
  });
}

/** `--oss` (or `--local-provider`, which implies it) as loadConfig's option. */
export function ossOption(flags: SharedFlags): { oss?: { provider?: string } } {
  if (!flags.oss && !flags.localProvider) return {};
  return { oss: flags.localProvider ? { provider: flags.localProvider } : {} };
}

/**
 * `extra` adds config keys a surface sets for one thread (e.g. the MCP servers an ACP client brings); `cwd`
 * replaces --cd for it.
 */
export function loadCliConfig(
  flags: SharedFlags,
  defaults: Record<string, unknown> = {},
  thread: { cwd?: string; extra?: Record<string, unknown> } = {},
  load: Pick<LoadConfigOptions, "ignoreSandboxModeIn"> = {},
): Config {
  const cli: Record<string, unknown> = { ...thread.extra };
  if (flags.model) cli.model = flags.model;
  if (flags.fullAuto) {
    cli.sandbox_mode = "workspace-write";
    cli.approval_policy = "on-request";
  }
  if (flags.dangerouslyBypassApprovalsAndSandbox) {
    cli.sandbox_mode = "danger-full-access";
    cli.approval_policy = "never";
  }
  if (flags.sandbox) cli.sandbox_mode = flags.sandbox;
  if (flags.search) cli.web_search = "live";
  if (flags.askForApproval) cli.approval_policy = flags.askForApproval;
  if (flags.addDir && flags.addDir.length > 0) {
    cli.sandbox_workspace_write = { writable_roots: flags.addDir.map((d) => resolve(d)) };
  }
  const cwd = thread.cwd ? resolve(thread.cwd) : flags.cd ? resolve(flags.cd) : process.cwd();
  // Surface defaults (e.g. exec never asks for approval) apply only where no layer chose a value.
  const config = loadConfig({
    cwd,
    ...(flags.profile ? { profile: flags.profile } : {}),
    cli,
    overrides: configOverrides(flags),
    surfaceDefaults: defaults,
    ...ossOption(flags),
    ...(flags.dangerouslyBypassHookTrust ? { bypassHookTrust: true } : {}),
    ...(flags.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
    ...(flags.strictConfig ? { strict: true } : {}),
    ...load,
    run: {
      ...(flags.ephemeral ? { ephemeral: true } : {}),
      ...(flags.ignoreRules ? { ignoreRules: true } : {}),
    },
  });
  // Before anything else the command prints, and on stderr, so protocol output on stdout stays clean.
  for (const warning of config.warnings) process.stderr.write(`warning: ${warning.summary}\n`);
  return config;
}

/**
 * loadCliConfig for a command that cannot start without its config: a configuration error is written to
 * stderr as `Error: ...` and the answer is undefined (the command exits 1); anything else is thrown.
 */
export function loadCliConfigOrReport(flags: SharedFlags): Config | undefined {
  try {
    return loadCliConfig(flags);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Error: ${err.message}\n`);
    return undefined;
  }
}
