import { describe, expect, it } from "vitest";
import { reasoningHeader } from "./reasoning-header.js";

describe("reasoningHeader", () => {
  it.each([
    ["**Inspecting the parser**\n\nI will read parse.ts first.", "Inspecting the parser"],
    ["Some preamble\n**Running tests**\nmore", "Running tests"],
    ["\n\n  Plain first line  \nsecond", "Plain first line"],
    ["", undefined],
    ["   \n  ", undefined],
  ])("%j -> %j", (text, header) => {
    expect(reasoningHeader(text)).toBe(header);
  });

  it("shortens a long header", () => {
    const header = reasoningHeader(`**${"x".repeat(500)}**`) ?? "";
    expect(header.length).toBe(120);
    expect(header.endsWith("…")).toBe(true);
  });
});
