// The new text of a file after an Update hunk's chunks, computed in memory (no I/O).
import { createLineSeeker } from "./seek-lines.js";
import type { UpdateChunk } from "./types.js";
import { PatchApplyError } from "./types.js";
import { diffLines } from "./unified-diff.js";

interface Replacement {
  start: number;
  oldCount: number;
  lines: string[];
}

/**
 * Applies `chunks` in order, each searched for after the previous one. Line endings (LF or CRLF) are
 * kept; the result ends with a newline unless the original lacked one and no chunk reached its end.
 * Throws PatchApplyError naming `displayPath` and quoting the lines that could not be found.
 */
export function computeUpdatedContent(
  original: string,
  chunks: readonly UpdateChunk[],
  displayPath: string,
): string {
  const { lines, eol, endsWithNewline } = splitFileLines(original);
  const seeker = createLineSeeker(lines);
  const replacements: Replacement[] = [];
  let cursor = 0;
  chunks.forEach((chunk, chunkIndex) => {
    const describe = (headers: readonly string[], atEnd: boolean) =>
      describeChunk(headers, atEnd, chunkIndex, chunks.length);
    let afterHeader: number | undefined;
    chunk.contextHeaders.forEach((header, headerIndex) => {
      const found = seeker.seek([header], cursor, false);
      if (!found) {
        const where = describe(chunk.contextHeaders.slice(0, headerIndex), false);
        throw new PatchApplyError(
          `Failed to find context '@@ ${header}' in ${displayPath}${where}`,
          displayPath,
        );
      }
      afterHeader = found.index + 1;
      // The chunk itself may start with the header line (models often repeat it as context).
      cursor = headerIndex === chunk.contextHeaders.length - 1 ? found.index : found.index + 1;
    });

    if (chunk.oldLines.length === 0) {
      // Pure insertion: right after the context header, or else at the end of the file.
      const at = chunk.isEndOfFile ? lines.length : (afterHeader ?? lines.length);
      replacements.push({ start: at, oldCount: 0, lines: chunk.newLines });
      cursor = at;
      return;
    }

    let oldLines = chunk.oldLines;
    let newLines = chunk.newLines;
    let found = seeker.seek(oldLines, cursor, chunk.isEndOfFile);
    // A trailing empty context line often stands for the final newline, which is not a line of its own.
    while (!found && oldLines.length > 1 && oldLines.at(-1) === "" && newLines.at(-1) === "") {
      oldLines = oldLines.slice(0, -1);
      newLines = newLines.slice(0, -1);
      found = seeker.seek(oldLines, cursor, chunk.isEndOfFile);
    }
    if (!found) {
      throw new PatchApplyError(
        `Failed to find expected lines in ${displayPath}${describe(chunk.contextHeaders, chunk.isEndOfFile)}:\n${chunk.oldLines.join("\n")}`,
        displayPath,
      );
    }
    const replacement =
      found.level === "exact" ? newLines : keepFileContextLines(lines, found.index, oldLines, newLines);
    replacements.push({ start: found.index, oldCount: oldLines.length, lines: replacement });
    cursor = found.index + oldLines.length;
  });

  const result = spliceReplacements(lines, replacements);
  const reachesEnd = replacements.some((r) => r.start + r.oldCount === lines.length);
  const finalNewline = endsWithNewline || lines.length === 0 || reachesEnd;
  return result.length === 0 ? "" : result.join(eol) + (finalNewline ? eol : "");
}

/** Lines without terminators; a final newline does not make an extra empty line. */
export function splitFileLines(text: string): {
  lines: string[];
  eol: "\n" | "\r\n";
  endsWithNewline: boolean;
} {
  const firstNewline = text.indexOf("\n");
  const eol = firstNewline > 0 && text[firstNewline - 1] === "\r" ? "\r\n" : "\n";
  const endsWithNewline = text.endsWith("\n");
  if (text === "") return { lines: [], eol, endsWithNewline };
  let lines = (endsWithNewline ? text.slice(0, -1) : text).split("\n");
  if (eol === "\r\n") lines = lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  return { lines, eol, endsWithNewline };
}

/**
 * After a loose match, the chunk's context lines are taken from the file, not from the patch, so that
 * only the lines the model meant to change differ (its copy of the context may have lost whitespace).
 */
function keepFileContextLines(
  fileLines: readonly string[],
  matchIndex: number,
  oldLines: readonly string[],
  newLines: readonly string[],
): string[] {
  const kept: string[] = [];
  for (const op of diffLines(oldLines, newLines)) {
    if (op.type === "equal") kept.push(fileLines[matchIndex + op.oldIndex] ?? "");
    else if (op.type === "insert") kept.push(newLines[op.newIndex] ?? "");
  }
  return kept;
}

function spliceReplacements(lines: readonly string[], replacements: readonly Replacement[]): string[] {
  const result: string[] = [];
  let position = 0;
  for (const { start, oldCount, lines: replacement } of replacements) {
    for (let i = position; i < start; i++) result.push(lines[i] ?? "");
    for (const line of replacement) result.push(line);
    position = start + oldCount;
  }
  for (let i = position; i < lines.length; i++) result.push(lines[i] ?? "");
  return result;
}

/** " (chunk 2 of 3, after '@@ class A', at the end of the file)", or "" when there is nothing to say. */
function describeChunk(
  headers: readonly string[],
  isEndOfFile: boolean,
  index: number,
  count: number,
): string {
  const parts: string[] = [];
  if (count > 1) parts.push(`chunk ${index + 1} of ${count}`);
  if (headers.length > 0) parts.push(`after ${headers.map((h) => `'@@ ${h}'`).join(", ")}`);
  if (isEndOfFile) parts.push("at the end of the file");
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
