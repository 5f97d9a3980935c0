import { describe, expect, it } from "vitest";
import { readToolCatalog } from "./tool-catalog.js";

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: "object", properties: {} },
  ...extra,
});

describe("readToolCatalog", () => {
  it("keeps good tools and leaves bad ones out, one reason each", () => {
    const catalog = readToolCatalog(
      [
        tool("ok", {
          description: "fine",
          inputSchema: { type: "object" },
          annotations: { destructiveHint: true },
          _meta: { connector_id: "c" },
        }),
        { description: "no name" },
        tool("stringy", { inputSchema: { type: "string" } }),
        tool("ok"),
      ],
      { disabledTools: [] },
    );
    expect(catalog.tools).toEqual([
      {
        name: "ok",
        description: "fine",
        // The model's copy is cleaned; the declared one is kept for clients listing the tools.
        inputSchema: { type: "object", properties: {} },
        declaredInputSchema: { type: "object" },
        annotations: { destructiveHint: true },
        meta: { connector_id: "c" },
      },
    ]);
    expect(catalog.problems).toEqual([
      "tool #2 is not a valid tool definition (it needs a name and an inputSchema)",
      `tool 'stringy' was left out: the input schema must describe an object (type "object"), not "string"`,
      "tool 'ok' is listed twice; the first definition is used",
    ]);
  });

  it("applies enabled_tools and disabled_tools", () => {
    const raw = [tool("a"), tool("b"), tool("c")];
    expect(
      readToolCatalog(raw, { enabledTools: ["a", "b"], disabledTools: ["b"] }).tools.map((t) => t.name),
    ).toEqual(["a"]);
  });
});
