// Where patch journals live. A module of its own so the start-up check can look without loading zod.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export function journalDirFor(codexHome: string): string {
  return join(codexHome, "patch-journal");
}

/** True when a journal file waits in the directory: the only case start-up recovery has work. */
export function hasPendingJournals(codexHome: string): boolean {
  try {
    return readdirSync(journalDirFor(codexHome)).some((name) => name.endsWith(".json"));
  } catch {
    return false;
  }
}
