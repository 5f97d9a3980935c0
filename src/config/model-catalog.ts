// `model_catalog_json`: a JSON file of model metadata, in the real Codex's models.json shape
// (`{"models": [{"slug", "display_name", "context_window", ...}]}`), that replaces the built-in model list.
// It is read when config loads, so a missing or malformed file stops every surface with the reason. What
// it says of a model (context window, images, reasoning, compaction limit, default effort) is what codex-ts
// knows of that model unless config says otherwise; model/list lists exactly its models.
import { statSync } from "node:fs";
import { z } from "zod";
import { describeZodError } from "../protocol/errors.js";
import { ReasoningEffort } from "../protocol/policies.js";
import { learnModelInfo } from "../model/model-info.js";
import { ConfigError } from "./config-file.js";
import { promptFilePath, readPromptText } from "./prompt-files.js";

const CatalogModel = z.looseObject({
  slug: z.string().min(1),
  display_name: z.string().optional(),
  description: z.string().nullish(),
  context_window: z.number().int().positive().nullish(),
  auto_compact_token_limit: z.number().int().positive().nullish(),
  default_reasoning_level: ReasoningEffort.nullish(),
  supported_reasoning_levels: z
    .array(z.looseObject({ effort: ReasoningEffort, description: z.string().optional() }))
    .optional(),
  /** "list": offered in model/list; anything else ("hide", "none"): listed only with includeHidden. */
  visibility: z.string().optional(),
  input_modalities: z.array(z.string()).optional(),
});
export type CatalogModel = z.infer<typeof CatalogModel>;

const Catalog = z.looseObject({ models: z.array(CatalogModel) });

type Layers = Parameters<typeof promptFilePath>[1];

/**
 * The catalogs read so far, by path, with the modification time and size they were read at. Config loads
 * per request on some paths (fs/*, fuzzy file search): an unchanged file is not read and validated again.
 */
const readCatalogs = new Map<string, { mtimeNs: bigint; size: bigint; models: CatalogModel[] }>();

/** The catalog's models, or undefined when no layer sets `model_catalog_json`. */
export function readModelCatalog(layers: Layers, cwd: string, codexHome: string): CatalogModel[] | undefined {
  const path = promptFilePath("model_catalog_json", layers, cwd, codexHome);
  if (path === undefined) return undefined;
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  const known = readCatalogs.get(path);
  if (stat && known?.mtimeNs === stat.mtimeNs && known.size === stat.size) return known.models;
  // A file that fails is not kept: the next load says why again.
  readCatalogs.delete(path);
  const models = parseCatalog(readPromptText("model_catalog_json", "model catalog", path));
  if (stat) readCatalogs.set(path, { mtimeNs: stat.mtimeNs, size: stat.size, models });
  return models;
}

function parseCatalog(text: string): CatalogModel[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`invalid config: model_catalog_json: not JSON: ${(err as Error).message}`);
  }
  const parsed = Catalog.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(`invalid config: model_catalog_json: ${describeZodError(parsed.error)}`);
  }
  if (parsed.data.models.length === 0) {
    throw new ConfigError("invalid config: model_catalog_json: the catalog lists no models");
  }
  return parsed.data.models;
}

/** Records what the catalog says of each model; config's own model_* keys are learned after, and win. */
export function learnCatalog(models: readonly CatalogModel[]): void {
  for (const m of models) {
    learnModelInfo(m.slug, {
      ...(m.context_window ? { contextWindow: m.context_window } : {}),
      ...(m.input_modalities ? { supportsImages: m.input_modalities.includes("image") } : {}),
      ...(m.supported_reasoning_levels ? { supportsReasoning: m.supported_reasoning_levels.length > 0 } : {}),
      ...(m.auto_compact_token_limit ? { autoCompactTokenLimit: m.auto_compact_token_limit } : {}),
    });
  }
}
