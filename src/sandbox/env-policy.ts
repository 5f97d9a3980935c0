// `shell_environment_policy`: which environment variables a command the agent runs gets to see.
import { z } from "zod";
import { matchesAnyGlob } from "./glob.js";

export const ShellEnvironmentPolicy = z.object({
  /** Where to start: the whole parent environment, a small core of it, or nothing. */
  inherit: z.enum(["all", "core", "none"]).default("all"),
  /** Keep variables that look like credentials (see DEFAULT_EXCLUDES). */
  ignore_default_excludes: z.boolean().default(false),
  exclude: z.array(z.string()).default([]),
  set: z.record(z.string(), z.string()).default({}),
  /** When non-empty, only variables matching one of these survive (applied last). */
  include_only: z.array(z.string()).default([]),
});
export type ShellEnvironmentPolicy = z.infer<typeof ShellEnvironmentPolicy>;
export type ShellEnvironmentPolicyInput = z.input<typeof ShellEnvironmentPolicy>;

/** Names that usually hold credentials; dropped unless `ignore_default_excludes` (globs, any case). */
export const DEFAULT_EXCLUDES: readonly string[] = [
  "*KEY*",
  "*SECRET*",
  "*TOKEN*",
  "*PASSWORD*",
  "*PASSWD*",
  "*CREDENTIAL*",
];

/** The model's own credentials: never passed to a command, whatever the policy says. */
export interface ModelSecrets {
  /** Variable names that hold them (OPENAI_API_KEY, the provider's env_key...). */
  names: readonly string[];
  /** Their values: a variable carrying one under another name is dropped too. */
  values: readonly string[];
}

/** Which variables carry the model's API key for this provider, and their current values. */
export function modelSecretsFrom(parentEnv: NodeJS.ProcessEnv, providerEnvKey?: string): ModelSecrets {
  const names = ["OPENAI_API_KEY", "CODEX_API_KEY", ...(providerEnvKey ? [providerEnvKey] : [])];
  const values = names.flatMap((name) => {
    const value = parentEnv[name];
    // A very short value would match unrelated variables; real keys are long.
    return value !== undefined && value.length >= 8 ? [value] : [];
  });
  return { names, values };
}

/** What `inherit = "core"` keeps: enough for programs to find their tools, home, temp dir and locale. */
export const CORE_VARIABLES: readonly string[] = [
  "HOME",
  "LOGNAME",
  "PATH",
  "SHELL",
  "USER",
  "USERNAME",
  "TMPDIR",
  "TEMP",
  "TMP",
  "LANG",
  "LC_*",
  "TERM",
];

/**
 * Builds the environment for a command from the parent's, in this order:
 * inherit → default excludes → exclude → set → include_only → the model's own secrets.
 */
export function buildCommandEnv(
  policyInput: ShellEnvironmentPolicyInput | undefined,
  parentEnv: NodeJS.ProcessEnv,
  modelSecrets?: ModelSecrets,
): Record<string, string> {
  const policy = ShellEnvironmentPolicy.parse(policyInput ?? {});
  const env = new Map<string, string>();
  for (const [name, value] of Object.entries(parentEnv)) {
    if (value === undefined) continue;
    if (policy.inherit === "none") continue;
    if (policy.inherit === "core" && !matchesAnyGlob(name, CORE_VARIABLES)) continue;
    env.set(name, value);
  }
  const dropMatching = (patterns: readonly string[]) => {
    for (const name of [...env.keys()]) if (matchesAnyGlob(name, patterns)) env.delete(name);
  };
  if (!policy.ignore_default_excludes) dropMatching(DEFAULT_EXCLUDES);
  dropMatching(policy.exclude);
  for (const [name, value] of Object.entries(policy.set)) env.set(name, value);
  if (policy.include_only.length > 0) {
    for (const name of [...env.keys()]) {
      if (!matchesAnyGlob(name, policy.include_only)) env.delete(name);
    }
  }
  if (modelSecrets !== undefined) {
    for (const [name, value] of [...env]) {
      if (modelSecrets.names.includes(name) || modelSecrets.values.includes(value)) env.delete(name);
    }
  }
  return Object.fromEntries(env);
}
