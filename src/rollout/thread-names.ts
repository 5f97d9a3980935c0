// Thread names, as the real Codex keeps them: appended lines `{id, thread_name, updated_at}` in
// $CODEX_HOME/session_index.jsonl, the last line for an id wins. Appended to, like the rollouts; the SQLite
// index is left alone (a name is not in the rollout head it is built from). Only deleting a thread
// rewrites the file, without that thread's lines.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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

/** The file's lines, raw, each with what it says when it is a name line. */
function readLines(codexHome: string): { raw: string; line?: NameLine }[] {
  const path = join(codexHome, NAMES_FILE);
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
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
 * a crash leaves the old file or the new one, never half of one.
 */
export function forgetThreadNames(codexHome: string, ids: readonly string[]): void {
  const gone = new Set(ids.map((id) => id.toLowerCase()));
  const lines = readLines(codexHome);
  const kept = lines.filter(({ line }) => !line || !gone.has(line.id.toLowerCase()));
  if (kept.length === lines.length) return;
  const path = join(codexHome, NAMES_FILE);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, kept.map(({ raw }) => `${raw}\n`).join(""));
  renameSync(temp, path);
}
