// A small line-by-line highlighter for code blocks: keywords, strings, comments and numbers. Not a parser:
// it colours the common cases of a few languages and leaves everything else plain. Cheap to load.
import { span, type Span, type SpanStyle } from "../render/styled-text.js";

export const CODE_STYLES = {
  keyword: { color: "magenta" },
  string: { color: "green" },
  comment: { color: "gray", italic: true },
  number: { color: "yellow" },
} satisfies Record<string, SpanStyle>;

interface Language {
  keywords: ReadonlySet<string>;
  /** Line comment openers. */
  comments: readonly string[];
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(" "));

const C_LIKE_COMMENTS = ["//"];
const JS: Language = {
  keywords: words(
    "async await break case catch class const continue default delete do else export extends false finally for from function if import in instanceof interface let new null of return static super switch this throw true try type typeof undefined var void while yield enum implements private public readonly",
  ),
  comments: C_LIKE_COMMENTS,
};
const LANGUAGES: Record<string, Language> = {
  js: JS,
  ts: JS,
  python: {
    keywords: words(
      "and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return self True try while with yield",
    ),
    comments: ["#"],
  },
  rust: {
    keywords: words(
      "as async await break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while dyn Some None Ok Err",
    ),
    comments: C_LIKE_COMMENTS,
  },
  go: {
    keywords: words(
      "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false",
    ),
    comments: C_LIKE_COMMENTS,
  },
  shell: {
    keywords: words(
      "if then else elif fi for while until do done case esac function return in export local set",
    ),
    comments: ["#"],
  },
  json: { keywords: words("true false null"), comments: [] },
};

const ALIASES: Record<string, string> = {
  javascript: "js",
  jsx: "js",
  mjs: "js",
  cjs: "js",
  typescript: "ts",
  tsx: "ts",
  py: "python",
  rs: "rust",
  golang: "go",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  console: "shell",
  jsonc: "json",
};

export function languageFor(tag: string | undefined): Language | undefined {
  if (!tag) return undefined;
  const name = tag.toLowerCase();
  return LANGUAGES[ALIASES[name] ?? name];
}

/** Highlights one line of code; unknown languages come back as one plain span. */
export function highlightLine(line: string, tag: string | undefined): Span[] {
  const lang = languageFor(tag);
  if (!lang) return [span(line)];
  const out: Span[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push(span(plain));
    plain = "";
  };
  let i = 0;
  while (i < line.length) {
    const rest = line.slice(i);
    const comment = lang.comments.find((c) => rest.startsWith(c));
    if (comment && (comment !== "#" || i === 0 || /\s/.test(line[i - 1] ?? ""))) {
      flush();
      out.push(span(rest, CODE_STYLES.comment));
      break;
    }
    const ch = line[i] as string;
    if (ch === '"' || ch === "'" || ch === "`") {
      let end = i + 1;
      while (end < line.length && line[end] !== ch) end += line[end] === "\\" ? 2 : 1;
      flush();
      out.push(span(line.slice(i, end + 1), CODE_STYLES.string));
      i = end + 1;
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(rest)?.[0];
    if (word) {
      if (lang.keywords.has(word)) {
        flush();
        out.push(span(word, CODE_STYLES.keyword));
      } else {
        plain += word;
      }
      i += word.length;
      continue;
    }
    const number = /^\d[\d_.xXa-fA-F]*/.exec(rest)?.[0];
    if (number) {
      flush();
      out.push(span(number, CODE_STYLES.number));
      i += number.length;
      continue;
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}
