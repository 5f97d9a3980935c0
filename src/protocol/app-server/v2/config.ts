// config/read (the effective config for a cwd, with its layers) and config writes to $CODEX_HOME/config.toml.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { AskForApproval as AskForApprovalToml } from "../../policies.js";

export const ConfigLayerSource = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("system"), file: z.string() }),
    z.object({ type: z.literal("user"), file: z.string(), profile: z.string().nullish() }),
    z.object({ type: z.literal("project"), dotCodexFolder: z.string() }),
    z.object({ type: z.literal("sessionFlags") }),
  ]),
);
export type ConfigLayerSource = z.infer<typeof ConfigLayerSource>;

export const ConfigLayerMetadata = lazySchema(() =>
  z.object({ name: ConfigLayerSource, version: z.string() }),
);
export type ConfigLayerMetadata = z.infer<typeof ConfigLayerMetadata>;

export const ConfigLayer = lazySchema(() =>
  z.object({
    name: ConfigLayerSource,
    version: z.string(),
    config: z.record(z.string(), z.unknown()),
    /** Set when the layer exists but is not applied (an untrusted project). */
    disabledReason: z.string().nullish(),
  }),
);
export type ConfigLayer = z.infer<typeof ConfigLayer>;

/** The effective config.toml values; keys codex-ts does not know are passed through. */
export const EffectiveConfig = lazySchema(() =>
  z
    .object({
      model: z.string().nullish(),
      model_provider: z.string().nullish(),
      approval_policy: AskForApprovalToml.nullish(),
      sandbox_mode: z.enum(["read-only", "workspace-write", "danger-full-access"]).nullish(),
      model_reasoning_effort: z.string().nullish(),
      model_reasoning_summary: z.enum(["auto", "concise", "detailed", "none"]).nullish(),
      model_context_window: z.number().int().nullish(),
      developer_instructions: z.string().nullish(),
      instructions: z.string().nullish(),
      forced_chatgpt_workspace_id: z.union([z.string(), z.array(z.string())]).nullish(),
    })
    .loose(),
);

export const ConfigReadParams = lazySchema(() =>
  z.object({
    cwd: z.string().nullish(),
    includeLayers: z.boolean().optional(),
  }),
);
export type ConfigReadParams = z.infer<typeof ConfigReadParams>;

export const ConfigReadResponse = lazySchema(() =>
  z.object({
    config: EffectiveConfig,
    /** Dotted key path -> the layer its effective value comes from. */
    origins: z.record(z.string(), ConfigLayerMetadata),
    /** Highest precedence first, as the real Codex lists them. */
    layers: z.array(ConfigLayer).nullish(),
  }),
);
export type ConfigReadResponse = z.infer<typeof ConfigReadResponse>;

export const MergeStrategy = lazySchema(() => z.enum(["replace", "upsert"]));

export const ConfigEdit = lazySchema(() =>
  z.object({ keyPath: z.string(), value: z.unknown(), mergeStrategy: MergeStrategy }),
);
export type ConfigEdit = z.infer<typeof ConfigEdit>;

export const ConfigValueWriteParams = lazySchema(() =>
  ConfigEdit.extend({
    filePath: z.string().nullish(),
    expectedVersion: z.string().nullish(),
  }),
);

export const ConfigBatchWriteParams = lazySchema(() =>
  z.object({
    edits: z.array(ConfigEdit),
    filePath: z.string().nullish(),
    expectedVersion: z.string().nullish(),
    reloadUserConfig: z.boolean().optional(),
  }),
);

export const ConfigWriteResponse = lazySchema(() =>
  z.object({
    status: z.enum(["ok", "okOverridden"]),
    version: z.string(),
    filePath: z.string(),
    overriddenMetadata: z
      .object({ message: z.string(), overridingLayer: ConfigLayerMetadata, effectiveValue: z.unknown() })
      .nullish(),
  }),
);
export type ConfigWriteResponse = z.infer<typeof ConfigWriteResponse>;
