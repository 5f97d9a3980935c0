// The tree every config file and `-c` override is checked against: Codex 0.169's tables
// (codex-nested-keys.ts, codex-keys.ts) with codex-ts's own keys (schema.ts) laid over them. Each top-level
// key's part is built the first time a config has that key, so a start-up pays only for the tables it uses.
import type { z } from "zod";
import { CODEX_ONLY_KEYS } from "./codex-keys.js";
import { CODEX_NESTED_KEYS } from "./codex-nested-keys.js";
import { featureAliases, FeaturesToml, KNOWN_FEATURES } from "./features.js";
import { keysOfSchema, overlay, table, unknownKeyPaths, type KeyNode } from "./key-tree.js";
import { ConfigToml } from "./schema.js";

const OWN: Record<string, z.ZodType> = ConfigToml.shape;
const built = new Map<string, KeyNode | undefined>();
let special: Map<z.ZodType, KeyNode> | undefined;

/** The keys known under one top-level key; undefined when neither codex-ts nor Codex reads the key. */
function topLevelNode(key: string): KeyNode | undefined {
  if (built.has(key)) return built.get(key);
  const codex = Object.hasOwn(CODEX_NESTED_KEYS, key)
    ? CODEX_NESTED_KEYS[key]
    : Object.hasOwn(CODEX_ONLY_KEYS, key)
      ? true
      : undefined;
  const schema = Object.hasOwn(OWN, key) ? OWN[key] : undefined;
  // `[features]` is a map to the schema; codex-ts reads only the flags it knows and their older names.
  special ??= new Map([
    [FeaturesToml, table([...KNOWN_FEATURES, ...KNOWN_FEATURES.flatMap(featureAliases)].join(" "))],
  ]);
  const own = schema ? keysOfSchema(schema, special) : undefined;
  const node = codex === undefined && own === undefined ? undefined : overlay(codex, own);
  built.set(key, node);
  return node;
}

/** The key paths of a config (a file's, or the `-c` overrides') that neither codex-ts nor Codex reads. */
export function unknownConfigKeys(value: Record<string, unknown>): string[][] {
  const found: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    const node = topLevelNode(key);
    if (node === undefined) found.push([key]);
    else found.push(...unknownKeyPaths(child, node, [key]));
  }
  return found;
}
