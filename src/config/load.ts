// Config layers, lowest first: built-in defaults < /etc/codex-ts/config.toml < $CODEX_HOME/config.toml <
// $CODEX_HOME/NAME.config.toml (-p NAME) < each trusted project's .codex/config.toml from the repository root
// down to cwd < a legacy [profiles.NAME] table < CLI flags < -c. profile-layer.ts says which profile applies.
import { join, resolve } from "node:path";
import { describeZodError } from "../protocol/errors.js";
import {
  sandboxPolicyFromMode,
  type AskForApproval,
  type ReasoningEffort,
  type ReasoningSummary,
  type SandboxPolicy,
} from "../protocol/policies.js";
import { parseAllowlist } from "../sandbox/domain-allowlist.js";
import { ConfigError, readConfigFile, type KeyIssue } from "./config-file.js";
import { judgeIssues, overrideKeyWarnings } from "./judge-issues.js";
import { contextWindowFor, DEFAULT_MODEL, learnModelInfo } from "../model/model-info.js";
import { DEFAULT_OSS_PROVIDER, LOCAL_PROVIDERS, type ProviderInfo } from "../model/provider-info.js";
import { resolveProvider } from "./providers.js";
import { resolveCodexHome, SYSTEM_CONFIG_PATH } from "./home.js";
import { deepMerge, overridesToObject } from "./overrides.js";
import { trustTableOf, userTrustTable } from "./project-layers.js";
import { addProjectLayers, readLayer } from "./project-config-layers.js";
import type { ConfigLayer, ConfigWarning, DisabledConfigLayer } from "./layer-types.js";
import { readPromptFile } from "./prompt-files.js";
import { learnCatalog, readModelCatalog, type CatalogModel } from "./model-catalog.js";
import { ConfigToml } from "./schema.js";
import { chooseProfile } from "./profile-layer.js";
import { permissionsFromProfile } from "./permission-profiles.js";
import { withoutSandboxMode } from "./without-sandbox-mode.js";
import type { ReadDenial } from "../sandbox/read-denial.js";
import { logDirFor, sqliteHomeFor } from "./state-dirs.js";
import { credentialsStoreProblem } from "./credentials-store.js";
import { memoriesProblem } from "./memories.js";
import { loadAgentRoles, type AgentRole } from "./agent-roles.js";
import { CONFIG_DEFAULTS } from "./config-defaults.js";

export { ConfigError };

export type { ConfigLayer, ConfigWarning, DisabledConfigLayer };

export { SYSTEM_CONFIG_PATH };

export interface Config {
  codexHome: string;
  /** Where the thread index lives: `sqlite_home`, else $CODEX_SQLITE_HOME, else codexHome. */
  sqliteHome: string;
  /** Where logs go: `log_dir`, else codexHome/log. */
  logDir: string;
  cwd: string;
  model: string;
  modelProviderId: string;
  provider: ProviderInfo;
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  reasoningEffort?: ReasoningEffort;
  reasoningSummary: ReasoningSummary;
  modelContextWindow?: number;
  projectDocMaxBytes: number;
  developerInstructions?: string;
  /** `model_instructions_file`'s text: replaces the built-in base instructions. */
  baseInstructions?: string;
  /** `compact_prompt`, else `experimental_compact_prompt_file`'s text: what a compaction asks the model. */
  compactPrompt?: string;
  /** `model_catalog_json`'s models: what model/list lists, and what is known of each model. */
  modelCatalog?: CatalogModel[];
  toml: ConfigToml;
  /** Applied layers, lowest precedence first. */
  layers: ConfigLayer[];
  disabledLayers: DisabledConfigLayer[];
  /** Problems that did not stop loading: unknown keys, bad values that a higher layer replaces. */
  warnings: ConfigWarning[];
  /** `--dangerously-bypass-hook-trust`: hooks run without review for this process only. */
  bypassHookTrust?: boolean;
  /** `--ephemeral`: threads leave no rollout file and no index row. */
  ephemeral?: boolean;
  /** `--ignore-rules`: no execpolicy `.rules` file is read. */
  ignoreRules?: boolean;
  /** `--ignore-user-config`: $CODEX_HOME/config.toml is read by nothing (layers, plugins, skills, hook trust). */
  ignoreUserConfig?: boolean;
  /**
   * `[projects]` trust as the system and user files declare it (the user's even under --ignore-user-config):
   * the one table project layers, project rules and project hooks are trusted by.
   */
  projectTrust: Record<string, unknown>;
  /** The permission profile (`default_permissions`) the sandbox policy comes from, when one does. */
  permissionProfile?: { id: string; extends: string | null };
  /** The paths and globs the permission profile denies: hidden from commands and the file tools. */
  readDenial?: ReadDenial;
  /** Roles a subagent can be spawned with (`[agents.NAME]`, `agents/*.toml`), by name. */
  agentRoles?: Record<string, AgentRole>;
}

export interface LoadConfigOptions {
  codexHome?: string;
  cwd?: string;
  profile?: string;
  /** Flags such as --model or --sandbox, already in config.toml key form. */
  cli?: Record<string, unknown>;
  /** Raw `-c key=value` strings. */
  overrides?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** For tests: where the system layer is read from (default /etc/codex-ts/config.toml). */
  systemConfigPath?: string;
  /** False to leave out the project layers (the global config only). Default true. */
  projectConfig?: boolean;
  /** A surface's own defaults (exec: approval_policy never), over the built-in ones and under every layer. */
  surfaceDefaults?: Record<string, unknown>;
  /** `--dangerously-bypass-hook-trust` (never a config key: trust is not bypassed by a file). */
  bypassHookTrust?: boolean;
  /** `--oss`: a local provider (this one, else `oss_provider`, else ollama) with its default model. */
  oss?: { provider?: string };
  /** `--ignore-user-config`: $CODEX_HOME/config.toml is not a layer (its project trust still counts). */
  ignoreUserConfig?: boolean;
  /** `--strict-config`: an unknown key in a config file stops loading instead of warning. */
  strict?: boolean;
  /** Run flags the config carries to every engine of the process (subagents too). */
  run?: RunFlags;
  /**
   * Layers whose `sandbox_mode` is left out, as `codex sandbox` reads the config in Codex 0.169: "files" (only
   * the command line's counts), "all" (a permission profile named on the command line decides alone).
   */
  ignoreSandboxModeIn?: "files" | "all";
}

/** Flags of one run that are no config key: a file cannot set them. */
export interface RunFlags {
  bypassHookTrust?: boolean;
  ephemeral?: boolean;
  ignoreRules?: boolean;
  ignoreUserConfig?: boolean;
}

const DEFAULTS: Record<string, unknown> = {
  model: DEFAULT_MODEL,
  model_provider: "openai",
  approval_policy: "on-request",
  sandbox_mode: "read-only",
  model_reasoning_summary: "auto",
  project_doc_max_bytes: CONFIG_DEFAULTS.project_doc_max_bytes,
};

export function readTomlFile(path: string): Record<string, unknown> | undefined {
  return readConfigFile(path)?.value;
}

export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const codexHome = options.codexHome ?? resolveCodexHome(env);
  const cwd = resolve(options.cwd ?? process.cwd());
  const layers: ConfigLayer[] = [{ source: "defaults", value: { ...DEFAULTS, ...options.surfaceDefaults } }];

  const issues: KeyIssue[] = [];
  const notes: ConfigWarning[] = [];
  const systemPath = options.systemConfigPath ?? SYSTEM_CONFIG_PATH;
  const system = readLayer(systemPath, issues);
  if (system) layers.push({ source: "system", path: systemPath, value: system });
  const userPath = join(codexHome, "config.toml");
  const user = options.ignoreUserConfig ? undefined : readLayer(userPath, issues);
  if (user) layers.push({ source: "user", path: userPath, value: user });
  const projectTrust = trustTableOf(layers, options.ignoreUserConfig ? userTrustTable(userPath) : {});
  const disabledLayers =
    options.projectConfig === false
      ? []
      : addProjectLayers(layers, { cwd, codexHome, issues, trustTable: projectTrust, notes });

  const overrides = safeOverrides(options.overrides ?? []);
  const overrideNotes = overrideKeyWarnings(overrides, options.strict ?? false);
  const merged = layers.reduce((acc, layer) => deepMerge(acc, layer.value), {} as Record<string, unknown>);

  const profile = chooseProfile({
    codexHome,
    userPath,
    ...(options.profile !== undefined ? { flag: options.profile } : {}),
    selector: overrides.profile ?? merged.profile,
    tables: merged.profiles,
    files: !options.ignoreUserConfig,
  });
  if (profile.kind === "table") {
    layers.push({ source: `profile:${profile.name}`, value: profile.value });
  } else if (profile.kind === "file") {
    // Codex layers the file on the user's config.toml: the project layers stay above it.
    const value = readLayer(profile.path, issues) ?? {};
    const at = layers.findLastIndex(
      (l) => l.source === "defaults" || l.source === "system" || l.source === "user",
    );
    layers.splice(at + 1, 0, { source: `profile:${profile.name}`, path: profile.path, value });
  }
  const cli = { ...options.cli };
  if (options.oss) cli.model_provider = ossProvider(options.oss.provider ?? merged.oss_provider);
  if (Object.keys(cli).length > 0) layers.push({ source: "cli", value: cli });
  if (Object.keys(overrides).length > 0) layers.push({ source: "overrides", value: overrides });
  const warnings = [...notes, ...judgeIssues(issues, layers, options.strict ?? false), ...overrideNotes];
  const chosen = options.ignoreSandboxModeIn
    ? withoutSandboxMode(layers, options.ignoreSandboxModeIn)
    : layers;
  const run: RunFlags = {
    ...options.run,
    ...(options.bypassHookTrust ? { bypassHookTrust: true } : {}),
    ...(options.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
  };
  return buildConfig(chosen, { codexHome, cwd, env, disabledLayers, warnings, run, projectTrust });
}

/**
 * `config` with one more layer on top (an agent role's file): every value is derived again from the layers,
 * so the layer's model, effort, policies and instructions all take effect.
 */
export function configWithLayer(config: Config, layer: ConfigLayer, env: NodeJS.ProcessEnv): Config {
  return buildConfig([...config.layers, layer], {
    codexHome: config.codexHome,
    cwd: config.cwd,
    env,
    disabledLayers: config.disabledLayers,
    warnings: config.warnings,
    run: runFlagsOf(config),
    projectTrust: config.projectTrust,
  });
}

interface BuildContext {
  codexHome: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  disabledLayers: DisabledConfigLayer[];
  warnings: ConfigWarning[];
  run: RunFlags;
  projectTrust: Record<string, unknown>;
}

function runFlagsOf(config: Config): RunFlags {
  return {
    ...(config.bypassHookTrust ? { bypassHookTrust: true } : {}),
    ...(config.ephemeral ? { ephemeral: true } : {}),
    ...(config.ignoreRules ? { ignoreRules: true } : {}),
    ...(config.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
  };
}

/** The config the applied layers (lowest first) make. */
function buildConfig(layers: ConfigLayer[], context: BuildContext): Config {
  const { codexHome, cwd, env, disabledLayers, warnings } = context;
  const merged = layers.reduce((acc, layer) => deepMerge(acc, layer.value), {} as Record<string, unknown>);
  const parsed = ConfigToml.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(`invalid config: ${describeZodError(parsed.error, { unions: "closest" })}`);
  }
  const toml = parsed.data;
  const storeProblem = credentialsStoreProblem(toml);
  if (storeProblem) throw new ConfigError(`invalid config: ${storeProblem}`);
  const memoriesRefusal = memoriesProblem(toml.memories);
  if (memoriesRefusal) throw new ConfigError(`invalid config: ${memoriesRefusal}`);
  const modelProviderId = toml.model_provider ?? "openai";
  let provider: ProviderInfo;
  try {
    provider = resolveProvider(modelProviderId, toml, env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  // The built-in default model is OpenAI's: a provider with a default of its own uses that one instead.
  const modelChosen = layers.slice(1).some((layer) => typeof layer.value.model === "string");
  const model = (modelChosen ? toml.model : provider.defaultModel) ?? toml.model ?? DEFAULT_MODEL;
  if (modelChosen || provider.defaultModel) toml.model = model;
  // The catalog first: config's own model_* keys below win over it.
  const catalog = readModelCatalog(layers, cwd, codexHome);
  if (catalog) learnCatalog(catalog);
  learnModelInfo(model, {
    contextWindow: toml.model_context_window,
    supportsTools: toml.model_supports_tools,
    // Codex's name for it: with reasoning summaries the request carries its `reasoning` (effort, summary).
    supportsReasoning: toml.model_supports_reasoning ?? toml.model_supports_reasoning_summaries,
    supportsImages: toml.model_supports_images,
  });
  const ww = toml.sandbox_workspace_write ?? {};
  if (ww.allowed_domains !== undefined) {
    try {
      parseAllowlist(ww.allowed_domains);
    } catch (err) {
      throw new ConfigError(`invalid config: sandbox_workspace_write.${(err as Error).message}`);
    }
  }
  if (usesPermissionProfile(layers, toml) && !toml.default_permissions.startsWith(":") && !toml.permissions)
    throw new ConfigError("default_permissions requires a `[permissions]` table");
  const profile = usesPermissionProfile(layers, toml)
    ? permissionsFromProfile(toml.default_permissions, toml.permissions ?? {}, cwd)
    : undefined;
  // A derived config (configWithLayer) shares the warnings: each is said once.
  for (const summary of profile?.warnings ?? [])
    if (!warnings.some((w) => w.summary === summary)) warnings.push({ summary });
  const config: Config = {
    codexHome,
    sqliteHome: sqliteHomeFor(codexHome, toml, env),
    logDir: logDirFor(codexHome, toml),
    cwd,
    model,
    modelProviderId,
    provider,
    approvalPolicy: toml.approval_policy ?? "on-request",
    sandboxPolicy: profile
      ? profile.policy
      : sandboxPolicyFromMode(toml.sandbox_mode ?? "read-only", {
          writable_roots: ww.writable_roots ?? [],
          network_access: ww.network_access ?? false,
          ...(ww.allowed_domains !== undefined ? { allowed_domains: ww.allowed_domains } : {}),
          exclude_tmpdir_env_var: ww.exclude_tmpdir_env_var ?? false,
          exclude_slash_tmp: ww.exclude_slash_tmp ?? false,
        }),
    reasoningSummary: toml.model_reasoning_summary ?? "auto",
    projectDocMaxBytes: toml.project_doc_max_bytes ?? CONFIG_DEFAULTS.project_doc_max_bytes,
    toml,
    layers,
    disabledLayers,
    warnings,
    projectTrust: context.projectTrust,
  };
  if (context.run.ignoreUserConfig) config.ignoreUserConfig = true;
  if (context.run.bypassHookTrust) config.bypassHookTrust = true;
  if (context.run.ephemeral) config.ephemeral = true;
  if (context.run.ignoreRules) config.ignoreRules = true;
  if (profile?.readDenial) config.readDenial = profile.readDenial;
  if (usesPermissionProfile(layers, toml)) {
    const id = toml.default_permissions;
    config.permissionProfile = { id, extends: toml.permissions?.[id]?.extends ?? null };
  }
  const roles = loadAgentRoles(layers, codexHome);
  if (Object.keys(roles).length > 0) config.agentRoles = roles;
  if (catalog) config.modelCatalog = catalog;
  const catalogEffort = catalog?.find((m) => m.slug === model)?.default_reasoning_level;
  const effort = toml.model_reasoning_effort ?? catalogEffort ?? undefined;
  if (effort) config.reasoningEffort = effort;
  const window = toml.model_context_window ?? contextWindowFor(model);
  if (window !== undefined) config.modelContextWindow = window;
  const dev = toml.developer_instructions ?? toml.instructions;
  if (dev) config.developerInstructions = dev;
  const base = readPromptFile("model_instructions_file", "model instructions file", layers, cwd, codexHome);
  if (base !== undefined) config.baseInstructions = base;
  const compact =
    toml.compact_prompt ??
    readPromptFile("experimental_compact_prompt_file", "compact prompt file", layers, cwd, codexHome);
  if (compact !== undefined) config.compactPrompt = compact;
  return config;
}

/**
 * `default_permissions` decides the sandbox unless a layer (a file, a config profile, `--sandbox`, `-c`) sets
 * `sandbox_mode`: as in Codex, the older setting then wins.
 */
function usesPermissionProfile(
  layers: readonly ConfigLayer[],
  toml: ConfigToml,
): toml is ConfigToml & { default_permissions: string } {
  if (toml.default_permissions === undefined) return false;
  return !layers.some((layer) => layer.source !== "defaults" && layer.value.sandbox_mode !== undefined);
}

function ossProvider(chosen: unknown): string {
  const id = chosen ?? DEFAULT_OSS_PROVIDER;
  if (typeof id !== "string" || !(LOCAL_PROVIDERS as readonly string[]).includes(id)) {
    throw new ConfigError(
      `unknown local provider ${JSON.stringify(id)} (choose ${LOCAL_PROVIDERS.join(" or ")})`,
    );
  }
  return id;
}

function safeOverrides(raw: readonly string[]): Record<string, unknown> {
  try {
    return overridesToObject(raw);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}
