import { describe, expect, it } from "vitest";
import { MAX_TOOL_NAME_LENGTH, qualifyToolNames, sanitizeNamePart, toolKey } from "./tool-names.js";

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe("qualifyToolNames", () => {
  it("names tools SERVER__TOOL, replacing characters the API does not allow", () => {
    const names = qualifyToolNames([
      { server: "docs", tool: "search" },
      { server: "docs", tool: "read.file" },
    ]);
    expect(names.get(toolKey("docs", "search"))).toBe("docs__search");
    expect(names.get(toolKey("docs", "read.file"))).toBe("docs__read_file");
    expect(sanitizeNamePart("")).toBe("_");
  });

  it("shortens long names with a hash of the full identity", () => {
    const tool = "x".repeat(80);
    const name = qualifyToolNames([{ server: "s", tool }]).get(toolKey("s", tool)) ?? "";
    expect(name).toMatch(VALID);
    expect(name.length).toBe(MAX_TOOL_NAME_LENGTH);
    expect(name.startsWith("s__xxx")).toBe(true);
  });

  it("resolves collisions the same way whatever the order, and never takes a reserved name", () => {
    const ids = [
      { server: "a", tool: "b.c" },
      { server: "a", tool: "b_c" },
      { server: "shell", tool: "x" },
    ];
    const forward = qualifyToolNames(ids, new Set(["shell__x"]));
    const backward = qualifyToolNames([...ids].reverse(), new Set(["shell__x"]));
    expect(forward).toEqual(backward);
    const names = [...forward.values()];
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(VALID);
    expect(names).not.toContain("shell__x");
    expect(names).not.toContain("a__b_c");
  });
});
