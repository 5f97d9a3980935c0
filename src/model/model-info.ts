// What we know of models without asking the provider: context windows for token accounting.
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

export function contextWindowFor(model: string): number | undefined {
  for (const [prefix, tokens] of CONTEXT_WINDOWS) {
    if (model.startsWith(prefix)) return tokens;
  }
  return undefined;
}
