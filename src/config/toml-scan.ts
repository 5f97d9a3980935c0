// Where things are in a TOML text: table headers, key/value entries and the exact span of each value, so an
// edit can replace one value's characters and leave every other byte alone. Assumes the text is valid TOML.
export interface TextPos {
  line: number;
  col: number;
}

export interface TomlEntry {
  /** The table the entry sits in (its header's path; [] for the root). */
  table: string[];
  /** The entry's own (possibly dotted) key. */
  key: string[];
  startLine: number;
  valueStart: TextPos;
  /** Exclusive end of the value's text. */
  valueEnd: TextPos;
}

export interface TomlTable {
  path: string[];
  isArray: boolean;
  headerLine: number;
  /** Exclusive: the next header's line, or the number of lines. */
  endLine: number;
  /** Where a new key for this table goes: after its last entry. */
  insertAt: number;
}

export interface TomlDocument {
  lines: string[];
  entries: TomlEntry[];
  tables: TomlTable[];
  root: { insertAt: number };
}

/** Entries under an array of tables get this marker in their path, so no key path can match them. */
const ARRAY_TABLE = "\u0000[]";

const BARE_KEY = /[A-Za-z0-9_-]/;

/** Reads a dotted key starting at `col`; returns its parts and the column after it. */
function readKey(line: string, col: number): { parts: string[]; end: number } {
  const parts: string[] = [];
  let i = col;
  for (;;) {
    while (line[i] === " " || line[i] === "\t") i++;
    const c = line[i];
    if (c === '"') {
      let j = i + 1;
      while (j < line.length && line[j] !== '"') j += line[j] === "\\" ? 2 : 1;
      parts.push(JSON.parse(line.slice(i, j + 1)) as string);
      i = j + 1;
    } else if (c === "'") {
      const j = line.indexOf("'", i + 1);
      parts.push(line.slice(i + 1, j));
      i = j + 1;
    } else {
      const start = i;
      while (i < line.length && BARE_KEY.test(line[i] ?? "")) i++;
      if (i === start) throw new Error(`unexpected '${c ?? "end of line"}' in a key`);
      parts.push(line.slice(start, i));
    }
    while (line[i] === " " || line[i] === "\t") i++;
    if (line[i] !== ".") return { parts, end: i };
    i++;
  }
}

/** Finds the end of a value that starts at (line, col), following arrays and strings across lines. */
function scanValueEnd(lines: string[], startLine: number, startCol: number): TextPos {
  let depth = 0;
  let line = startLine;
  let col = startCol;
  let inString: '"' | "'" | '"""' | "'''" | undefined;
  for (;;) {
    const text = lines[line] ?? "";
    while (col < text.length) {
      const rest = text.slice(col);
      if (inString) {
        if (inString.length === 1 && rest[0] === "\\" && inString === '"') {
          col += 2;
          continue;
        }
        if (inString.length === 3 && rest[0] === "\\" && inString === '"""') {
          col += 2;
          continue;
        }
        if (rest.startsWith(inString)) {
          col += inString.length;
          // A closing """ may be followed by up to two more quotes that belong to the string.
          while (inString.length === 3 && text[col] === inString[0] && text[col + 1] !== inString[0]) col++;
          inString = undefined;
          continue;
        }
        col++;
        continue;
      }
      const c = rest[0];
      if (rest.startsWith('"""') || rest.startsWith("'''")) {
        inString = rest.slice(0, 3) as '"""' | "'''";
        col += 3;
      } else if (c === '"' || c === "'") {
        inString = c;
        col++;
      } else if (c === "[" || c === "{") {
        depth++;
        col++;
      } else if (c === "]" || c === "}") {
        depth--;
        col++;
      } else if (c === "#") {
        if (depth === 0) break;
        col = text.length;
      } else {
        col++;
      }
    }
    if (depth === 0 && !inString) {
      let end = Math.min(col, text.length);
      while (end > 0 && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
      return { line, col: end };
    }
    line++;
    col = 0;
    if (line >= lines.length) throw new Error("unterminated value");
  }
}

export function scanDocument(text: string): TomlDocument {
  const lines = text.split("\n");
  const entries: TomlEntry[] = [];
  const tables: TomlTable[] = [];
  let table: string[] = [];
  let current: TomlTable | undefined;
  const root = { insertAt: -1 };
  let firstHeader = -1;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? "";
    const col = text.length - text.trimStart().length;
    const c = text[col];
    if (c === undefined || c === "#" || c === "\r") continue;
    if (c === "[") {
      const isArray = text[col + 1] === "[";
      const { parts } = readKey(text, col + (isArray ? 2 : 1));
      if (current) current.endLine = i;
      if (firstHeader < 0) firstHeader = i;
      current = { path: parts, isArray, headerLine: i, endLine: lines.length, insertAt: i + 1 };
      tables.push(current);
      table = isArray ? [...parts, ARRAY_TABLE] : parts;
      continue;
    }
    const { parts, end } = readKey(text, col);
    let valueCol = end + 1;
    while (text[valueCol] === " " || text[valueCol] === "\t") valueCol++;
    const valueEnd = scanValueEnd(lines, i, valueCol);
    entries.push({ table, key: parts, startLine: i, valueStart: { line: i, col: valueCol }, valueEnd });
    if (current) current.insertAt = valueEnd.line + 1;
    else root.insertAt = valueEnd.line + 1;
    i = valueEnd.line;
  }
  if (root.insertAt < 0) root.insertAt = rootInsertionWithoutEntries(lines, firstHeader);
  return { lines, entries, tables, root };
}

/** With no root keys: before the first header and the comments that introduce it, else after the text. */
function rootInsertionWithoutEntries(lines: string[], firstHeader: number): number {
  if (firstHeader < 0) {
    let end = lines.length;
    while (end > 0 && (lines[end - 1] ?? "").trim() === "") end--;
    return end;
  }
  let at = firstHeader;
  while (at > 0 && (lines[at - 1] ?? "").trimStart().startsWith("#")) at--;
  return at;
}
