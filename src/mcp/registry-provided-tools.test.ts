// The registry's run-time tools, as the MCP manager uses them: published as a set, selected per turn.
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { defineTool } from "../core/tool-api/define-tool.js";
import { ToolRegistry, type ProvidedTool } from "../core/tool-api/registry.js";
import { testToolContext } from "../../test/support/tool-context.js";

const builtin = defineTool({
  name: "builtin",
  description: "a built-in",
  parameters: z.object({}),
  isMutating: false,
  handle: () => Promise.resolve({ output: "builtin ran", success: true }),
});

const provided = (name: string, selector?: string): ProvidedTool => ({
  name,
  spec: { type: "function", name, parameters: { type: "object", properties: {} } },
  ...(selector ? { selector } : {}),
  handle: (raw) => Promise.resolve({ output: `${name} got ${raw}`, success: true }),
});

const names = (specs: Record<string, unknown>[]) => specs.map((s) => s.name);

describe("ToolRegistry provided tools", () => {
  it("adds them after the built-ins, rebuilding the cached list only when they change", () => {
    const registry = new ToolRegistry([builtin]);
    const before = registry.specsForModel();
    expect(names(before)).toEqual(["builtin"]);
    registry.setProvidedTools("mcp", [provided("a__x"), provided("builtin")]);
    const after = registry.specsForModel();
    expect(names(after)).toEqual(["builtin", "a__x"]);
    expect(registry.specsForModel()).toBe(after);
    registry.setProvidedTools("mcp", []);
    expect(registry.specsForModel()).toBe(before);
  });

  it("offers selected tools only to turns that select them, and dispatches the same way", async () => {
    const registry = new ToolRegistry([builtin]);
    registry.setProvidedTools("mcp", [provided("a__x"), provided("apps__note", "app://notes")]);
    expect(names(registry.specsForModel())).toEqual(["builtin", "a__x"]);
    expect(names(registry.specsForModel(["app://notes"]))).toEqual(["builtin", "a__x", "apps__note"]);
    const ctx = testToolContext();
    expect((await registry.dispatch("a__x", "{}", ctx)).output).toBe("a__x got {}");
    expect((await registry.dispatch("apps__note", "{}", ctx)).output).toBe("unsupported call: apps__note");
    expect((await registry.dispatch("apps__note", "{}", ctx, ["app://notes"])).output).toBe(
      "apps__note got {}",
    );
    expect((await registry.dispatch("builtin", "{}", ctx)).output).toBe("builtin ran");
  });
});
