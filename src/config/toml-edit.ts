// Line-level TOML edits that keep a hand-written config.toml as it was: comments, blank lines, key order and
// the formatting of untouched values. Only the edited value's text changes (or a line is added or removed).
// Every edit is checked by parsing the result; an edit that would not give the intended value is refused.
import { parse as parseToml } from "smol-toml";
import { isDeepStrictEqual } from "node:util";
import { scanDocument, type TomlDocument, type TomlEntry } from "./toml-scan.js";

export class TomlEditError extends Error {}

/** Splits "a.b.\"c.d\"" into ["a", "b", "c.d"]. */
export function parseKeyPath(keyPath: string): string[] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let index = 0;
  while (index < keyPath.length) {
    re.lastIndex = index;
    const m = re.exec(keyPath);
    if (!m || m[0] === "") throw new TomlEditError(`invalid key path '${keyPath}'`);
    parts.push(m[1] !== undefined ? (JSON.parse(`"${m[1]}"`) as string) : (m[2] ?? m[3] ?? ""));
    index = re.lastIndex;
    if (m[4] === "" && index < keyPath.length) throw new TomlEditError(`invalid key path '${keyPath}'`);
  }
  if (parts.length === 0) throw new TomlEditError("empty key path");
  return parts;
}

export function renderKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

export function renderTomlValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "nan";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(renderTomlValue).join(", ")}]`;
  if (isTable(value)) {
    const entries = Object.entries(value).map(([k, v]) => `${renderKey(k)} = ${renderTomlValue(v)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  throw new TomlEditError(`cannot write ${value === null ? "null" : typeof value} as a TOML value`);
}

/** Deep equality that ignores prototypes: the parser's inline tables need not be plain objects. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isDeepStrictEqual(a, b)) return true;
  return typeof b === "object" && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

export function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isTable(node)) return undefined;
    node = node[key];
  }
  return node;
}

function parseOrThrow(text: string): Record<string, unknown> {
  try {
    return parseToml(text);
  } catch (err) {
    throw new TomlEditError(`config.toml is not valid TOML: ${(err as Error).message.split("\n")[0]}`);
  }
}

/** Sets one leaf (a scalar, an array or an inline table) at `path`. */
function setLeaf(text: string, path: string[], value: unknown): string {
  const doc = scanDocument(text);
  const fullPath = (e: TomlEntry) => [...e.table, ...e.key];
  const existing = doc.entries.find((e) => isDeepStrictEqual(fullPath(e), path));
  const candidates: string[] = [];
  if (existing) {
    candidates.push(replaceValue(doc, existing, renderTomlValue(value)));
  } else {
    // Inside an inline table (`a = { b = 1 }`): rewrite that inline table with the new value in it.
    const inline = doc.entries.find((e) => startsWith(path, fullPath(e)));
    if (inline) {
      const parsed = structuredClone(valueAt(parseOrThrow(text), fullPath(inline)));
      if (isTable(parsed)) {
        setNested(parsed, path.slice(fullPath(inline).length), value);
        candidates.push(replaceValue(doc, inline, renderTomlValue(parsed)));
      }
    }
    candidates.push(...insertionCandidates(doc, path, renderTomlValue(value)));
  }
  for (const candidate of candidates) {
    try {
      if (sameValue(valueAt(parseToml(candidate), path), value)) return candidate;
    } catch {
      // Try the next placement.
    }
  }
  throw new TomlEditError(`cannot set ${path.map(renderKey).join(".")} in config.toml without breaking it`);
}

function replaceValue(doc: TomlDocument, entry: TomlEntry, rendered: string): string {
  const lines = [...doc.lines];
  const first = lines[entry.valueStart.line] ?? "";
  const last = lines[entry.valueEnd.line] ?? "";
  const replaced = first.slice(0, entry.valueStart.col) + rendered + last.slice(entry.valueEnd.col);
  lines.splice(entry.valueStart.line, entry.valueEnd.line - entry.valueStart.line + 1, replaced);
  return lines.join("\n");
}

function setNested(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (isTable(next)) node = next;
    else node = node[key] = {};
  }
  node[path[path.length - 1] ?? ""] = value;
}

/** Where a new key could go, best first: its table, the root (as a dotted key), or a new table at the end. */
function insertionCandidates(doc: TomlDocument, path: string[], rendered: string): string[] {
  const out: string[] = [];
  const tables = doc.tables.filter((t) => !t.isArray && t.path.length > 0 && t.path.length < path.length);
  const owner = tables
    .filter((t) => startsWith(path, t.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (owner) {
    const key = path.slice(owner.path.length).map(renderKey).join(".");
    out.push(insertLines(doc, owner.insertAt, [`${key} = ${rendered}`]));
  }
  const dotted = `${path.map(renderKey).join(".")} = ${rendered}`;
  if (path.length === 1) out.push(insertLines(doc, doc.root.insertAt, [dotted]));
  if (path.length > 1) {
    const header = `[${path.slice(0, -1).map(renderKey).join(".")}]`;
    const leaf = `${renderKey(path[path.length - 1] ?? "")} = ${rendered}`;
    const trimmed = [...doc.lines];
    while (trimmed.length > 0 && trimmed[trimmed.length - 1]?.trim() === "") trimmed.pop();
    const block = trimmed.length > 0 ? ["", header, leaf, ""] : [header, leaf, ""];
    out.push([...trimmed, ...block].join("\n"));
    out.push(insertLines(doc, doc.root.insertAt, [dotted]));
  }
  return out;
}

function insertLines(doc: TomlDocument, at: number, added: string[]): string {
  const lines = [...doc.lines];
  lines.splice(at, 0, ...added);
  return lines.join("\n");
}

/** Removes `path` and everything under it: key lines, `[path]` and `[path.*]` tables. */
export function deleteTomlValue(text: string, path: string[]): string {
  const doc = scanDocument(text);
  const drop = new Set<number>();
  for (const e of doc.entries) {
    if (startsWith([...e.table, ...e.key], path)) {
      for (let l = e.startLine; l <= e.valueEnd.line; l++) drop.add(l);
    }
  }
  for (const t of doc.tables) {
    if (t.path.length > 0 && startsWith(t.path, path)) {
      for (let l = t.headerLine; l < t.endLine; l++) drop.add(l);
    }
  }
  const result = doc.lines.filter((_, i) => !drop.has(i)).join("\n");
  if (valueAt(parseOrThrow(result), path) !== undefined) {
    throw new TomlEditError(`cannot remove ${path.map(renderKey).join(".")} from config.toml`);
  }
  return result;
}

/**
 * Sets `path` to `value`. "replace" makes the value exactly `value`; "upsert" merges a table into the one
 * already there. `null` removes the key.
 */
export function setTomlValue(
  text: string,
  path: string[],
  value: unknown,
  strategy: "replace" | "upsert" = "replace",
): string {
  const current = valueAt(parseOrThrow(text), path);
  if (value === null || value === undefined)
    return current === undefined ? text : deleteTomlValue(text, path);
  if (!isTable(value)) {
    const cleared = isTable(current) ? deleteTomlValue(text, path) : text;
    return setLeaf(cleared, path, value);
  }
  let out = text;
  if (current !== undefined && (strategy === "replace" || !isTable(current))) {
    out = deleteTomlValue(out, path);
  }
  const entries = Object.entries(value);
  if (entries.length === 0)
    return valueAt(parseOrThrow(out), path) === undefined ? setLeaf(out, path, {}) : out;
  for (const [key, child] of entries) out = setTomlValue(out, [...path, key], child, strategy);
  return out;
}
