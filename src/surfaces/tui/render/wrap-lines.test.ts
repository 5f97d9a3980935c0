import { describe, expect, it } from "vitest";
import { lineText, plainLine, span, type StyledLine } from "./styled-text.js";
import { textWidth, wrapStyledLine } from "./wrap-lines.js";

const texts = (rows: StyledLine[]) => rows.map(lineText);

describe("wrapStyledLine", () => {
  it("fills the last column exactly and drops the space at the break", () => {
    const words = Array.from({ length: 6 }, (_, i) => `w${i}xx`); // 4 wide each
    const rows = wrapStyledLine(plainLine(words.join(" ")), 14); // 3 words = 14 columns
    expect(texts(rows)).toEqual(["w0xx w1xx w2xx", "w3xx w4xx w5xx"]);
  });

  it("breaks a token longer than the row at the width", () => {
    const rows = wrapStyledLine(plainLine(`ab ${"x".repeat(25)}`), 10);
    expect(texts(rows)).toEqual(["ab", "x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });

  it("measures wide characters and emoji by display width", () => {
    const rows = wrapStyledLine(plainLine("日本語の文章です🙂🙂"), 6);
    for (const row of rows) expect(textWidth(lineText(row))).toBeLessThanOrEqual(6);
    expect(texts(rows).join("")).toBe("日本語の文章です🙂🙂");
  });

  it("keeps a word running across styled spans whole and hangs rows under the prefix", () => {
    const line: StyledLine = {
      prefix: [span("- ")],
      spans: [span("aaa "), span("bold", { bold: true }), span("tail"), span(" c")],
    };
    const rows = wrapStyledLine(line, 10);
    expect(texts(rows)).toEqual(["- aaa", "  boldtail", "  c"]);
    expect(rows[1]?.spans[0]).toEqual({ text: "bold", style: { bold: true } });
  });

  it("leaves a line that fits alone, indentation included", () => {
    const line = plainLine("    code();");
    expect(wrapStyledLine(line, 40)).toEqual([line]);
  });
});
