// A parser for the Starlark subset `.rules` files use: top-level calls with positional and keyword arguments
// whose values are strings, lists, True/False/None. No evaluation, so a rules file cannot run code.

export class RulesSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${col}: ${detail}`);
    this.name = "RulesSyntaxError";
  }
}

export interface Position {
  line: number;
  col: number;
}

export type Value =
  | { kind: "string"; value: string; at: Position }
  | { kind: "list"; items: Value[]; at: Position }
  | { kind: "constant"; name: "True" | "False" | "None"; at: Position };

export interface Call {
  name: string;
  at: Position;
  positional: Value[];
  keywords: { name: string; value: Value; at: Position }[];
}

type Token =
  | { type: "ident"; text: string; at: Position }
  | { type: "string"; text: string; at: Position }
  | { type: "punct"; text: "(" | ")" | "[" | "]" | "," | "="; at: Position }
  | { type: "eof"; text: ""; at: Position };

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "0": "\0",
};

function tokenize(file: string, source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): Position => ({ line, col: i - lineStart + 1 });
  const fail = (at: Position, message: string): never => {
    throw new RulesSyntaxError(file, at.line, at.col, message);
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\n") {
      i++;
      line++;
      lineStart = i;
    } else if (c === " " || c === "\t" || c === "\r") {
      i++;
    } else if (c === "#") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if ("()[],=".includes(c)) {
      tokens.push({ type: "punct", text: c as "(", at: here() });
      i++;
    } else if (/[A-Za-z_]/.test(c)) {
      const at = here();
      const start = i;
      while (i < source.length && /[A-Za-z0-9_]/.test(source[i]!)) i++;
      tokens.push({ type: "ident", text: source.slice(start, i), at });
    } else if (c === '"' || c === "'") {
      const at = here();
      const triple = source.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      i += quote.length;
      let text = "";
      for (;;) {
        if (i >= source.length) fail(at, "unterminated string");
        if (source.startsWith(quote, i)) {
          i += quote.length;
          break;
        }
        const ch = source[i]!;
        if (ch === "\n") {
          if (!triple) fail(at, "unterminated string (a string cannot span lines)");
          line++;
          lineStart = i + 1;
        }
        if (ch === "\\") {
          const next = source[i + 1];
          if (next === undefined || !(next in ESCAPES)) fail(here(), `unknown escape \\${next ?? ""}`);
          text += ESCAPES[next!];
          i += 2;
          continue;
        }
        text += ch;
        i++;
      }
      tokens.push({ type: "string", text, at });
    } else {
      fail(here(), `unexpected character ${JSON.stringify(c)}`);
    }
  }
  tokens.push({ type: "eof", text: "", at: here() });
  return tokens;
}

/** Parses a rules file into its top-level calls. Throws RulesSyntaxError with the position of the problem. */
export function parseRulesSource(file: string, source: string): Call[] {
  const tokens = tokenize(file, source);
  let pos = 0;
  const peek = () => tokens[pos]!;
  const next = () => tokens[pos++]!;
  const describe = (t: Token) => (t.type === "eof" ? "end of file" : JSON.stringify(t.text));
  const fail = (t: Token, message: string): never => {
    throw new RulesSyntaxError(file, t.at.line, t.at.col, message);
  };
  const expect = (text: string) => {
    const t = next();
    if (t.type !== "punct" || t.text !== text) fail(t, `expected "${text}", found ${describe(t)}`);
  };

  const value = (): Value => {
    const t = next();
    if (t.type === "string") {
      return { kind: "string", value: t.text, at: t.at };
    }
    if (t.type === "ident" && (t.text === "True" || t.text === "False" || t.text === "None")) {
      return { kind: "constant", name: t.text, at: t.at };
    }
    if (t.type === "punct" && t.text === "[") {
      const items: Value[] = [];
      while (!(peek().type === "punct" && peek().text === "]")) {
        items.push(value());
        if (peek().type === "punct" && peek().text === ",") next();
        else break;
      }
      expect("]");
      return { kind: "list", items, at: t.at };
    }
    return fail(t, `expected a string or a list, found ${describe(t)}`);
  };

  const call = (): Call => {
    const name = next();
    if (name.type !== "ident")
      return fail(name, `expected a call such as prefix_rule(...), found ${describe(name)}`);
    expect("(");
    const result: Call = { name: name.text, at: name.at, positional: [], keywords: [] };
    while (!(peek().type === "punct" && peek().text === ")")) {
      const t = peek();
      const after = tokens[pos + 1]!;
      if (t.type === "ident" && after.type === "punct" && after.text === "=") {
        pos += 2;
        if (result.keywords.some((k) => k.name === t.text)) fail(t, `argument ${t.text} given twice`);
        result.keywords.push({ name: t.text, value: value(), at: t.at });
      } else {
        if (result.keywords.length > 0) fail(t, "a positional argument cannot follow a keyword argument");
        result.positional.push(value());
      }
      if (peek().type === "punct" && peek().text === ",") next();
      else break;
    }
    expect(")");
    return result;
  };

  const calls: Call[] = [];
  while (peek().type !== "eof") calls.push(call());
  return calls;
}
