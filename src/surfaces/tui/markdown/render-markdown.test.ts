import { describe, expect, it } from "vitest";
import { lineText, type Span } from "../render/styled-text.js";
import { CODE_STYLES, highlightLine } from "./highlight.js";
import { INLINE_STYLES, parseInline } from "./parse-inline.js";
import { renderMarkdown } from "./render-markdown.js";

const texts = (source: string) => renderMarkdown(source).map(lineText);
const styled = (spans: Span[]) => spans.filter((s) => s.style).map((s) => [s.text, s.style]);

describe("parseInline", () => {
  it("styles code, bold, italic, strikethrough", () => {
    expect(styled(parseInline("run `npm test` **now**, *gently*, ~~never~~"))).toEqual([
      ["npm test", INLINE_STYLES.code],
      ["now", { bold: true }],
      ["gently", { italic: true }],
      ["never", { strikethrough: true }],
    ]);
  });

  it("nests emphasis", () => {
    expect(styled(parseInline("**bold `code`**"))).toEqual([
      ["bold ", { bold: true }],
      ["code", { bold: true, ...INLINE_STYLES.code }],
    ]);
  });

  it("shows links as their text with the address after it", () => {
    const spans = parseInline("see [the docs](https://x.dev/a) or https://y.dev/b.");
    expect(spans.map((s) => s.text).join("")).toBe("see the docs (https://x.dev/a) or https://y.dev/b.");
    expect(styled(spans)).toContainEqual(["https://y.dev/b", INLINE_STYLES.url]);
  });

  it("leaves unclosed markers, snake_case and escapes as typed", () => {
    for (const text of ["a **half", "snake_case_name", "2 * 3 * 4", "`open"]) {
      expect(parseInline(text)).toEqual([{ text }]);
    }
    expect(parseInline("\\*literal\\*")).toEqual([{ text: "*literal*" }]);
  });
});

describe("highlightLine", () => {
  it("colours keywords, strings, numbers and comments", () => {
    expect(styled(highlightLine('const x = "hi"; // note 1', "ts"))).toEqual([
      ["const", CODE_STYLES.keyword],
      ['"hi"', CODE_STYLES.string],
      ["// note 1", CODE_STYLES.comment],
    ]);
    expect(styled(highlightLine("def f(): return 42  # answer", "python"))).toEqual([
      ["def", CODE_STYLES.keyword],
      ["return", CODE_STYLES.keyword],
      ["42", CODE_STYLES.number],
      ["# answer", CODE_STYLES.comment],
    ]);
  });

  it("leaves unknown languages plain", () => {
    expect(highlightLine("const x", "cobol")).toEqual([{ text: "const x" }]);
    expect(highlightLine("const x", undefined)).toEqual([{ text: "const x" }]);
  });

  it("does not take a # inside a word for a shell comment", () => {
    expect(styled(highlightLine("echo a#b", "sh"))).toEqual([]);
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
      "3. third",
      "- [x] done",
      "- [ ] todo",
      "> quoted",
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
      "3. third",
      "• ✔ done",
      "• □ todo",
      "▌ quoted",
      "─".repeat(40),
      "    let a = 1;",
    ]);
    const [title] = renderMarkdown("# Title");
    expect(title?.spans[0]?.style).toEqual({ bold: true, underline: true });
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
