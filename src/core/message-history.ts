// The prompts the user submitted, across sessions: $CODEX_HOME/history.jsonl, one
// `{"session_id","ts","text"}` object a line (the real Codex's file, so both read each other's). The terminal
// UI appends each prompt it sends and offers the file's entries to Up-arrow recall in later sessions.
// Config: `[history] persistence = "save-all" | "none"` and `max_bytes` (past it the oldest lines go).
import { appendFileSync, chmodSync, closeSync, openSync, readSync, renameSync, statSync } from "node:fs";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ConfigToml } from "../config/schema.js";
import { CONFIG_DEFAULTS } from "../config/config-defaults.js";

export const HISTORY_FILENAME = "history.jsonl";
/** Once over max_bytes, the file is cut to this share of it, so it is not rewritten on every prompt. */
const SOFT_CAP_RATIO = 0.8;
/** Recall reads only the end of a large file: the newest prompts are the ones wanted. */
const RECALL_TAIL_BYTES = 2 * 1024 * 1024;

export interface HistorySettings {
  persistence: "save-all" | "none";
  /** 0 or absent: no limit. */
  maxBytes?: number;
}

export function historySettings(toml: ConfigToml): HistorySettings {
  const table = toml.history ?? {};
  return {
    persistence: table.persistence ?? CONFIG_DEFAULTS.history.persistence,
    ...(table.max_bytes !== undefined ? { maxBytes: table.max_bytes } : {}),
  };
}

export const historyPath = (codexHome: string): string => join(codexHome, HISTORY_FILENAME);

/** Appends one prompt (one write of a whole line, O_APPEND) and trims the file to max_bytes. */
export function appendHistoryEntry(
  codexHome: string,
  settings: HistorySettings,
  sessionId: string,
  text: string,
): void {
  if (settings.persistence === "none" || text.trim() === "") return;
  const path = historyPath(codexHome);
  const line = `${JSON.stringify({ session_id: sessionId, ts: Math.floor(Date.now() / 1000), text })}\n`;
  appendFileSync(path, line, { mode: 0o600 });
  // The prompts are private: an older file made with wider rights is narrowed too.
  chmodSync(path, 0o600);
  if (settings.maxBytes) trimHistory(path, settings.maxBytes);
}

/** Drops the oldest whole lines until the file fits the soft cap; the newest entry always stays. */
function trimHistory(path: string, maxBytes: number): void {
  if (statSync(path).size <= maxBytes) return;
  const lines = readFileSync(path, "utf8").split(/(?<=\n)/);
  let size = lines.reduce((sum, l) => sum + Buffer.byteLength(l), 0);
  const newest = Buffer.byteLength(lines.at(-1) ?? "");
  const target = Math.max(Math.max(1, Math.floor(maxBytes * SOFT_CAP_RATIO)), newest);
  let drop = 0;
  while (size > target && drop < lines.length - 1) {
    size -= Buffer.byteLength(lines[drop] ?? "");
    drop += 1;
  }
  if (drop === 0) return;
  // Written aside and renamed over: a reader never sees a half-written file.
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, lines.slice(drop).join(""), { mode: 0o600 });
  renameSync(tmp, path);
}

/** The texts of the file's entries, oldest first (the end of a large file only); bad lines are skipped. */
export function readHistoryTexts(codexHome: string): string[] {
  let raw: string;
  try {
    raw = readTail(historyPath(codexHome), RECALL_TAIL_BYTES);
  } catch {
    return [];
  }
  const texts: string[] = [];
  for (const line of raw.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const entry = JSON.parse(line) as { text?: unknown };
      if (typeof entry.text === "string" && entry.text !== texts.at(-1)) texts.push(entry.text);
    } catch {
      // A line cut by the tail read, or not ours: left out of recall.
    }
  }
  return texts;
}

function readTail(path: string, bytes: number): string {
  const size = statSync(path).size;
  const start = Math.max(0, size - bytes);
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const text = buffer.toString("utf8");
    // Reading from the middle: the first, partial line is not an entry.
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    closeSync(fd);
  }
}
