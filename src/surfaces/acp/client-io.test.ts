import { describe, expect, it } from "vitest";
import { newOutput } from "./client-io.js";

describe("newOutput", () => {
  it("is what a terminal's output added since the last look", () => {
    expect(newOutput("", "a")).toBe("a");
    expect(newOutput("ab", "abcd")).toBe("cd");
    expect(newOutput("abcd", "abcd")).toBe("");
  });

  it("follows output whose start the editor dropped past its byte limit", () => {
    expect(newOutput("one\ntwo\n", "two\nthree\n")).toBe("three\n");
    const line = "x".repeat(70);
    expect(newOutput(`head\n${line}\n`, `${line}\nmore\n`)).toBe("more\n");
  });
});
