import { describe, expect, it } from "vitest";
import { HeadTailBuffer } from "./head-tail-buffer.js";
import { estimateTokens, renderWithinBudget, sliceText, truncationNote } from "./truncate-output.js";

function sliceOf(content: string, capacity = 1024 * 1024) {
  const buffer = new HeadTailBuffer(capacity);
  buffer.push(Buffer.from(content));
  return buffer.take();
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

describe("renderWithinBudget", () => {
  it("returns short output unchanged with its token estimate", () => {
    expect(renderWithinBudget(sliceOf("hello\n"), 100)).toEqual({
      text: "hello\n",
      originalTokenCount: 2,
      omittedBytes: 0,
    });
  });

  it("keeps the head and the tail within the budget and notes the cut", () => {
    const output = lines(1000);
    const rendered = renderWithinBudget(sliceOf(output), 50);
    expect(rendered.text.startsWith("line 1\nline 2\n")).toBe(true);
    expect(rendered.text.endsWith("line 999\nline 1000\n")).toBe(true);
    expect(rendered.text).toContain(truncationNote(rendered.omittedBytes));
    expect(rendered.originalTokenCount).toBe(estimateTokens(Buffer.byteLength(output)));
    const kept = rendered.text.replace(/\n?\[\.\.\. .* truncated \.\.\.\]\n?/, "");
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(kept) + rendered.omittedBytes).toBe(Buffer.byteLength(output));
  });

  it("never splits a multi-byte character", () => {
    const rendered = renderWithinBudget(sliceOf("é".repeat(1000)), 10);
    expect(rendered.text).not.toContain("\uFFFD");
    expect(rendered.text).toMatch(/^é+\n\[\.\.\. \d+ tokens \(\d+ bytes\) truncated \.\.\.\]\né+$/);
  });

  it("reports what the buffer already dropped, even within budget", () => {
    const rendered = renderWithinBudget(sliceOf("a".repeat(100), 20), 1000);
    expect(rendered.text).toBe(`${"a".repeat(10)}\n${truncationNote(80)}\n${"a".repeat(10)}`);
    expect(rendered.originalTokenCount).toBe(25);
  });

  it("sliceText keeps everything the buffer kept", () => {
    expect(sliceText(sliceOf(lines(3)))).toBe(lines(3));
  });
});
