// Which keys of a config table are known, as a tree, and the walk that finds the keys nobody reads. The tree a
// file is checked against is codex-ts's own (taken from its zod schemas) laid over Codex 0.169's
// (codex-nested-keys.ts): a key is unknown only where Codex itself checks the table and neither reads the key,
// so a file valid for Codex is never refused.
import type { z } from "zod";

/**
 * `true`: anything goes below (a value, or a table nobody checks). A table: its named `fields`, then `each`
 * for any other name (a map such as `[mcp_servers.NAME]`); `open` lets other names pass without a check.
 */
export type KeyNode = true | KeyTable;
export interface KeyTable {
  fields?: Record<string, KeyNode>;
  each?: KeyNode;
  open?: true;
}

/** A table of leaf keys (`"a b c"`), with some of them tables of their own. */
export function table(names: string, nested: Record<string, KeyNode> = {}): KeyTable {
  const fields: Record<string, KeyNode> = {};
  for (const name of names.split(/\s+/)) if (name) fields[name] = true;
  return { fields: { ...fields, ...nested } };
}

/** Any name, each value shaped as `node`. */
export function mapOf(node: KeyNode): KeyTable {
  return { each: node };
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
}

const FREE_TYPES = new Set(["unknown", "any", "never"]);

/**
 * The keys a zod schema reads. A loose object reads only the keys it names (the rest is what gets
 * reported); `special` gives the node of a schema that names no keys yet reads only some (`[features]`).
 */
export function keysOfSchema(schema: z.ZodType, special: Map<z.ZodType, KeyNode>): KeyNode {
  const given = special.get(schema);
  if (given !== undefined) return given;
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return def.innerType ? keysOfSchema(def.innerType, special) : true;
    case "pipe":
      return def.in ? keysOfSchema(def.in, special) : true;
    case "object": {
      const fields: Record<string, KeyNode> = {};
      for (const [key, value] of Object.entries(def.shape ?? {})) fields[key] = keysOfSchema(value, special);
      const catchall = def.catchall;
      const each =
        catchall && !FREE_TYPES.has((catchall as unknown as { _zod: { def: ZodDef } })._zod.def.type)
          ? keysOfSchema(catchall, special)
          : undefined;
      return each === undefined ? { fields } : { fields, each };
    }
    case "record":
      return { each: def.valueType ? keysOfSchema(def.valueType, special) : true };
    case "array":
      return def.element ? keysOfSchema(def.element, special) : true;
    case "union": {
      const tables = (def.options ?? [])
        .map((option) => keysOfSchema(option, special))
        .filter((node): node is KeyTable => node !== true);
      return tables.length === 0 ? true : tables.reduce((a, b) => unionOf(a, b));
    }
    default:
      return true;
  }
}

/** Both shapes of a union value: a key either names is known. */
function unionOf(a: KeyTable, b: KeyTable): KeyTable {
  const fields: Record<string, KeyNode> = { ...a.fields };
  for (const [key, node] of Object.entries(b.fields ?? {})) {
    const mine = fields[key];
    fields[key] = mine === undefined || mine === true || node === true ? true : unionOf(mine, node);
  }
  const each = a.each === undefined ? b.each : b.each === undefined ? a.each : true;
  return { fields, ...(each !== undefined ? { each } : {}), ...(a.open || b.open ? { open: true } : {}) };
}

/**
 * Codex's tree with codex-ts's laid over it. Where Codex lets anything pass, so does the result; a table Codex
 * closes takes codex-ts's named keys too, but not codex-ts's "any name" (`[features]` is a map to codex-ts,
 * a closed list to Codex); a table only codex-ts has is checked by codex-ts's keys alone.
 */
export function overlay(codex: KeyNode | undefined, own: KeyNode | undefined): KeyNode {
  if (codex === undefined) return own ?? true;
  if (own === undefined || codex === true) return codex;
  if (own === true) return codex;
  const fields: Record<string, KeyNode> = {};
  for (const key of new Set([...Object.keys(codex.fields ?? {}), ...Object.keys(own.fields ?? {})])) {
    fields[key] = overlay(codex.fields?.[key], own.fields?.[key]);
  }
  const each = codex.each === undefined ? undefined : overlay(codex.each, own.each);
  return { fields, ...(each !== undefined ? { each } : {}), ...(codex.open ? { open: true } : {}) };
}

/** Every key path of `value` that `node` does not know, in the order they are written. */
export function unknownKeyPaths(value: unknown, node: KeyNode, base: string[] = []): string[][] {
  if (node === true) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => unknownKeyPaths(item, node, [...base, String(index)]));
  }
  if (!isTable(value)) return [];
  const found: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...base, key];
    const known = node.fields && Object.hasOwn(node.fields, key) ? node.fields[key] : node.each;
    if (known !== undefined) found.push(...unknownKeyPaths(child, known, path));
    else if (!node.open) found.push(path);
  }
  return found;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
