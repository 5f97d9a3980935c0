// `-c key.path=value` overrides: the value is read as TOML, and as a plain string when it is not TOML.
import { parse as parseToml } from "smol-toml";

export class ConfigOverrideError extends Error {}

export function parseOverrideValue(raw: string): unknown {
  try {
    return parseToml(`v = ${raw}`).v;
  } catch {
    return raw;
  }
}

/** Turns ["a.b=1", "c=\"x\""] into a nested object ready to merge over the config. */
export function overridesToObject(overrides: readonly string[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const entry of overrides) {
    const eq = entry.indexOf("=");
    if (eq <= 0) {
      throw new ConfigOverrideError(`invalid -c override '${entry}': expected key=value`);
    }
    const path = entry.slice(0, eq).trim().split(".");
    if (path.some((part) => part === "")) {
      throw new ConfigOverrideError(`invalid -c override '${entry}': empty key segment`);
    }
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (next && typeof next === "object" && !Array.isArray(next)) {
        node = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        node[part] = created;
        node = created;
      }
    }
    node[path[path.length - 1] as string] = parseOverrideValue(entry.slice(eq + 1).trim());
  }
  return root;
}

/** Deep merge of plain objects; arrays and scalars from `over` replace those in `base`. */
export function deepMerge(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    if (isPlainObject(prev) && isPlainObject(value)) {
      out[key] = deepMerge(prev, value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
