// The size of a thread's rollout file now. Every recorded line is written synchronously (thread-rollout.ts),
// so whatever the thread records after this call lies past the returned offset.
import { statSync } from "node:fs";

export function rolloutSize(path: string): number {
  if (!path) return 0;
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
