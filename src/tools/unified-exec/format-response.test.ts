import { describe, expect, it } from "vitest";
import { formatUnifiedExecResponse, newChunkId } from "./format-response.js";

const end = { durationMs: 11, stdout: "", stderr: "", aggregatedOutput: "", killed: false };

describe("formatUnifiedExecResponse", () => {
  it("lays out an exited process like the real Codex", () => {
    const text = formatUnifiedExecResponse(
      { sessionId: 1, output: "hi\n", originalTokenCount: 1, exit: { ...end, exitCode: 2 } },
      11,
      "bf663f",
    );
    expect(text).toBe(
      "Chunk ID: bf663f\nWall time: 0.0110 seconds\nProcess exited with code 2\n" +
        "Original token count: 1\nOutput:\nhi\n",
    );
  });

  it("gives the session id of a running process", () => {
    const text = formatUnifiedExecResponse({ sessionId: 3, output: "", originalTokenCount: 0 }, 250.5);
    expect(text).toMatch(
      /^Chunk ID: [0-9a-f]{6}\nWall time: 0\.2505 seconds\nProcess running with session ID 3\n/,
    );
  });

  it("makes 6-hex-digit chunk ids", () => {
    expect(newChunkId()).toMatch(/^[0-9a-f]{6}$/);
  });
});
