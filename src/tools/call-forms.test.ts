// A call in the form the tool was not declared in still reaches it; the apply_patch form follows the model.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCustomTool, defineTool } from "../core/tool-api/define-tool.js";
import { ToolRegistry } from "../core/tool-api/registry.js";
import { testToolContext } from "../../test/support/tool-context.js";
import { applyPatchForm, webSearchSpecs } from "./tool-set.js";

const echoFree = defineCustomTool({
  name: "free",
  description: "echo",
  isMutating: false,
  format: { type: "grammar", syntax: "lark", definition: "start: /.+/" },
  handle: (input) => Promise.resolve({ output: `free:${input}`, success: true }),
});
const echoFn = defineTool({
  name: "fn",
  description: "echo",
  parameters: z.object({ input: z.string() }),
  isMutating: false,
  handle: (args) => Promise.resolve({ output: `fn:${args.input}`, success: true }),
});
const registry = new ToolRegistry([echoFree, echoFn], [{ type: "web_search" }]);
const ctx = testToolContext();

describe("call forms", () => {
  it("a freeform tool takes a function call's `input` (or only string argument)", async () => {
    expect((await registry.dispatch("free", '{"input":"a"}', ctx)).output).toBe("free:a");
    expect((await registry.dispatch("free", '{"patch":"b"}', ctx)).output).toBe("free:b");
    expect((await registry.dispatch("free", "raw", ctx, [], "custom")).output).toBe("free:raw");
  });

  it("a function tool takes a custom call's text as `input`", async () => {
    expect((await registry.dispatch("fn", "*** Begin Patch", ctx, [], "custom")).output).toBe(
      "fn:*** Begin Patch",
    );
  });

  it("a bad call says why, as output and as the failure to show", async () => {
    expect(await registry.dispatch("fn", "{", ctx)).toMatchObject({
      success: false,
      failed: expect.stringMatching(/^failed to parse function arguments/),
    });
    expect(await registry.dispatch("nope", "{}", ctx)).toEqual({
      output: "unsupported call: nope",
      success: false,
      failed: "unsupported call: nope",
    });
  });

  it("hosted tools follow the declared ones", () => {
    expect(registry.specsForModel().map((s) => s.name ?? s.type)).toEqual(["free", "fn", "web_search"]);
  });
});

describe("applyPatchForm and webSearchSpecs", () => {
  it("freeform for the gpt-5 and codex families (even behind a path-like name), function otherwise", () => {
    expect(applyPatchForm({ model: "gpt-5.1-codex", toml: {} })).toBe("freeform");
    expect(applyPatchForm({ model: "openai/gpt-5-mini", toml: {} })).toBe("freeform");
    expect(applyPatchForm({ model: "llama-3.1", toml: {} })).toBe("function");
    expect(applyPatchForm({ model: "gpt-5", toml: { apply_patch_tool_type: "function" } })).toBe("function");
  });

  it("web_search modes", () => {
    expect(webSearchSpecs({ toml: { web_search: "live" } })).toEqual([
      { type: "web_search", external_web_access: true },
    ]);
    expect(webSearchSpecs({ toml: { web_search: "disabled" } })).toEqual([]);
    expect(webSearchSpecs({ toml: {} })).toEqual([]);
  });
});
