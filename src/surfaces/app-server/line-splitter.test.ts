import { describe, expect, it } from "vitest";
import { LineSplitter } from "./line-splitter.js";

function split(chunks: string[], max = 1000) {
  const lines: string[] = [];
  const tooLong: number[] = [];
  const splitter = new LineSplitter({ line: (l) => lines.push(l), tooLong: (n) => tooLong.push(n) }, max);
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return { lines, tooLong };
}

describe("LineSplitter", () => {
  it("joins lines across chunks, drops blank lines and CRs, keeps a last line without newline", () => {
    expect(split(['{"a":', '1}\n\n  \r\n{"b"', ":2}\r\n", "tail"]).lines).toEqual([
      '{"a":1}',
      '{"b":2}',
      "tail",
    ]);
  });

  it("drops a line over the limit without buffering it, reports its length, and carries on", () => {
    const { lines, tooLong } = split(["x".repeat(6), "y".repeat(6), "z\nok\n"], 10);
    expect(tooLong).toEqual([13]);
    expect(lines).toEqual(["ok"]);
    expect(split(["a".repeat(20) + "\nfine\n"], 10)).toEqual({ lines: ["fine"], tooLong: [20] });
  });
});
