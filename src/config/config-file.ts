// Reading one config.toml and checking every key of it on its own, so a problem names the file, the line and
// the key, and a bad value is found even when a flag or a later layer hides it.
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { parse as parseToml, TomlError } from "smol-toml";
import type { z } from "zod";
import { closestBranchIssues } from "../protocol/errors.js";
import { CODEX_ONLY_KEYS } from "./codex-keys.js";
import { unknownConfigKeys } from "./known-keys.js";
import { ConfigToml } from "./schema.js";
import { scanDocument } from "./toml-scan.js";

export class ConfigError extends Error {}

export interface ConfigFile {
  value: Record<string, unknown>;
  text: string;
}

/** A problem with one key of one file. */
export interface KeyIssue {
  file: string;
  /** 1-based; undefined when the key's line cannot be found. */
  line: number | undefined;
  keyPath: string[];
  message: string;
  /** "error": a value of the wrong kind; "unknown": a key neither codex-ts nor Codex reads. */
  kind: "error" | "unknown";
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The parsed file; undefined when there is no file. Anything else that keeps it from being read is an error. */
export function readConfigFile(path: string): ConfigFile | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      const target = danglingTarget(path);
      if (target === undefined) return undefined;
      throw new ConfigError(`cannot read ${path}: it is a symbolic link to ${target}, which does not exist`);
    }
    throw new ConfigError(`cannot read ${path}: ${(err as Error).message}`);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    const line =
      Buffer.from(bytes)
        .toString("utf8")
        .split("\n")
        .findIndex((l) => l.includes("\ufffd")) + 1;
    throw new ConfigError(`cannot read ${path}: not valid UTF-8 (line ${line || 1})`);
  }
  try {
    return { value: toNumbers(parseToml(text, { integersAsBigInt: "asNeeded" })), text };
  } catch (err) {
    const where = err instanceof TomlError ? ` (line ${err.line}, column ${err.column})` : "";
    throw new ConfigError(`invalid TOML in ${path}${where}: ${(err as Error).message.split("\n")[0]}`);
  }
}

function danglingTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * TOML integers reach ±2^63; past 2^53 a JavaScript number cannot hold them exactly, so they are clamped to
 * the largest exact one: every such key is a limit, where "as large as can be" is what was meant.
 */
function toNumbers<T>(value: T): T {
  if (typeof value === "bigint") {
    const clamped = value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : undefined;
    return (clamped ??
      (value < -BigInt(Number.MAX_SAFE_INTEGER) ? -Number.MAX_SAFE_INTEGER : Number(value))) as T;
  }
  if (Array.isArray(value)) return value.map(toNumbers) as T;
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = toNumbers(v);
  }
  return value;
}

const OWN_KEYS = new Set(Object.keys(ConfigToml.shape));

/**
 * Every key of one file checked: the keys nobody reads, at any depth (known-keys.ts), then each value against
 * its type, codex-ts's own keys by schema.ts and the keys only Codex reads by codex-keys.ts.
 */
export function checkConfigFile(file: string, config: ConfigFile): KeyIssue[] {
  const issues: Omit<KeyIssue, "line" | "file">[] = unknownConfigKeys(config.value).map((keyPath) => ({
    keyPath,
    message: "unknown key, ignored",
    kind: "unknown" as const,
  }));
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config.value)) {
    if (OWN_KEYS.has(key)) own[key] = value;
    else if (CODEX_ONLY_KEYS[key]) issues.push(...schemaIssues(CODEX_ONLY_KEYS[key], value, [key]));
  }
  issues.push(...schemaIssues(ConfigToml, own, []));
  if (issues.length === 0) return [];
  const lineOf = lineFinder(config.text);
  return issues.map((issue) => ({ ...issue, file, line: lineOf(issue.keyPath) }));
}

function schemaIssues(schema: z.ZodType, value: unknown, base: string[]): Omit<KeyIssue, "line" | "file">[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap(closestBranchIssues).map((issue) => ({
    keyPath: [...base, ...issue.path.map(String)],
    message: issue.message,
    kind: "error" as const,
  }));
}

/** The line where a key path (or the nearest table or key above it) is written. */
function lineFinder(text: string): (path: string[]) => number | undefined {
  let doc: ReturnType<typeof scanDocument> | undefined;
  try {
    doc = scanDocument(text);
  } catch {
    return () => undefined;
  }
  const { entries, tables } = doc;
  const joined = (parts: string[]) => parts.join("\u0000");
  /** `skills.config.1.bogus`: the key under the second `[[skills.config]]` header. */
  const inArrayTable = (path: string[]): number | undefined => {
    const at = path.findIndex((part, i) => i > 0 && /^\d+$/.test(part));
    if (at < 0) return undefined;
    const want = joined(path.slice(0, at));
    const table = tables.filter((t) => t.isArray && joined(t.path) === want)[Number(path[at])];
    if (!table) return undefined;
    const rest = joined(path.slice(at + 1));
    const entry = entries.find(
      (e) => e.startLine > table.headerLine && e.startLine < table.endLine && joined(e.key) === rest,
    );
    return (entry?.startLine ?? table.headerLine) + 1;
  };
  return (path) => {
    const inArray = inArrayTable(path);
    if (inArray !== undefined) return inArray;
    for (let n = path.length; n > 0; n--) {
      const want = path.slice(0, n).join("\u0000");
      const entry = entries.find((e) => [...e.table, ...e.key].join("\u0000") === want);
      if (entry) return entry.startLine + 1;
      const table = tables.find((t) => t.path.join("\u0000") === want);
      if (table) return table.headerLine + 1;
    }
    return undefined;
  };
}

/** "FILE, line N: key.path: message". */
export function describeIssue(issue: KeyIssue): string {
  const where = issue.line ? `${issue.file}, line ${issue.line}` : issue.file;
  return `${where}: ${issue.keyPath.join(".") || "(root)"}: ${issue.message}`;
}
