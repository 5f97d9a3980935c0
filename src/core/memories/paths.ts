// Where memories live: $CODEX_HOME/memories, with Codex 0.169's file names, so a folder one of them wrote
// reads the same to the other. The job state (which threads were read, the consolidation lock) is kept
// beside the thread index, in memories.sqlite.
import { join } from "node:path";

export const MEMORIES_DIR = "memories";
/** Injected into new threads: the short picture (consolidation writes it). */
export const SUMMARY_FILE = "memory_summary.md";
/** The searchable registry of what is remembered (consolidation writes it). */
export const REGISTRY_FILE = "MEMORY.md";
/** Every retained thread's raw memory, newest first (rebuilt before each consolidation). */
export const RAW_MEMORIES_FILE = "raw_memories.md";
/** One short recap per retained thread. */
export const ROLLOUT_SUMMARIES_DIR = "rollout_summaries";
export const STATE_DB_FILE = "memories.sqlite";

export function memoryRoot(codexHome: string): string {
  return join(codexHome, MEMORIES_DIR);
}
