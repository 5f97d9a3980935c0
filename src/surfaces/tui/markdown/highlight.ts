// Syntax colour for code blocks from highlight.js, loaded on the first code block and then one language at
// a time (a plain message pays nothing). Its HTML output is turned back into styled spans, line by line.
import { createRequire } from "node:module";
import { span, type Span, type SpanStyle } from "../render/styled-text.js";

export const CODE_STYLES = {
  keyword: { color: "magenta" },
  string: { color: "green" },
  comment: { color: "gray", italic: true },
  number: { color: "yellow" },
  title: { color: "cyan" },
  type: { color: "yellow" },
  meta: { color: "gray" },
  added: { color: "green" },
  removed: { color: "red" },
} satisfies Record<string, SpanStyle>;

/** highlight.js scopes (the first word of a class) to our styles; scopes not listed stay plain. */
const SCOPE_STYLES: Record<string, SpanStyle> = {
  keyword: CODE_STYLES.keyword,
  built_in: CODE_STYLES.type,
  type: CODE_STYLES.type,
  literal: CODE_STYLES.number,
  number: CODE_STYLES.number,
  string: CODE_STYLES.string,
  regexp: CODE_STYLES.string,
  comment: CODE_STYLES.comment,
  quote: CODE_STYLES.comment,
  doctag: CODE_STYLES.comment,
  title: CODE_STYLES.title,
  section: CODE_STYLES.title,
  attr: CODE_STYLES.title,
  meta: CODE_STYLES.meta,
  addition: CODE_STYLES.added,
  deletion: CODE_STYLES.removed,
  variable: CODE_STYLES.type,
};

/** Fence tags to highlight.js language modules (file names under highlight.js/lib/languages). */
const LANGUAGES: Record<string, string> = {
  js: "javascript",
  javascript: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  typescript: "typescript",
  tsx: "typescript",
  py: "python",
  python: "python",
  rs: "rust",
  rust: "rust",
  go: "go",
  golang: "go",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  shell: "bash",
  console: "bash",
  json: "json",
  jsonc: "json",
  yaml: "yaml",
  yml: "yaml",
  toml: "ini",
  ini: "ini",
  diff: "diff",
  patch: "diff",
  c: "c",
  h: "c",
  cpp: "cpp",
  "c++": "cpp",
  java: "java",
  kotlin: "kotlin",
  swift: "swift",
  ruby: "ruby",
  rb: "ruby",
  php: "php",
  sql: "sql",
  css: "css",
  html: "xml",
  xml: "xml",
  markdown: "markdown",
  md: "markdown",
  dockerfile: "dockerfile",
  makefile: "makefile",
  lua: "lua",
  csharp: "csharp",
  cs: "csharp",
};

interface HighlightJs {
  registerLanguage(name: string, language: unknown): void;
  getLanguage(name: string): unknown;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}

const load = createRequire(import.meta.url);
let hljs: HighlightJs | undefined;

/** The language module's name when highlight.js knows the tag (loading it now), else undefined. */
function languageFor(tag: string | undefined): string | undefined {
  const name = tag ? LANGUAGES[tag.toLowerCase()] : undefined;
  if (!name) return undefined;
  hljs ??= load("highlight.js/lib/core") as HighlightJs;
  if (!hljs.getLanguage(name)) {
    const module = load(`highlight.js/lib/languages/${name}`) as { default?: unknown };
    hljs.registerLanguage(name, module.default ?? module);
  }
  return name;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e] ?? e);

/** highlight.js HTML (spans only) to lines of styled spans; an inner scope's style wins. */
function htmlToLines(html: string): Span[][] {
  const lines: Span[][] = [[]];
  const styles: Array<SpanStyle | undefined> = [];
  const current = () => styles.findLast((s) => s !== undefined);
  for (const part of html.split(/(<span class="[^"]*">|<\/span>)/)) {
    if (part.startsWith("<span")) {
      const scope = /class="hljs-([\w-]+)/.exec(part)?.[1]?.split("-")[0] ?? "";
      styles.push(SCOPE_STYLES[scope]);
    } else if (part === "</span>") {
      styles.pop();
    } else if (part !== "") {
      const style = current();
      decode(part)
        .split("\n")
        .forEach((text, i) => {
          if (i > 0) lines.push([]);
          if (text !== "") lines.at(-1)?.push(span(text, style));
        });
    }
  }
  return lines;
}

/** The lines of a code block, coloured when its language is known; unknown languages stay plain. */
export function highlightCode(code: string, tag: string | undefined): Span[][] {
  const plain = () => code.split("\n").map((line) => (line === "" ? [] : [span(line)]));
  const language = languageFor(tag);
  if (!language || !hljs) return plain();
  try {
    return htmlToLines(hljs.highlight(code, { language, ignoreIllegals: true }).value);
  } catch {
    return plain();
  }
}
