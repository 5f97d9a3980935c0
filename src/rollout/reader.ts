// Reads rollout files. Content problems never throw: an unparsable line is skipped with a warning naming
// its line number, a torn last line (a crash mid-write) likewise, and line types from newer versions
// (e.g. `world_state` in Codex 0.169) are skipped silently. Only a missing or unreadable file throws.
import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { ROLLOUT_LINE_TYPES, RolloutLine } from "./lines.js";
import type { SessionMetaPayload } from "./lines.js";

export interface RolloutWarning {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export interface ParsedRollout {
  /** The payload of the first `session_meta` line, if any. */
  meta: SessionMetaPayload | undefined;
  lines: RolloutLine[];
  warnings: RolloutWarning[];
  /** Lines of a type this version does not know, skipped. */
  unknownLines: number;
}

export class RolloutReadError extends Error {
  readonly code = "rollout_unreadable";
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot read rollout ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

export async function readRollout(path: string): Promise<ParsedRollout> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    throw new RolloutReadError(path, err);
  }
  return parseRolloutText(text);
}

export interface ParseOptions {
  /** The line number of the first line of `text` (when parsing a slice of a file). */
  firstLineNumber?: number;
}

/** Parses the text of a rollout file (or its head: a final line without "\n" is then treated as torn). */
export function parseRolloutText(text: string, options: ParseOptions = {}): ParsedRollout {
  const result: ParsedRollout = { meta: undefined, lines: [], warnings: [], unknownLines: 0 };
  const rawLines = text.split("\n");
  // After the last "\n" there is either nothing or a line that was never finished.
  const tail = rawLines.pop() ?? "";
  const first = options.firstLineNumber ?? 1;
  rawLines.forEach((raw, i) => addLine(result, raw, first + i));
  if (tail.trim() !== "") {
    const lineNumber = first + rawLines.length;
    const before = result.warnings.length;
    addLine(result, tail, lineNumber);
    if (result.warnings.length > before) {
      result.warnings.splice(before, result.warnings.length - before, {
        line: lineNumber,
        message: "torn last line (incomplete write), skipped",
      });
    }
  }
  return result;
}

function addLine(result: ParsedRollout, raw: string, lineNumber: number): void {
  const outcome = parseRolloutLine(raw);
  switch (outcome.kind) {
    case "empty":
      return;
    case "unknown":
      result.unknownLines += 1;
      return;
    case "invalid":
      result.warnings.push({ line: lineNumber, message: outcome.message });
      return;
    case "line":
      if (outcome.line.type === "session_meta" && result.meta === undefined) {
        result.meta = outcome.line.payload;
      }
      result.lines.push(outcome.line);
  }
}

export type LineOutcome =
  | { kind: "empty" }
  | { kind: "unknown"; type: string }
  | { kind: "invalid"; message: string }
  | { kind: "line"; line: RolloutLine };

/** Parses one line of a rollout file (without its "\n"). */
export function parseRolloutLine(raw: string): LineOutcome {
  if (raw.trim() === "") return { kind: "empty" };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { kind: "invalid", message: `not valid JSON (${(err as Error).message}), skipped` };
  }
  if (typeof value !== "object" || value === null || !("type" in value) || typeof value.type !== "string") {
    return { kind: "invalid", message: "not a rollout line (no string `type`), skipped" };
  }
  if (!ROLLOUT_LINE_TYPES.has(value.type)) return { kind: "unknown", type: value.type };
  const parsed = RolloutLine.safeParse(value);
  if (!parsed.success) {
    return {
      kind: "invalid",
      message: `invalid ${value.type} line (${describeIssue(parsed.error)}), skipped`,
    };
  }
  return { kind: "line", line: parsed.data };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "does not match the schema";
  const where = issue.path.length > 0 ? issue.path.join(".") : "line";
  return `${where}: ${issue.message}`;
}
