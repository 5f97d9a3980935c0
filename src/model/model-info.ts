// What we know of a model: its context window (for token accounting and compaction) and whether it takes
// tools, reasoning effort and images. Known OpenAI models are built in; anything else is learned from
// config (`model_context_window`, `model_supports_*`) or from a local server's model list, and kept here
// for the life of the process.
const CONTEXT_WINDOWS: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ["gpt-5", 272_000],
  ["o3", 200_000],
  ["o4-mini", 200_000],
  ["codex-mini", 200_000],
  ["gpt-4.1", 1_047_576],
  ["gpt-4o", 128_000],
  ["gpt-oss", 128_000],
];

export const DEFAULT_MODEL = "gpt-5.1-codex";

export interface ModelInfo {
  contextWindow?: number;
  supportsTools?: boolean;
  supportsReasoning?: boolean;
  supportsImages?: boolean;
  /** A model catalog's (`model_catalog_json`) compaction threshold for it. */
  autoCompactTokenLimit?: number;
}

const learned = new Map<string, ModelInfo>();

/** Records what config or a server said of a model; later facts override earlier ones, field by field. */
export function learnModelInfo(model: string, info: ModelInfo): void {
  const defined = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined));
  learned.set(model, { ...learned.get(model), ...defined });
}

/** Fills in only what is not known yet: what a server reports never overrides config. */
export function learnModelDefaults(model: string, info: ModelInfo): void {
  const defined = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined));
  learned.set(model, { ...defined, ...learned.get(model) });
}

export function modelInfo(model: string): ModelInfo {
  return learned.get(model) ?? {};
}

export function contextWindowFor(model: string): number | undefined {
  const known = learned.get(model)?.contextWindow;
  if (known !== undefined) return known;
  for (const [prefix, tokens] of CONTEXT_WINDOWS) {
    if (model.startsWith(prefix)) return tokens;
  }
  return undefined;
}

/** Models that take a reasoning effort: OpenAI's reasoning families, or any model config or its server says. */
export function supportsReasoning(model: string): boolean {
  return learned.get(model)?.supportsReasoning ?? /^(gpt-5|o\d|codex|gpt-oss)/.test(model);
}

/**
 * Models that take `text.verbosity`: as in Codex 0.169, the GPT-5 and later general models, not the codex
 * ones nor models it has no entry for (there `model_verbosity` is left out of the request).
 */
export function supportsVerbosity(model: string): boolean {
  return /^gpt-([5-9]|\d{2,})/.test(model) && !model.includes("codex");
}

export function supportsTools(model: string): boolean {
  return learned.get(model)?.supportsTools ?? true;
}

export function supportsImages(model: string): boolean {
  return learned.get(model)?.supportsImages ?? true;
}
