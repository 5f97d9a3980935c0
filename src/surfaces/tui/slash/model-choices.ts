// What `/model` offers: known models with the reasoning efforts they take. The current model is always
// offered, even when it is not in the list (a custom provider's model).
import type { ReasoningEffort } from "../../../protocol/policies.js";

export interface ModelChoice {
  model: string;
  description: string;
  efforts: readonly ReasoningEffort[];
}

const STANDARD: readonly ReasoningEffort[] = ["low", "medium", "high"];

export const MODEL_CHOICES: readonly ModelChoice[] = [
  { model: "gpt-5.1-codex", description: "optimised for coding", efforts: STANDARD },
  { model: "gpt-5.1-codex-max", description: "for long, hard tasks", efforts: [...STANDARD, "xhigh"] },
  { model: "gpt-5.1-codex-mini", description: "cheaper and faster", efforts: ["medium", "high"] },
  { model: "gpt-5.1", description: "general purpose", efforts: ["none", ...STANDARD] },
  { model: "gpt-5", description: "previous generation", efforts: ["minimal", ...STANDARD] },
];

export function modelChoices(current: string | undefined): ModelChoice[] {
  const known = [...MODEL_CHOICES];
  if (current && !known.some((c) => c.model === current)) {
    known.unshift({ model: current, description: "current model", efforts: STANDARD });
  }
  return known;
}

export const EFFORT_DESCRIPTIONS: Record<ReasoningEffort, string> = {
  none: "no reasoning",
  minimal: "fastest, least reasoning",
  low: "quick answers",
  medium: "balanced (default)",
  high: "more thorough",
  xhigh: "most thorough, slowest",
};
