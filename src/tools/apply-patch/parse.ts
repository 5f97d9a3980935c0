// Parser for the Codex patch format. Lenient where models are sloppy (heredoc wrapper, whitespace
// around markers, a first chunk without `@@`), strict and precise where a guess could corrupt a file.
import { findPatchBody } from "./strip-heredoc.js";
import type { ParsedPatch, PatchHunk, UpdateChunk } from "./types.js";
import { PatchParseError } from "./types.js";

const BEGIN_PATCH = "*** Begin Patch";
const END_PATCH = "*** End Patch";
const ADD_FILE = "*** Add File:";
const DELETE_FILE = "*** Delete File:";
const UPDATE_FILE = "*** Update File:";
const MOVE_TO = "*** Move to:";
const END_OF_FILE = "*** End of File";
const EXPECTED_HUNK = "expected '*** Add File:', '*** Delete File:' or '*** Update File:'";

interface Cursor {
  readonly lines: readonly string[];
  pos: number;
  readonly end: number;
}

export function parsePatch(text: string): ParsedPatch {
  const lines = text.split(/\r?\n/);
  const { start, end } = findPatchBody(lines);
  if (start >= end) fail(start, "expected '*** Begin Patch', got an empty patch");
  if (lineAt(lines, start).trim() !== BEGIN_PATCH) {
    fail(start, `expected '${BEGIN_PATCH}', got ${quote(lineAt(lines, start))}`);
  }
  const cursor: Cursor = { lines, pos: start + 1, end };
  const hunks: PatchHunk[] = [];
  for (;;) {
    skipBlankLines(cursor);
    if (cursor.pos >= end) fail(end, `expected '${END_PATCH}', got the end of the patch`);
    if (current(cursor).trim() === END_PATCH) break;
    hunks.push(parseHunk(cursor));
  }
  const endPatchIndex = cursor.pos;
  cursor.pos++;
  skipBlankLines(cursor);
  if (cursor.pos < end) fail(cursor.pos, `unexpected text after '${END_PATCH}': ${quote(current(cursor))}`);
  if (hunks.length === 0)
    fail(endPatchIndex, `${EXPECTED_HUNK}, got '${END_PATCH}' (the patch changes nothing)`);
  return { hunks };
}

function parseHunk(cursor: Cursor): PatchHunk {
  const index = cursor.pos;
  const line = current(cursor).trim();
  const addPath = markerArgument(line, ADD_FILE, index);
  if (addPath !== undefined) return parseAddFile(cursor, addPath);
  const deletePath = markerArgument(line, DELETE_FILE, index);
  if (deletePath !== undefined) {
    cursor.pos++;
    return { kind: "delete", path: deletePath };
  }
  const updatePath = markerArgument(line, UPDATE_FILE, index);
  if (updatePath !== undefined) return parseUpdateFile(cursor, updatePath);
  return fail(index, `${EXPECTED_HUNK}, got ${quote(current(cursor))}`);
}

function parseAddFile(cursor: Cursor, path: string): PatchHunk {
  cursor.pos++;
  const added: string[] = [];
  // Blank lines count as empty content only when more `+` lines follow; before the next
  // marker they merely separate hunks.
  let pendingBlankLines = 0;
  for (; cursor.pos < cursor.end; cursor.pos++) {
    const line = current(cursor);
    if (isHunkBoundary(line)) break;
    if (line.startsWith("+")) {
      for (; pendingBlankLines > 0; pendingBlankLines--) added.push("");
      added.push(line.slice(1));
    } else if (line.trim() === "") {
      pendingBlankLines++;
    } else {
      fail(cursor.pos, `expected a line starting with '+' in Add File '${path}', got ${quote(line)}`);
    }
  }
  return { kind: "add", path, contents: added.map((l) => `${l}\n`).join("") };
}

function parseUpdateFile(cursor: Cursor, path: string): PatchHunk {
  const headerIndex = cursor.pos;
  cursor.pos++;
  skipBlankLines(cursor);
  let movePath: string | undefined;
  if (cursor.pos < cursor.end) {
    movePath = markerArgument(current(cursor).trim(), MOVE_TO, cursor.pos);
    if (movePath !== undefined) cursor.pos++;
  }
  const chunks: UpdateChunk[] = [];
  for (;;) {
    skipBlankLines(cursor);
    if (cursor.pos >= cursor.end || isHunkBoundary(current(cursor))) break;
    chunks.push(parseChunk(cursor, path, chunks.length === 0));
  }
  if (chunks.length === 0) {
    fail(
      headerIndex,
      `Update File '${path}' has no changes; expected '@@' or lines starting with ' ', '-' or '+'`,
    );
  }
  return movePath === undefined
    ? { kind: "update", path, chunks }
    : { kind: "update", path, movePath, chunks };
}

function parseChunk(cursor: Cursor, path: string, isFirstChunk: boolean): UpdateChunk {
  const contextHeaders: string[] = [];
  let sawChunkHeader = false;
  for (; cursor.pos < cursor.end; cursor.pos++) {
    const header = contextHeader(current(cursor));
    if (header === undefined) break;
    sawChunkHeader = true;
    if (header !== null) contextHeaders.push(header);
  }
  if (!sawChunkHeader && !isFirstChunk) {
    fail(
      cursor.pos,
      `expected '@@' to start the next chunk of Update File '${path}', got ${quote(current(cursor))}`,
    );
  }
  const oldLines: string[] = [];
  const newLines: string[] = [];
  let isEndOfFile = false;
  let bodyLines = 0;
  // An empty line is an empty context line, unless it only trails the chunk (then it separates).
  let pendingBlankLines = 0;
  for (; cursor.pos < cursor.end; cursor.pos++) {
    const line = current(cursor);
    if (line.trim() === END_OF_FILE) {
      isEndOfFile = true;
      cursor.pos++;
      break;
    }
    if (isHunkBoundary(line) || contextHeader(line) !== undefined) break;
    if (line === "") {
      pendingBlankLines++;
      continue;
    }
    const prefix = line[0];
    if (prefix !== " " && prefix !== "-" && prefix !== "+") {
      const what =
        bodyLines === 0 && !sawChunkHeader
          ? `expected '@@' or a line starting with ' ', '-' or '+' in Update File '${path}'`
          : `expected a line starting with ' ' (context), '-' (removed) or '+' (added) in Update File '${path}'`;
      fail(cursor.pos, `${what}, got ${quote(line)}`);
    }
    for (; pendingBlankLines > 0; pendingBlankLines--) {
      oldLines.push("");
      newLines.push("");
    }
    const body = line.slice(1);
    if (prefix !== "+") oldLines.push(body);
    if (prefix !== "-") newLines.push(body);
    bodyLines++;
  }
  if (bodyLines === 0) {
    const got = cursor.pos < cursor.end ? quote(current(cursor)) : "the end of the patch";
    fail(cursor.pos, `expected at least one changed or context line in Update File '${path}', got ${got}`);
  }
  return { contextHeaders, oldLines, newLines, isEndOfFile };
}

/** `@@` → null, `@@ text` → "text", anything else → undefined. Git's `@@ -1,2 +1,3 @@ text` is understood. */
function contextHeader(line: string): string | null | undefined {
  const trimmed = line.trimEnd();
  if (trimmed === "@@") return null;
  if (!trimmed.startsWith("@@ ")) return undefined;
  let text = trimmed.slice(3).trim();
  const gitStyle = /^-\d+(?:,\d+)? \+\d+(?:,\d+)? @@(.*)$/.exec(text);
  if (gitStyle) text = (gitStyle[1] ?? "").trim();
  return text === "" ? null : text;
}

function isHunkBoundary(line: string): boolean {
  const trimmed = line.trim();
  return (
    trimmed === END_PATCH ||
    trimmed.startsWith(ADD_FILE) ||
    trimmed.startsWith(DELETE_FILE) ||
    trimmed.startsWith(UPDATE_FILE)
  );
}

/** The path after `marker`, or undefined when the line is not that marker. */
function markerArgument(trimmedLine: string, marker: string, index: number): string | undefined {
  if (!trimmedLine.startsWith(marker)) return undefined;
  const argument = trimmedLine.slice(marker.length).trim();
  if (argument === "") fail(index, `expected a path after '${marker}'`);
  return argument;
}

function skipBlankLines(cursor: Cursor): void {
  while (cursor.pos < cursor.end && current(cursor).trim() === "") cursor.pos++;
}

function current(cursor: Cursor): string {
  return lineAt(cursor.lines, cursor.pos);
}

function lineAt(lines: readonly string[], index: number): string {
  return lines[index] ?? "";
}

function quote(line: string): string {
  const shown = line.length > 80 ? `${line.slice(0, 77)}...` : line;
  return `'${shown}'`;
}

function fail(index: number, message: string): never {
  throw new PatchParseError(`line ${index + 1}: ${message}`, index + 1);
}
