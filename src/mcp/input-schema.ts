// A tool's input schema made acceptable to the Responses API, or the reason it cannot be. The API wants an
// object at the root, a `type` on every schema, `properties` on objects and `items` on arrays; servers often
// leave those out, so they are filled in (as the real Codex does) rather than dropping the tool.

export type InputSchemaCheck = { ok: true; schema: Record<string, unknown> } | { ok: false; error: string };

type JsonObject = Record<string, unknown>;

const DROPPED_KEYS = new Set(["$schema", "$id", "$comment"]);
const SCHEMA_MAPS = ["properties", "$defs", "definitions", "patternProperties"] as const;
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const MAX_DEPTH = 64;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class SchemaProblem extends Error {}

export function sanitizeInputSchema(raw: unknown): InputSchemaCheck {
  if (!isObject(raw)) return { ok: false, error: "the input schema is not a JSON object" };
  const type = raw.type;
  const describesObject =
    type === undefined
      ? !hasCombinator(raw)
      : type === "object" || (Array.isArray(type) && type.includes("object"));
  if (!describesObject) {
    return {
      ok: false,
      error: `the input schema must describe an object (type "object"), not ${JSON.stringify(type ?? "a combination")}`,
    };
  }
  try {
    const schema = sanitize({ ...raw, type: "object" }, []);
    return { ok: true, schema };
  } catch (err) {
    if (err instanceof SchemaProblem) return { ok: false, error: err.message };
    throw err;
  }
}

function hasCombinator(schema: JsonObject): boolean {
  return SCHEMA_LISTS.some((k) => k !== "prefixItems" && k in schema);
}

function sanitize(schema: JsonObject, path: readonly string[]): JsonObject {
  if (path.length > MAX_DEPTH)
    throw new SchemaProblem(`the input schema nests deeper than ${MAX_DEPTH} levels`);
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) if (!DROPPED_KEYS.has(k)) out[k] = v;
  for (const mapKey of SCHEMA_MAPS) {
    const map = out[mapKey];
    if (map === undefined) continue;
    if (!isObject(map)) throw new SchemaProblem(`${at([...path, mapKey])} is not an object`);
    out[mapKey] = Object.fromEntries(
      Object.entries(map).map(([name, sub]) => [name, subschema(sub, [...path, mapKey, name])]),
    );
  }
  for (const listKey of SCHEMA_LISTS) {
    const list = out[listKey];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new SchemaProblem(`${at([...path, listKey])} is not an array`);
    out[listKey] = list.map((sub, i) => subschema(sub, [...path, `${listKey}[${i}]`]));
  }
  if (out.items !== undefined) out.items = subschema(out.items, [...path, "items"]);
  if (isObject(out.additionalProperties)) {
    out.additionalProperties = sanitize(out.additionalProperties, [...path, "additionalProperties"]);
  }
  const required = out.required;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === "string"))) {
    delete out.required;
  }
  if (out.type === undefined && !hasCombinator(out) && out.$ref === undefined) out.type = inferType(out);
  const types: unknown[] = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes("object") && out.properties === undefined) out.properties = {};
  if (types.includes("array") && out.items === undefined) out.items = { type: "string" };
  return out;
}

/** A nested schema: an object, or a boolean schema (`true` accepts anything; sent as a string). */
function subschema(value: unknown, path: readonly string[]): unknown {
  if (typeof value === "boolean") return { type: "string" };
  if (!isObject(value)) throw new SchemaProblem(`${at(path)} is not a schema (got ${JSON.stringify(value)})`);
  return sanitize(value, path);
}

function at(path: readonly string[]): string {
  return path.length === 0 ? "the input schema" : `input schema ${path.join(".")}`;
}

function inferType(schema: JsonObject): string {
  if ("properties" in schema || "additionalProperties" in schema) return "object";
  if ("items" in schema || "prefixItems" in schema) return "array";
  const sample: unknown = Array.isArray(schema.enum) ? (schema.enum as unknown[])[0] : schema.const;
  if (typeof sample === "number") return Number.isInteger(sample) ? "integer" : "number";
  if (typeof sample === "boolean") return "boolean";
  return "string";
}
