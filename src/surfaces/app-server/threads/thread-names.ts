// Thread names, as the real Codex keeps them: appended lines `{id, thread_name, updated_at}` in
// $CODEX_HOME/session_index.jsonl, the last line for an id wins. Append-only, like the rollouts; the SQLite
// index is left alone (a name is not in the rollout head it is built from).
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const NAMES_FILE = "session_index.jsonl";

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

export function setThreadName(codexHome: string, id: string, name: string): void {
  const line: NameLine = { id, thread_name: name, updated_at: new Date().toISOString() };
  appendFileSync(join(codexHome, NAMES_FILE), `${JSON.stringify(line)}\n`);
}

/** Every thread's latest name; torn or foreign lines are skipped. */
export function readThreadNames(codexHome: string): Map<string, string> {
  const names = new Map<string, string>();
  const path = join(codexHome, NAMES_FILE);
  if (!existsSync(path)) return names;
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    if (!raw.trim()) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isNameLine(parsed)) names.set(parsed.id.toLowerCase(), parsed.thread_name);
    } catch {
      // A torn last line: ignored, the earlier names still count.
    }
  }
  return names;
}
