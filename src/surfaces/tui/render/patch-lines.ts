// A patch (the engine's per-file changes) as styled lines: a header per file with its +/- counts, then the
// unified diff with line numbers, additions green and removals red.
import { isAbsolute, relative } from "node:path";
import type { FileChange } from "../../../protocol/core-protocol.js";
import { span, type StyledLine } from "./styled-text.js";

export interface FileDiff {
  path: string;
  verb: "Added" | "Deleted" | "Edited";
  movedTo?: string;
  added: number;
  removed: number;
  /** Diff body lines: ' ' context, '+' added, '-' removed, '@' a hunk header. */
  body: Array<{ sign: " " | "+" | "-" | "@"; text: string; lineNo?: number }>;
}

export function displayPath(path: string, cwd: string): string {
  if (!cwd || !isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel === "" || rel.startsWith("..") ? path : rel;
}

function contentLines(content: string): string[] {
  const lines = content.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function updateBody(diff: string): FileDiff["body"] {
  const body: FileDiff["body"] = [];
  let oldNo = 0;
  let newNo = 0;
  for (const line of contentLines(diff)) {
    if (line.startsWith("--- ") || line.startsWith("+++ ")) continue;
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      oldNo = Number(hunk[1]);
      newNo = Number(hunk[2]);
      body.push({ sign: "@", text: line });
    } else if (line.startsWith("+")) {
      body.push({ sign: "+", text: line.slice(1), lineNo: newNo++ });
    } else if (line.startsWith("-")) {
      body.push({ sign: "-", text: line.slice(1), lineNo: oldNo++ });
    } else if (!line.startsWith("\\")) {
      body.push({ sign: " ", text: line.slice(1), lineNo: newNo++ });
      oldNo++;
    }
  }
  return body;
}

export function fileDiffs(changes: Record<string, FileChange>, cwd: string): FileDiff[] {
  return Object.entries(changes).map(([path, change]) => {
    const shown = displayPath(path, cwd);
    if (change.type === "add") {
      const body = contentLines(change.content).map((text, i) => ({
        sign: "+" as const,
        text,
        lineNo: i + 1,
      }));
      return { path: shown, verb: "Added", added: body.length, removed: 0, body };
    }
    if (change.type === "delete") {
      const body = contentLines(change.content).map((text, i) => ({
        sign: "-" as const,
        text,
        lineNo: i + 1,
      }));
      return { path: shown, verb: "Deleted", added: 0, removed: body.length, body };
    }
    const body = updateBody(change.unified_diff);
    return {
      path: shown,
      verb: "Edited",
      ...(change.move_path ? { movedTo: displayPath(change.move_path, cwd) } : {}),
      added: body.filter((l) => l.sign === "+").length,
      removed: body.filter((l) => l.sign === "-").length,
      body,
    };
  });
}

export function countsSpans(added: number, removed: number): StyledLine["spans"] {
  return [
    span("(", { dim: true }),
    span(`+${added}`, { color: "green" }),
    span(" "),
    span(`-${removed}`, { color: "red" }),
    span(")", { dim: true }),
  ];
}

/** The diff of one file; at most `maxLines` body lines (the rest counted in a last line). */
export function fileDiffLines(file: FileDiff, maxLines = Number.POSITIVE_INFINITY): StyledLine[] {
  const width = String(file.body.reduce((m, l) => Math.max(m, l.lineNo ?? 0), 0)).length;
  const lines: StyledLine[] = [];
  for (const line of file.body.slice(0, maxLines)) {
    if (line.sign === "@") {
      lines.push({ prefix: [span("    ")], spans: [span(line.text, { color: "cyan", dim: true })] });
      continue;
    }
    const gutter = span(`    ${String(line.lineNo ?? "").padStart(width)} `, { dim: true });
    const color = line.sign === "+" ? "green" : line.sign === "-" ? "red" : undefined;
    lines.push({
      prefix: [gutter, span(line.sign, color ? { color } : { dim: true })],
      spans: [span(line.text, color ? { color } : { dim: true })],
    });
  }
  if (file.body.length > maxLines) {
    lines.push({
      prefix: [span("    ")],
      spans: [span(`… ${file.body.length - maxLines} more lines`, { dim: true })],
    });
  }
  return lines;
}
