// The text the model reads back from `exec_command` and `write_stdin`, in the real Codex's layout:
//   Chunk ID / Wall time / Process exited with code N | Process running with session ID N /
//   Original token count / Output.
import { randomBytes } from "node:crypto";
import type { CollectResult } from "./session-manager.js";

export function newChunkId(): string {
  return randomBytes(3).toString("hex");
}

export function formatUnifiedExecResponse(
  result: CollectResult,
  wallTimeMs: number,
  chunkId: string = newChunkId(),
): string {
  const status = result.exit
    ? `Process exited with code ${result.exit.exitCode}`
    : `Process running with session ID ${result.sessionId}`;
  return [
    `Chunk ID: ${chunkId}`,
    `Wall time: ${(wallTimeMs / 1000).toFixed(4)} seconds`,
    status,
    `Original token count: ${result.originalTokenCount}`,
    "Output:",
    result.output,
  ].join("\n");
}
