import { describe, expect, it } from "vitest";
import type { Config } from "../../config/load.js";
import { memoriesSettings } from "../../config/memories.js";
import { rolloutSummaryFileName } from "./consolidate.js";
import { redactSecrets } from "./extract.js";
import { memoryRequest } from "./model-call.js";
import { memoryModels, rateLimitsAllow } from "./pipeline.js";

const window = (used: number) => ({ used_percent: used, window_minutes: 300, resets_at: null });

describe("memories pipeline pieces", () => {
  it("runs only while the usage windows leave min_rate_limit_remaining_percent", () => {
    expect(rateLimitsAllow(undefined, 25)).toBe(true);
    expect(rateLimitsAllow({ primary: window(70), secondary: null }, 25)).toBe(true);
    expect(rateLimitsAllow({ primary: window(10), secondary: window(80) }, 25)).toBe(false);
    expect(rateLimitsAllow({ primary: window(100), secondary: null }, 0)).toBe(true);
  });

  it("takes Codex's models for OpenAI, the thread's model elsewhere, and the configured ones first", () => {
    const config = (provider: string, memories = {}) =>
      ({ modelProviderId: provider, model: "local-model", toml: { memories } }) as unknown as Config;
    const models = (c: Config) => memoryModels(c, memoriesSettings(c.toml));
    expect(models(config("openai"))).toEqual({ extract: "gpt-5.4-mini", consolidate: "gpt-5.4" });
    expect(models(config("ollama"))).toEqual({ extract: "local-model", consolidate: "local-model" });
    expect(models(config("openai", { extract_model: "a", consolidation_model: "b" }))).toEqual({
      extract: "a",
      consolidate: "b",
    });
  });

  it("asks for strict structured output, without tools, storing nothing", () => {
    const request = memoryRequest({
      model: "gpt-5.4",
      effort: "medium",
      instructions: "do it",
      input: "the input",
      name: "memory_consolidation",
      jsonSchema: { type: "object" },
      serviceTier: "fast",
    });
    expect(request).toMatchObject({
      model: "gpt-5.4",
      instructions: "do it",
      tools: [],
      store: false,
      reasoning: { effort: "medium" },
      service_tier: "priority",
      text: { format: { type: "json_schema", name: "memory_consolidation", strict: true } },
    });
  });

  it("redacts secrets a model copied, and names recap files by time, thread and slug", () => {
    expect(redactSecrets("key sk-abcdefghijklmnopqrstuv and Bearer abcdefghijklmnopqrstuvwxyz")).toBe(
      "key [redacted] and Bearer [redacted]",
    );
    const name = rolloutSummaryFileName({
      threadId: "0199aaaa-0000-7000-8000-0000deadbeef",
      rolloutPath: "/r",
      cwd: null,
      sourceUpdatedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
      rawMemory: "m",
      rolloutSummary: "s",
      rolloutSlug: "Fix the Build!",
      generatedAt: 0,
    });
    expect(name).toBe("2026-01-02T03-04-05-deadbeef-fix-the-build.md");
  });
});
