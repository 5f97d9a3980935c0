import { describe, expect, it } from "vitest";
import { sanitizeInputSchema } from "./input-schema.js";

describe("sanitizeInputSchema", () => {
  it("keeps a good schema and drops only meta keys", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { q: { type: "string", description: "query" }, n: { type: "integer" } },
      required: ["q"],
      additionalProperties: false,
    };
    expect(sanitizeInputSchema(schema)).toEqual({
      ok: true,
      schema: {
        type: "object",
        properties: { q: { type: "string", description: "query" }, n: { type: "integer" } },
        required: ["q"],
        additionalProperties: false,
      },
    });
  });

  it("fills in what the Responses API requires: types, properties, items", () => {
    const result = sanitizeInputSchema({
      properties: {
        tags: { type: "array" },
        opts: { type: "object" },
        mode: { enum: [1, 2] },
        any: {},
        flag: true,
        nested: { items: { const: false } },
        either: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    });
    expect(result).toEqual({
      ok: true,
      schema: {
        type: "object",
        properties: {
          tags: { type: "array", items: { type: "string" } },
          opts: { type: "object", properties: {} },
          mode: { enum: [1, 2], type: "integer" },
          any: { type: "string" },
          flag: { type: "string" },
          nested: { type: "array", items: { const: false, type: "boolean" } },
          either: { anyOf: [{ type: "string" }, { type: "null" }] },
        },
      },
    });
    expect(sanitizeInputSchema({ type: "object" })).toEqual({
      ok: true,
      schema: { type: "object", properties: {} },
    });
  });

  it("refuses schemas that cannot describe a tool's arguments, saying why", () => {
    expect(sanitizeInputSchema({ type: "string" })).toEqual({
      ok: false,
      error: 'the input schema must describe an object (type "object"), not "string"',
    });
    expect(sanitizeInputSchema("nope")).toEqual({
      ok: false,
      error: "the input schema is not a JSON object",
    });
    expect(sanitizeInputSchema({ type: "object", properties: { x: "text" } })).toEqual({
      ok: false,
      error: 'input schema properties.x is not a schema (got "text")',
    });
    expect(sanitizeInputSchema({ type: "object", properties: [] })).toEqual({
      ok: false,
      error: "input schema properties is not an object",
    });
  });
});
