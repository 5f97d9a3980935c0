import { describe, expect, it } from "vitest";
import { capToolOutput, cutMiddle } from "./tool-output-limit.js";

describe("tool output limit", () => {
  it("keeps head and tail within the budget and says how much was cut", () => {
    const text = "a".repeat(1000) + "b".repeat(1000);
    const cut = cutMiddle(text, 200);
    expect(cut.startsWith("a".repeat(100))).toBe(true);
    expect(cut.endsWith("b".repeat(100))).toBe(true);
    expect(cut).toContain("[... 450 tokens (1800 bytes) truncated ...]");
    expect(cutMiddle("short", 200)).toBe("short");
  });

  it("never splits a character", () => {
    const cut = cutMiddle("é".repeat(100), 51);
    expect(cut).not.toContain("\uFFFD");
  });

  it("holds strings and text parts to the token limit with header room; images stay", () => {
    const long = "x".repeat(10_000);
    expect(Buffer.byteLength(capToolOutput(long, 100) as string)).toBeLessThan(100 * 4 * 1.2 + 256 + 80);
    expect(capToolOutput(long)).toBe(long);
    const parts = capToolOutput(
      [
        { type: "input_text", text: long },
        { type: "input_image", image_url: "data:image/png;base64,AAAA" },
        { type: "input_text", text: long },
      ],
      100,
    ) as Array<{ type: string; text?: string }>;
    expect(parts[1]).toEqual({ type: "input_image", image_url: "data:image/png;base64,AAAA" });
    const total = parts.reduce((n, p) => n + Buffer.byteLength(p.text ?? ""), 0);
    expect(total).toBeLessThan(100 * 4 * 1.2 + 256 + 160);
  });
});
