import { describe, expect, it } from "vitest";
import { subagentSettings } from "./limits.js";

const settingsOf = (subagents: unknown) => subagentSettings({ toml: { subagents } });

describe("subagentSettings", () => {
  it("defaults to disabled, depth 3, 8 agents", () => {
    expect(subagentSettings({ toml: {} })).toEqual({ enabled: false, maxDepth: 3, maxAgents: 8 });
  });

  it("reads [subagents] enabled, max_depth and max_agents", () => {
    expect(settingsOf({ enabled: true, max_depth: 1, max_agents: 2 })).toEqual({
      enabled: true,
      maxDepth: 1,
      maxAgents: 2,
    });
  });

  it("names a bad value and keeps the defaults", () => {
    const settings = settingsOf({ max_depth: -1 });
    expect(settings).toMatchObject({ maxDepth: 3, maxAgents: 8 });
    expect(settings.problem).toMatch(/^config: subagents\.max_depth: /);
  });
});
