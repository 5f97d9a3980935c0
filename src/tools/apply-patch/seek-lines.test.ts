import { describe, expect, it } from "vitest";
import { createLineSeeker, normaliseUnicodePunctuation } from "./seek-lines.js";

describe("createLineSeeker", () => {
  const file = [
    "alpha",
    "beta  ",
    "  gamma  ",
    "say \u201Chi\u201D \u2014 it\u2019s\u00A0fine",
    "beta",
    "end",
  ];
  const seeker = createLineSeeker(file);

  it("matches exactly first", () => {
    expect(seeker.seek(["beta"], 0, false)).toEqual({ index: 4, level: "exact" });
  });

  it("then ignores trailing whitespace", () => {
    expect(seeker.seek(["alpha", "beta"], 0, false)).toEqual({
      index: 0,
      level: "ignore-trailing-whitespace",
    });
  });

  it("then ignores leading and trailing whitespace", () => {
    expect(seeker.seek(["gamma"], 0, false)).toEqual({ index: 2, level: "ignore-surrounding-whitespace" });
  });

  it("then normalises Unicode punctuation and odd spaces", () => {
    expect(seeker.seek(['say "hi" - it\'s fine'], 0, false)).toEqual({ index: 3, level: "unicode" });
  });

  it("prefers a stricter level even when a looser one would match earlier", () => {
    expect(seeker.seek(["beta"], 0, false)?.index).toBe(4);
  });

  it("searches only from the given index", () => {
    expect(seeker.seek(["alpha"], 1, false)).toBeUndefined();
    expect(seeker.seek(["beta"], 5, false)).toBeUndefined();
  });

  it("with atEnd, only matches the lines that end the file", () => {
    expect(seeker.seek(["beta", "end"], 0, true)).toEqual({ index: 4, level: "exact" });
    expect(seeker.seek(["beta"], 0, true)).toBeUndefined();
  });

  it("returns undefined when the lines are absent or longer than the file", () => {
    expect(seeker.seek(["delta"], 0, false)).toBeUndefined();
    expect(seeker.seek(new Array<string>(10).fill("x"), 0, false)).toBeUndefined();
  });
});

describe("normaliseUnicodePunctuation", () => {
  it("maps dashes, minus, quotes and odd spaces to ASCII", () => {
    expect(normaliseUnicodePunctuation("\u2010\u2011\u2012\u2013\u2014\u2015\u2212")).toBe("-------");
    expect(normaliseUnicodePunctuation("\u2018\u2019\u201A\u201B")).toBe("''''");
    expect(normaliseUnicodePunctuation("\u201C\u201D\u201E\u201F")).toBe('""""');
    expect(normaliseUnicodePunctuation("a\u00A0b\u2003c\u202Fd\u3000e")).toBe("a b c d e");
  });
});
