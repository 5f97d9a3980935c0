// `codex-ts debug models [--bundled]`: the model catalog as one line of JSON, `{"models": [...]}` with
// entries in Codex's models.json shape (slug, display_name, supported_reasoning_levels, ...). The models are
// model/list's (surfaces/app-server/model-list.ts): `model_catalog_json` when set (its entries as written),
// else the provider's GET /models, else the built-in list; `--bundled` is the built-in list alone.
import { resolveCredentials, type Credentials } from "../../auth/credentials.js";
import { refreshingCredentials, sendWithCredentials } from "../../auth/refreshing-credentials.js";
import { TokenRefreshError } from "../../auth/token-refresh.js";
import type { Config } from "../../config/load.js";
import { learnLocalModel } from "../../model/local-server.js";
import { DEFAULT_MODEL } from "../../model/model-info.js";
import type { Model } from "../../protocol/app-server/v2/model.js";
import { builtInModels, fetchProviderModels, modelsFrom } from "../app-server/model-list.js";
import { loadCliConfigOrReport, type SharedFlags } from "../shared/cli-config.js";

export interface DebugModelsFlags extends SharedFlags {
  bundled?: boolean;
}

/** A model as a models.json entry: what codex-ts knows of it, in Codex's field names; `priority` is its rank. */
export function catalogEntry(model: Model, priority: number): Record<string, unknown> {
  return {
    slug: model.id,
    display_name: model.displayName,
    description: model.description,
    default_reasoning_level: model.defaultReasoningEffort,
    supported_reasoning_levels: model.supportedReasoningEfforts.map((e) => ({
      effort: e.reasoningEffort,
      description: e.description,
    })),
    visibility: model.hidden ? "hide" : "list",
    supported_in_api: true,
    priority,
    additional_speed_tiers: model.additionalSpeedTiers,
    service_tiers: model.serviceTiers,
    availability_nux: model.availabilityNux,
    upgrade: model.upgradeInfo,
    context_window: model.contextWindow,
    input_modalities: model.inputModalities,
    ...(model.defaultServiceTier !== null ? { default_service_tier: model.defaultServiceTier } : {}),
    ...(model.modelSpecialty !== null ? { model_specialty: model.modelSpecialty } : {}),
  };
}

/** The provider's list (as model/list asks for it: the model requests' account, refreshed when stale). */
async function providerModels(config: Config): Promise<Model[]> {
  const { provider, codexHome } = config;
  const env = process.env;
  const resolve = (): Credentials => {
    try {
      return resolveCredentials(provider, codexHome, env, { codexApiKeyEnv: false });
    } catch {
      // No key: the provider may still list its models, or the built-in list answers.
      return { headers: {} };
    }
  };
  let ids: string[] | undefined;
  try {
    const login = refreshingCredentials({ codexHome, env, resolve });
    ({ ids } = await sendWithCredentials(login, (credentials) => fetchProviderModels(provider, credentials)));
  } catch (err) {
    // A login that could not be renewed: as for any refusal, the built-in list answers.
    if (!(err instanceof TokenRefreshError)) throw err;
  }
  if (provider.local && ids) {
    const signal = AbortSignal.timeout(5_000);
    await Promise.all(ids.map((id) => learnLocalModel(provider, id, signal)));
  }
  return modelsFrom(ids, config.model);
}

function print(models: readonly unknown[]): number {
  process.stdout.write(`${JSON.stringify({ models })}\n`);
  return 0;
}

export async function runDebugModels(flags: DebugModelsFlags): Promise<number> {
  // The built-in list depends on no config: none is read (a broken model_catalog_json does not stop it).
  if (flags.bundled) return print(builtInModels(DEFAULT_MODEL).map((m, i) => catalogEntry(m, i + 1)));
  const config = loadCliConfigOrReport(flags);
  if (!config) return 1;
  if (config.modelCatalog) return print(config.modelCatalog);
  return print((await providerModels(config)).map((m, i) => catalogEntry(m, i + 1)));
}
