import { describe, expect, it } from "vitest";
import { parseSkillFile } from "./skill-file.js";

describe("parseSkillFile", () => {
  it("reads name and description from the front matter and the body after it", () => {
    expect(parseSkillFile("---\nname: deploy\ndescription: Ship it\n---\n\n# Steps\nrun make\n")).toEqual({
      ok: true,
      skill: { name: "deploy", description: "Ship it", body: "# Steps\nrun make" },
    });
  });

  it("accepts CRLF, a BOM, extra keys and a folded multi-line description", () => {
    const text =
      "\uFEFF---\r\nname: notes\r\ndescription: >\r\n  Write release\r\n  notes\r\nversion: 2\r\n---\r\nbody\r\n";
    expect(parseSkillFile(text)).toEqual({
      ok: true,
      skill: { name: "notes", description: "Write release notes", body: "body" },
    });
  });

  it.each([
    ["no front matter", "# just markdown\n", /missing YAML front matter/],
    ["an unclosed front matter", "---\nname: x\ndescription: y\n", /missing YAML front matter/],
    ["bad YAML", "---\nname: [x\ndescription: y\n---\n", /invalid YAML front matter/],
    ["a list instead of a mapping", "---\n- a\n---\n", /must be a YAML mapping/],
    ["no name", "---\ndescription: y\n---\n", /'name' is required/],
    ["a name with spaces", "---\nname: two words\ndescription: y\n---\n", /one word/],
    ["a number as description", "---\nname: x\ndescription: 3\n---\n", /'description' is required/],
    ["a huge description", `---\nname: x\ndescription: ${"d".repeat(1025)}\n---\n`, /longer than 1024/],
  ])("rejects %s with a message saying what to fix", (_name, text, message) => {
    const result = parseSkillFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it("reads metadata.short-description (or its aliases) on one line; a long one is an error", () => {
    const withShort = (meta: string) =>
      `---\nname: demo\ndescription: long\nmetadata:\n  ${meta}\n---\nbody\n`;
    expect(parseSkillFile(withShort('short-description: "a   short\\n blurb"'))).toMatchObject({
      ok: true,
      skill: { shortDescription: "a short blurb" },
    });
    expect(parseSkillFile(withShort("shortDescription: x"))).toMatchObject({
      skill: { shortDescription: "x" },
    });
    const blank = parseSkillFile(withShort('short_description: "  "'));
    expect(blank.ok && "shortDescription" in blank.skill).toBe(false);
    expect(parseSkillFile(withShort(`short-description: ${"x".repeat(501)}`))).toEqual({
      ok: false,
      message: "front matter: 'metadata.short-description' is longer than 500 characters",
    });
  });
});
