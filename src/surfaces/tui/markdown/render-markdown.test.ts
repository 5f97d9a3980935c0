import { Lexer } from "marked";
import { describe, expect, it } from "vitest";
import { lineText, type Span } from "../render/styled-text.js";
import { CODE_STYLES, highlightCode } from "./highlight.js";
import { INLINE_STYLES, inlineSpans } from "./inline-spans.js";
import { renderMarkdown } from "./render-markdown.js";

const texts = (source: string) => renderMarkdown(source).map(lineText);
const styled = (spans: Span[]) => spans.filter((s) => s.style).map((s) => [s.text, s.style]);
const inline = (text: string) => inlineSpans(Lexer.lexInline(text));

describe("inline spans", () => {
  it("styles code, bold, italic, strikethrough", () => {
    expect(styled(inline("run `npm test` **now**, *gently*, ~~never~~"))).toEqual([
      ["npm test", INLINE_STYLES.code],
      ["now", { bold: true }],
      ["gently", { italic: true }],
      ["never", { strikethrough: true }],
    ]);
  });

  it("nests emphasis", () => {
    expect(styled(inline("**bold `code`**"))).toEqual([
      ["bold ", { bold: true }],
      ["code", { bold: true, ...INLINE_STYLES.code }],
    ]);
  });

  it("shows links as their text with the address after it, and bare addresses as links", () => {
    const spans = inline("see [the docs](https://x.dev/a) or https://y.dev/b.");
    expect(spans.map((s) => s.text).join("")).toBe("see the docs (https://x.dev/a) or https://y.dev/b.");
    expect(styled(spans)).toContainEqual(["https://y.dev/b", INLINE_STYLES.url]);
  });

  it("leaves unclosed markers, snake_case and escapes as typed", () => {
    for (const text of ["a **half", "snake_case_name", "2 * 3 * 4", "`open", "a < b & c"]) {
      expect(
        inline(text)
          .map((s) => s.text)
          .join(""),
      ).toBe(text);
      expect(styled(inline(text))).toEqual([]);
    }
    expect(
      inline("\\*literal\\*")
        .map((s) => s.text)
        .join(""),
    ).toBe("*literal*");
  });
});

describe("highlightCode", () => {
  it("colours keywords, strings, numbers and comments, line by line", () => {
    const [ts] = highlightCode('const x = "hi"; // note 1', "ts");
    expect(styled(ts ?? [])).toEqual([
      ["const", CODE_STYLES.keyword],
      ['"hi"', CODE_STYLES.string],
      ["// note 1", CODE_STYLES.comment],
    ]);
    const py = highlightCode("def f():\n    return 42  # answer", "python");
    expect(py).toHaveLength(2);
    expect(styled(py[1] ?? [])).toEqual([
      ["return", CODE_STYLES.keyword],
      ["42", CODE_STYLES.number],
      ["# answer", CODE_STYLES.comment],
    ]);
  });

  it("leaves unknown languages plain", () => {
    expect(highlightCode("const x", "cobol-ish")).toEqual([[{ text: "const x" }]]);
    expect(highlightCode("a\n\nb", undefined)).toEqual([[{ text: "a" }], [], [{ text: "b" }]]);
  });

  it("keeps < and & as written", () => {
    expect(
      highlightCode("if a < b && c > d {}", "go")[0]
        ?.map((s) => s.text)
        .join(""),
    ).toBe("if a < b && c > d {}");
  });
});

describe("renderMarkdown", () => {
  it("renders headings, lists, quotes, rules and code blocks", () => {
    const source = [
      "# Title",
      "Some **text**.",
      "",
      "- one",
      "  - nested",
      "",
      "3. third",
      "",
      "- [x] done",
      "- [ ] todo",
      "",
      "> quoted",
      "",
      "---",
      "```js",
      "  let a = 1;",
      "```",
    ].join("\n");
    expect(texts(source)).toEqual([
      "Title",
      "Some text.",
      "",
      "• one",
      "  ◦ nested",
      "",
      "3. third",
      "",
      "• ✔ done",
      "• □ todo",
      "",
      "▌ quoted",
      "",
      "─".repeat(40),
      "    let a = 1;",
    ]);
    const [title] = renderMarkdown("# Title");
    expect(title?.spans[0]?.style).toEqual({ bold: true, underline: true });
  });

  it("keeps a paragraph's line breaks, and hangs a list item's second line under its text", () => {
    expect(texts("one\ntwo")).toEqual(["one", "two"]);
    expect(texts("- first line\n  second line")).toEqual(["• first line", "  second line"]);
  });

  it("renders tables with aligned columns", () => {
    expect(texts("| name | n |\n|---|--:|\n| a | 1 |\n| **long** | 100 |")).toEqual([
      "name │   n",
      "─────┼────",
      "a    │   1",
      "long │ 100",
    ]);
  });

  it("renders nested quotes and numbered lists that do not start at 1", () => {
    expect(texts("> a\n>> b")).toEqual(["▌ a", "▌ ▌ b"]);
    expect(texts("7. seven\n8. eight")).toEqual(["7. seven", "8. eight"]);
  });

  it("renders a half-streamed code block as code", () => {
    const lines = renderMarkdown("Here:\n```python\nimport os");
    expect(lines.map(lineText)).toEqual(["Here:", "  import os"]);
    expect(lines[1]?.spans[0]?.style).toEqual(CODE_STYLES.keyword);
  });

  it("drops trailing blank lines", () => {
    expect(texts("text\n\n")).toEqual(["text"]);
  });
});
