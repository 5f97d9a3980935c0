// Thread names, as the real Codex keeps them: appended lines `{id, thread_name, updated_at}` in
// $CODEX_HOME/session_index.jsonl, the last line for an id wins. Appended to, like the rollouts; the SQLite
// index is left alone (a name is not in the rollout head it is built from). Only deleting a thread
// rewrites the file, without that thread's lines, keeping what is appended while it does.
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

export const NAMES_FILE = "session_index.jsonl";

/**
 * The sources whose threads `delete`, `archive` and `unarchive` find by name: the interactive ones, as the
 * real Codex's lookup lists them (an `exec` thread is addressed by its id).
 */
export const NAMED_SOURCES: ReadonlySet<string> = new Set(["cli", "vscode"]);

interface NameLine {
  id: string;
  thread_name: string;
  updated_at: string;
}

function isNameLine(value: unknown): value is NameLine {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.thread_name === "string";
}

/** Text's complete lines, raw, each with what it says when it is a name line. */
function parseLines(text: string): { raw: string; line?: NameLine }[] {
  return text
    .split("\n")
    .filter((raw) => raw.trim() !== "")
    .map((raw) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        return isNameLine(parsed) ? { raw, line: parsed } : { raw };
      } catch {
        // A torn last line: ignored, the earlier names still count.
        return { raw };
      }
    });
}

function readLines(codexHome: string): { raw: string; line?: NameLine }[] {
  const path = join(codexHome, NAMES_FILE);
  return existsSync(path) ? parseLines(readFileSync(path, "utf8")) : [];
}

export function setThreadName(codexHome: string, id: string, name: string): void {
  const line: NameLine = { id, thread_name: name, updated_at: new Date().toISOString() };
  appendFileSync(join(codexHome, NAMES_FILE), `${JSON.stringify(line)}\n`);
}

/** Every thread's latest name; torn or foreign lines are skipped. */
export function readThreadNames(codexHome: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const { line } of readLines(codexHome)) if (line) names.set(line.id.toLowerCase(), line.thread_name);
  return names;
}

/**
 * The threads ever given exactly this name, the most recently named first (as `exec fork NAME` finds
 * them: a thread renamed since still answers to its earlier name, as in the real Codex).
 */
export function threadIdsNamed(codexHome: string, name: string): string[] {
  const ids: string[] = [];
  for (const { line } of readLines(codexHome).reverse()) {
    if (line?.thread_name === name && !ids.includes(line.id.toLowerCase())) ids.push(line.id.toLowerCase());
  }
  return ids;
}

/**
 * Drops every line of these threads. The new file is written beside the old one and renamed over it, so
 * a crash leaves the old file or the new one, never half of one. Names appended meanwhile (by a running
 * app-server or TUI) land in the old file, still held open here: they are carried over after the rename.
 * `beforeRename` is a test's window into that moment.
 */
export function forgetThreadNames(
  codexHome: string,
  ids: readonly string[],
  beforeRename?: () => void,
): void {
  const gone = new Set(ids.map((id) => id.toLowerCase()));
  const keep = (lines: { raw: string; line?: NameLine }[]) =>
    lines.filter(({ line }) => !line || !gone.has(line.id.toLowerCase()));
  const path = join(codexHome, NAMES_FILE);
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  try {
    const before = readFrom(fd, 0);
    const lines = parseLines(before.toString("utf8"));
    const kept = keep(lines);
    if (kept.length === lines.length) return;
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, kept.map(({ raw }) => `${raw}\n`).join(""));
    beforeRename?.();
    renameSync(temp, path);
    // Appends opened before the rename went to the old file: what it holds past what was read is added.
    const since = keep(parseLines(readFrom(fd, before.length).toString("utf8")));
    if (since.length > 0) appendFileSync(path, since.map(({ raw }) => `${raw}\n`).join(""));
  } finally {
    closeSync(fd);
  }
}

/** The bytes of an open file from `offset` to its current end. */
function readFrom(fd: number, offset: number): Buffer {
  const size = fstatSync(fd).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  let read = 0;
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, offset + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}
