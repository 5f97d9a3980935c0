// The index row of one thread, read from the head of its rollout file only (session_meta and the first
// user message are near the top), so listing or rebuilding thousands of threads never reads whole files.
// Problems found in the head, a torn last line (checked by reading the final byte), a missing
// session_meta or a mismatched id are reported in `problem`; problems deeper in the file surface when the
// thread is opened with readRollout, and the caller can upsert the row again with them.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { basename } from "node:path";
import type { GitInfo, RolloutLine, SessionMetaPayload } from "./lines.js";
import { parseRolloutFileName } from "./paths.js";
import type { RolloutFileRef } from "./scan.js";
import type { ParsedRollout, RolloutWarning } from "./reader.js";
import { parseRolloutText } from "./reader.js";
import { userTextOfEvent } from "./turn-items.js";
import { isRealUserMessage, messageTextParts } from "./user-input.js";

export interface ThreadSummary {
  id: string;
  path: string;
  /** Epoch milliseconds: session_meta's timestamp, else the time in the file name. */
  createdAt: number;
  /** Epoch milliseconds: the file's modification time. */
  updatedAt: number;
  cwd: string | null;
  modelProvider: string | null;
  source: string | null;
  /** The first message the user typed, truncated. */
  preview: string;
  archived: boolean;
  forkedFrom: string | null;
  parentThreadId: string | null;
  /** What is wrong with the file, for a person to read; null when nothing is. */
  problem: string | null;
  /** The head's model, originator, writer and git state (absent in rows written before they were kept). */
  facts?: ThreadHeadFacts;
}

export const PREVIEW_MAX_CHARS = 400;
const CHUNK_BYTES = 64 * 1024;
/** Real Codex heads can hold ~100 KiB of instructions and tool lists before the first user message. */
const MAX_HEAD_BYTES = 1024 * 1024;
const MAX_PROBLEM_CHARS = 1000;
/** When reading many summaries, files read between two turns of the event loop. */
const YIELD_EVERY_FILES = 50;

export function firstUserText(lines: readonly RolloutLine[]): string | undefined {
  for (const line of lines) {
    if (line.type === "response_item" && isRealUserMessage(line.payload))
      return messageTextParts(line.payload);
    if (line.type === "event_msg") {
      const input = userTextOfEvent(line.payload);
      if (input) return input.text;
    }
  }
  return undefined;
}

export function truncatePreview(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= PREVIEW_MAX_CHARS ? trimmed : `${trimmed.slice(0, PREVIEW_MAX_CHARS - 1)}…`;
}

interface Head {
  parsed: ParsedRollout;
  /** The whole file was read. */
  complete: boolean;
  mtimeMs: number;
  endsWithNewline: boolean;
}

function absorb(into: ParsedRollout, from: ParsedRollout): void {
  into.meta ??= from.meta;
  into.lines.push(...from.lines);
  into.warnings.push(...from.warnings);
  into.unknownLines += from.unknownLines;
}

/**
 * Reads and parses whole lines chunk by chunk until `enough` says so, the file ends, or MAX_HEAD_BYTES.
 * Synchronous on purpose: for small local files a sync read costs a few microseconds, while each async
 * call pays a thread-pool round trip; callers reading many files yield to the event loop between files.
 */
function readHead(path: string, enough: (parsed: ParsedRollout) => boolean): Head {
  const fd = openSync(path, "r");
  try {
    const { size, mtimeMs } = fstatSync(fd);
    const parsed: ParsedRollout = { meta: undefined, lines: [], warnings: [], unknownLines: 0 };
    let carry = Buffer.alloc(0); // the start of a line that continues in the next chunk
    let lineNumber = 1;
    let offset = 0;
    while (offset < size && offset < MAX_HEAD_BYTES) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - offset));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
      const data =
        carry.length > 0
          ? Buffer.concat([carry, chunk.subarray(0, bytesRead)])
          : chunk.subarray(0, bytesRead);
      if (offset >= size) {
        // The end of the file: a last line without "\n" is judged (torn or not) by parseRolloutText.
        absorb(parsed, parseRolloutText(data.toString("utf8"), { firstLineNumber: lineNumber }));
        carry = Buffer.alloc(0);
        break;
      }
      const end = data.lastIndexOf(0x0a) + 1; // cut after the last "\n": never inside a UTF-8 sequence
      const text = data.subarray(0, end).toString("utf8");
      carry = data.subarray(end);
      absorb(parsed, parseRolloutText(text, { firstLineNumber: lineNumber }));
      lineNumber += countNewlines(text);
      if (enough(parsed)) break;
    }
    const complete = offset >= size;
    // A torn tail past the head is noticed from the last byte alone.
    let endsWithNewline = true;
    if (!complete) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      endsWithNewline = last[0] === 0x0a;
    }
    return { parsed, complete, mtimeMs, endsWithNewline };
  } finally {
    closeSync(fd);
  }
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}

/** The `problem` text of an index row, from reader warnings and other findings; null when none. */
export function describeProblems(
  warnings: readonly RolloutWarning[],
  extra: readonly string[] = [],
): string | null {
  const all = [...warnings.map((w) => `line ${w.line}: ${w.message}`), ...extra];
  if (all.length === 0) return null;
  const text = all.join("; ");
  return text.length <= MAX_PROBLEM_CHARS ? text : `${text.slice(0, MAX_PROBLEM_CHARS - 1)}…`;
}

export function sourceText(meta: SessionMetaPayload | undefined): string | null {
  if (meta?.source === undefined) return null;
  return typeof meta.source === "string" ? meta.source : JSON.stringify(meta.source);
}

/**
 * Reads the summary of a rollout file; undefined when its name is not a rollout file name.
 * Throws only when the file cannot be read.
 */
export function readThreadSummary(path: string, archived: boolean): ThreadSummary | undefined {
  const name = parseRolloutFileName(basename(path));
  if (!name) return undefined;
  const head = readHead(path, (p) => p.meta !== undefined && firstUserText(p.lines) !== undefined);
  const { meta } = head.parsed;
  const preview = firstUserText(head.parsed.lines);
  const extra: string[] = [];
  if (!meta) extra.push("no session_meta line");
  else if (meta.id.toLowerCase() !== name.threadId.toLowerCase()) {
    extra.push(`session_meta id ${meta.id} does not match the file name`);
  }
  if (!head.complete && !head.endsWithNewline) extra.push("last line has no final newline (torn write?)");
  const metaTime = meta ? Date.parse(meta.timestamp) : NaN;
  return {
    id: name.threadId,
    path,
    createdAt: Number.isFinite(metaTime) ? metaTime : name.createdAt.getTime(),
    updatedAt: Math.floor(head.mtimeMs),
    cwd: meta?.cwd ?? null,
    modelProvider: meta?.model_provider ?? null,
    source: sourceText(meta),
    preview: truncatePreview(preview ?? ""),
    archived,
    forkedFrom: meta?.forked_from_id ?? null,
    parentThreadId: meta?.parent_thread_id ?? null,
    problem: describeProblems(head.parsed.warnings, extra),
    // The first turn_context is written before the first user message, so the same head holds it.
    facts: headFactsOf(head.parsed),
  };
}

/** Facts of a thread's head that the index does not keep: its model, originator, writer and git state. */
export interface ThreadHeadFacts {
  /** The model of the first turn_context; null before the first turn. */
  model: string | null;
  originator: string | null;
  cliVersion: string | null;
  git: GitInfo | null;
}

/** Reads the head of a rollout up to its first turn_context (a few lines) for its ThreadHeadFacts. */
export function readThreadHeadFacts(path: string): ThreadHeadFacts {
  const head = readHead(path, (p) => p.meta !== undefined && firstContext(p.lines) !== undefined);
  return headFactsOf(head.parsed);
}

function firstContext(lines: readonly RolloutLine[]): RolloutLine | undefined {
  return lines.find((l) => l.type === "turn_context");
}

function headFactsOf(parsed: ParsedRollout): ThreadHeadFacts {
  const context = firstContext(parsed.lines);
  return {
    model: context?.type === "turn_context" ? context.payload.model : null,
    originator: parsed.meta?.originator ?? null,
    cliVersion: parsed.meta?.cli_version ?? null,
    git: parsed.meta?.git ?? null,
  };
}

/** Reads summaries of many files; a file that cannot be read still gets a row (with its problem). */
export async function readThreadSummaries(refs: readonly RolloutFileRef[]): Promise<ThreadSummary[]> {
  const out: ThreadSummary[] = [];
  for (const [i, ref] of refs.entries()) {
    // Summaries are read synchronously (see readHead): let other work run now and then.
    if (i % YIELD_EVERY_FILES === YIELD_EVERY_FILES - 1)
      await new Promise((resolve) => setImmediate(resolve));
    try {
      const summary = readThreadSummary(ref.path, ref.archived);
      if (summary) out.push(summary);
    } catch (err) {
      out.push(unreadableSummary(ref, err));
    }
  }
  return out;
}

function unreadableSummary(ref: RolloutFileRef, err: unknown): ThreadSummary {
  const createdAt = ref.name.createdAt.getTime();
  return {
    id: ref.name.threadId,
    path: ref.path,
    createdAt,
    updatedAt: createdAt,
    cwd: null,
    modelProvider: null,
    source: null,
    preview: "",
    archived: ref.archived,
    forkedFrom: null,
    parentThreadId: null,
    problem: `cannot read file: ${err instanceof Error ? err.message : String(err)}`,
  };
}
