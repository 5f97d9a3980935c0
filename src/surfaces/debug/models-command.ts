// `codex-ts debug models [--bundled]`: the model catalog as one line of JSON, `{"models": [...]}` with
// entries in Codex's models.json shape (slug, display_name, supported_reasoning_levels, ...). The models are
// model/list's (surfaces/app-server/model-list.ts): `model_catalog_json` when set (its entries as written),
// else the provider's GET /models, else the built-in list; `--bundled` is the built-in list alone.
import { DEFAULT_MODEL } from "../../model/model-info.js";
import type { Model } from "../../protocol/app-server/v2/model.js";
import { builtInModels, modelsFrom } from "../app-server/model-list.js";
import { providerModelIds } from "../app-server/provider-models.js";
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
  // As model/list asks for it: the model requests' account, refreshed when stale.
  const ids = await providerModelIds(config.provider, { codexHome: config.codexHome, env: process.env });
  return print(modelsFrom(ids, config.model).map((m, i) => catalogEntry(m, i + 1)));
}
