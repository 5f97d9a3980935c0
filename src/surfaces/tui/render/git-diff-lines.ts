// `git diff` output as styled lines for the pager: file headers bold, hunks cyan, additions green, removals red.
import { plainLine, type StyledLine } from "./styled-text.js";

export function gitDiffLines(text: string): StyledLine[] {
  const lines = text.replace(/\n$/, "").split("\n");
  return lines.map((line) => {
    if (line.startsWith("diff --git") || line.startsWith("+++ ") || line.startsWith("--- ")) {
      return plainLine(line, { bold: true });
    }
    if (line.startsWith("@@")) return plainLine(line, { color: "cyan" });
    if (line.startsWith("+")) return plainLine(line, { color: "green" });
    if (line.startsWith("-")) return plainLine(line, { color: "red" });
    if (/^(index |new file|deleted file|similarity|rename |old mode|new mode)/.test(line)) {
      return plainLine(line, { dim: true });
    }
    return plainLine(line === "" ? " " : line);
  });
}
