// Model providers, permission profiles, experimental features, config requirements, the Windows sandbox,
// MCP config reload and approvals of auto-review denials: what codex-ts has of each, in the shapes Codex answers with.
import { indexPage } from "./index-page.js";
import { ConfigWriteError, writeUserConfig, type ConfigEditRequest } from "../../../config/config-write.js";
import {
  FEATURE_DEFAULTS,
  FEATURE_STAGES,
  featureOn,
  isKnownFeature,
  KNOWN_FEATURES,
} from "../../../config/features.js";
import { denialApprovalMessage } from "../../../core/approvals/denial-approval.js";
import { badRequest } from "../errors.js";
import type { Handler, RequestContext } from "../handler-types.js";
import { threadOf } from "./thread-open.js";

function writeProvider(ctx: RequestContext<"modelProvider/config/write">, edits: ConfigEditRequest[]): void {
  try {
    writeUserConfig(ctx.server.codexHome, edits, { filePath: null, expectedVersion: null });
  } catch (err) {
    if (err instanceof ConfigWriteError) throw badRequest(err.message, { config_write_error_code: err.code });
    throw err;
  }
}

export const modelProviderList: Handler<"modelProvider/list"> = (_params, ctx) => {
  const config = ctx.services.loadConfig();
  const declared = Object.entries(config.toml.model_providers ?? {}).filter(([id]) => id !== "openai");
  return {
    data: [
      { id: "openai", name: "OpenAI", canEdit: false, baseUrl: null, settings: { type: "openai" as const } },
      ...declared.map(([id, p]) => ({
        id,
        name: p.name ?? id,
        canEdit: false,
        baseUrl: p.base_url ?? null,
        settings: {
          type: "customGateway" as const,
          auth: p.env_key
            ? { mode: "environmentVariable" as const, envKey: p.env_key }
            : { mode: "none" as const },
        },
      })),
    ],
    defaultProviderId: config.modelProviderId,
    canChangeDefault: true,
  };
};

export const modelProviderCapabilitiesRead: Handler<"modelProvider/capabilities/read"> = (_params, ctx) => {
  // The hosted tools exist on OpenAI's Responses API only.
  const openai = ctx.services.loadConfig().modelProviderId === "openai";
  return { imageGeneration: openai, webSearch: openai };
};

const invalid = (message: string) =>
  badRequest(message, { config_write_error_code: "configValidationError" });

/** A custom gateway provider, written as [model_providers.ID] of config.toml (name, base_url, env_key). */
export const modelProviderConfigWrite: Handler<"modelProvider/config/write"> = (params, ctx) => {
  const s = params.settings;
  if (s.type !== "customGateway") throw invalid(`${s.type} providers cannot be configured by codex-ts`);
  const existing = ctx.services.loadConfig().toml.model_providers ?? {};
  const name = s.name?.trim() ?? (s.providerId ? existing[s.providerId]?.name : undefined);
  if (!name) throw invalid("Enter a provider name.");
  const id =
    s.providerId ??
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  if (!id || id === "openai") throw invalid(`provider id ${id || "(empty)"} cannot be used`);
  const baseUrl = s.baseUrl !== undefined ? s.baseUrl : (existing[id]?.base_url ?? null);
  if (!baseUrl) throw invalid("Enter a base URL.");
  try {
    new URL(baseUrl);
  } catch {
    throw invalid(`base URL ${baseUrl} is not a URL`);
  }
  const envKey = s.envKey !== undefined ? s.envKey : (existing[id]?.env_key ?? null);
  const key = (field: string) => `model_providers.${id}.${field}`;
  writeProvider(ctx, [
    { keyPath: key("name"), value: name, mergeStrategy: "replace" },
    { keyPath: key("base_url"), value: baseUrl, mergeStrategy: "replace" },
    { keyPath: key("env_key"), value: envKey, mergeStrategy: "replace" },
  ]);
  return {
    provider: {
      id,
      name,
      canEdit: false,
      baseUrl,
      settings: {
        type: "customGateway" as const,
        auth: envKey ? { mode: "environmentVariable" as const, envKey } : { mode: "none" as const },
      },
    },
  };
};

const PROFILES = [":read-only", ":workspace", ":danger-full-access"];

export const permissionProfileList: Handler<"permissionProfile/list"> = (params) => {
  const start = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest(`invalid cursor: ${params.cursor}`);
  const limit = params.limit && params.limit > 0 ? params.limit : PROFILES.length;
  const page = PROFILES.slice(start, start + limit);
  const end = start + page.length;
  return {
    data: page.map((id) => ({ id, description: null, allowed: true })),
    nextCursor: end < PROFILES.length ? String(end) : null,
  };
};

/**
 * collaborationMode/list (experimental, as in Codex 0.169): the Plan and Default presets, with Codex's
 * reasoning effort for Plan. A client applies one through turn/start's `collaborationMode`.
 */
export const collaborationModeList: Handler<"collaborationMode/list"> = (_params, ctx) => {
  if (!ctx.connection.experimentalApi)
    throw badRequest("collaborationMode/list requires experimentalApi capability");
  return {
    data: [
      { name: "Plan", mode: "plan" as const, model: null, reasoning_effort: "medium" as const },
      { name: "Default", mode: "default" as const, model: null, reasoning_effort: null },
    ],
  };
};

/**
 * The `[features]` flags codex-ts acts on, each as the config (of a loaded thread's cwd, if named) has it,
 * with Codex's stage; Codex gives these flags no display name, description or announcement either.
 */
export const experimentalFeatureList: Handler<"experimentalFeature/list"> = (params, ctx) => {
  const thread = params.threadId ? ctx.services.threads.get(params.threadId) : undefined;
  const toml = ctx.services.loadConfig(thread?.session.cwd).toml;
  const all = KNOWN_FEATURES.map((name) => ({
    name,
    stage: FEATURE_STAGES[name],
    displayName: null,
    description: null,
    announcement: null,
    enabled: featureOn(toml, name),
    defaultEnabled: FEATURE_DEFAULTS[name],
  }));
  return indexPage(all, params.cursor, params.limit);
};

/**
 * Turns flags on or off for every config the server loads from now on (threads started after, the next
 * lists). As in Codex 0.169, names it does not know are left out of the answer.
 */
export const experimentalFeatureEnablementSet: Handler<"experimentalFeature/enablement/set"> = (
  params,
  ctx,
) => {
  const enablement: Record<string, boolean> = {};
  for (const [name, on] of Object.entries(params.enablement)) {
    if (!isKnownFeature(name)) continue;
    ctx.services.featureEnablement.set(name, on);
    enablement[name] = on;
  }
  return { enablement };
};

/** No requirements.toml or MDM layer exists in codex-ts. */
export const configRequirementsRead: Handler<"configRequirements/read"> = () => ({
  requirements: null,
  supportsIndependentSpeedModes: true,
});

export const windowsSandboxReadiness: Handler<"windowsSandbox/readiness"> = () => ({
  status: "notConfigured" as const,
});

/** There is no Windows sandbox to set up on this platform: nothing is started. */
export const windowsSandboxSetupStart: Handler<"windowsSandbox/setupStart"> = () => ({ started: false });

/**
 * Each loaded thread's MCP servers follow config.toml as it is on disk now (its own cwd's layers, its own
 * overrides): failed or changed servers start again, removed ones stop, new ones start. The configs are all
 * loaded first, so a bad config fails the request with no thread changed; the answer comes once the starts
 * are under way.
 */
export const mcpServerReload: Handler<"config/mcpServer/reload"> = (_params, ctx) => {
  const { services } = ctx;
  const reloads = [...services.threads.values()].map((thread) => [thread, thread.loadConfigAgain()] as const);
  for (const [thread, config] of reloads) thread.reloadMcpServers(config);
  return {};
};

/**
 * The user overrides an auto-review denial: as Codex, the thread's history gains a message approving that
 * exact action (the model may retry it; the retry is reviewed again). Any other status is ignored.
 */
export const approveGuardianDeniedAction: Handler<"thread/approveGuardianDeniedAction"> = (params, ctx) => {
  const thread = threadOf(ctx.services, params.threadId);
  const approval = denialApprovalMessage(params.event);
  if ("error" in approval) throw badRequest(approval.error);
  if ("message" in approval) thread.injectItems([approval.message]);
  return {};
};
