// model/list: the provider's own list (GET {base_url}/models) when it answers, else a built-in list. Context
// windows come from what codex-ts knows of each model. Which credentials the request carries, and their
// refresh, is provider-models.ts's business.
import http from "node:http";
import https from "node:https";
import type { Credentials } from "../../auth/credentials.js";
import { contextWindowFor, supportsImages, supportsReasoning } from "../../model/model-info.js";
import type { ProviderInfo } from "../../model/provider-info.js";
import type { ReasoningEffort } from "../../protocol/app-server/v2/common.js";
import type { Model } from "../../protocol/app-server/v2/model.js";
import type { CatalogModel } from "../../config/model-catalog.js";

const MODELS_TIMEOUT_MS = 3_000;

const EFFORTS: Array<{ reasoningEffort: ReasoningEffort; description: string }> = [
  { reasoningEffort: "low", description: "Fast responses with lighter reasoning" },
  { reasoningEffort: "medium", description: "Balances speed and reasoning depth for everyday tasks" },
  { reasoningEffort: "high", description: "Greater reasoning depth for complex problems" },
  { reasoningEffort: "xhigh", description: "Extra high reasoning depth for complex problems" },
];

const FAST_TIER = { id: "priority", name: "Fast", description: "Faster responses, at a higher price" };

const BUILT_IN: Array<{ id: string; displayName: string; description: string }> = [
  { id: "gpt-5.1-codex", displayName: "GPT-5.1-Codex", description: "Optimized for agentic coding." },
  {
    id: "gpt-5.1-codex-mini",
    displayName: "GPT-5.1-Codex-Mini",
    description: "Cheaper and faster, less capable.",
  },
  {
    id: "gpt-5.1",
    displayName: "GPT-5.1",
    description: "Broad world knowledge with strong general reasoning.",
  },
  { id: "gpt-5-codex", displayName: "GPT-5-Codex", description: "The previous coding model." },
  { id: "gpt-5", displayName: "GPT-5", description: "The previous general model." },
];

export function describeModel(id: string, defaultModel: string, known?: (typeof BUILT_IN)[number]): Model {
  const reasoning = supportsReasoning(id) || id.includes("codex");
  return {
    id,
    model: id,
    displayName: known?.displayName ?? id,
    description: known?.description ?? `${id} (from the provider's model list)`,
    hidden: false,
    isDefault: id === defaultModel,
    supportedReasoningEfforts: reasoning ? EFFORTS : [],
    defaultReasoningEffort: "medium",
    inputModalities: supportsImages(id) ? ["text", "image"] : ["text"],
    contextWindow: contextWindowFor(id) ?? null,
    // `service_tier = "fast"` is sent as OpenAI's `priority`: offered for the OpenAI models codex-ts knows.
    additionalSpeedTiers: known ? ["fast"] : [],
    serviceTiers: known ? [FAST_TIER] : [],
    defaultServiceTier: null,
    // Every model gets the chosen personality through codex-ts's base instructions.
    supportsPersonality: true,
    upgrade: null,
    upgradeInfo: null,
    modelSpecialty: null,
    availableAccessPrograms: null,
    availabilityNux: null,
    multiAgentVersion: null,
  };
}

export function builtInModels(defaultModel: string): Model[] {
  return BUILT_IN.map((m) => describeModel(m.id, defaultModel, m));
}

/** The provider's answer to `GET {base_url}/models`: its HTTP status (0: no answer in time) and the ids listed. */
export interface ProviderModels {
  status: number;
  /** Undefined unless it answered 2xx with a non-empty `data` list. */
  ids: string[] | undefined;
}

/** Asks the provider for its models (once; model/list retries after a 401 with renewed credentials). */
export function fetchProviderModels(
  provider: ProviderInfo,
  credentials: Credentials | undefined,
): Promise<ProviderModels> {
  const url = new URL(`${provider.baseUrl}/models`);
  for (const [k, v] of Object.entries(provider.queryParams)) url.searchParams.set(k, v);
  const headers: Record<string, string> = {
    accept: "application/json",
    ...provider.httpHeaders,
    ...credentials?.headers,
  };
  if (credentials?.bearer) headers.authorization = `Bearer ${credentials.bearer}`;
  const lib = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = lib.get(url, { headers, timeout: MODELS_TIMEOUT_MS }, (res) => {
      const status = res.statusCode ?? 0;
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c));
      res.on("error", () => resolve({ status, ids: undefined }));
      res.on("end", () => {
        if (status < 200 || status >= 300) return resolve({ status, ids: undefined });
        try {
          const data = (JSON.parse(body) as { data?: unknown }).data;
          if (!Array.isArray(data)) return resolve({ status, ids: undefined });
          const ids = data
            .map((m) => (m as { id?: unknown }).id)
            .filter((id): id is string => typeof id === "string");
          resolve({ status, ids: ids.length > 0 ? ids : undefined });
        } catch {
          resolve({ status, ids: undefined });
        }
      });
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ids: undefined }));
  });
}

/** The models to show: the provider's ids when it listed some, else the built-in list. */
export function modelsFrom(ids: string[] | undefined, defaultModel: string): Model[] {
  if (!ids) return builtInModels(defaultModel);
  return ids.map((id) =>
    describeModel(
      id,
      defaultModel,
      BUILT_IN.find((m) => m.id === id),
    ),
  );
}

/** `model_catalog_json`'s models, in its order; those not `visibility = "list"` only with `includeHidden`. */
export function catalogModels(
  catalog: readonly CatalogModel[],
  defaultModel: string,
  includeHidden: boolean,
): Model[] {
  return catalog
    .map((m): Model => {
      const described = describeModel(m.slug, defaultModel);
      const efforts = m.supported_reasoning_levels?.map((level) => ({
        reasoningEffort: level.effort,
        description:
          level.description ?? EFFORTS.find((e) => e.reasoningEffort === level.effort)?.description ?? "",
      }));
      return {
        ...described,
        displayName: m.display_name ?? m.slug,
        description: m.description ?? "",
        hidden: m.visibility !== undefined && m.visibility !== "list",
        ...(efforts ? { supportedReasoningEfforts: efforts } : {}),
        ...(m.default_reasoning_level ? { defaultReasoningEffort: m.default_reasoning_level } : {}),
      };
    })
    .filter((m) => includeHidden || !m.hidden);
}
