// What a subagent is thinking about, in a few words: the header of its latest reasoning summary.

const MAX_HEADER_CHARS = 120;

/** The first bold line (`**Header**`), else the first non-empty line, shortened. Undefined when empty. */
export function reasoningHeader(text: string): string | undefined {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const bold = lines.find((l) => /^\*\*[^*].*\*\*$/.test(l));
  const header = bold ? bold.slice(2, -2).trim() : lines[0];
  if (!header) return undefined;
  return header.length > MAX_HEADER_CHARS ? `${header.slice(0, MAX_HEADER_CHARS - 1)}…` : header;
}
