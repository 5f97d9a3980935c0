// A file change as a unified diff: jsdiff parses the patch into hunks; added files show all lines as new,
// deleted files all lines as removed.
import { parsePatch } from "diff";
import type { FileUpdateChange } from "../../../protocol/app-server/v2/items.js";

interface Line {
  kind: "add" | "del" | "ctx" | "hunk";
  text: string;
  oldNo?: number;
  newNo?: number;
}

function linesOf(change: FileUpdateChange): Line[] {
  const kind = change.kind.type;
  if (kind === "add" || kind === "delete") {
    const body = change.diff.endsWith("\n") ? change.diff.slice(0, -1) : change.diff;
    return body
      .split("\n")
      .map((text, i) =>
        kind === "add" ? { kind: "add", text, newNo: i + 1 } : { kind: "del", text, oldNo: i + 1 },
      );
  }
  const lines: Line[] = [];
  for (const patch of parsePatch(change.diff)) {
    for (const hunk of patch.hunks) {
      lines.push({
        kind: "hunk",
        text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      });
      let oldNo = hunk.oldStart;
      let newNo = hunk.newStart;
      for (const raw of hunk.lines) {
        const text = raw.slice(1);
        if (raw.startsWith("+")) lines.push({ kind: "add", text, newNo: newNo++ });
        else if (raw.startsWith("-")) lines.push({ kind: "del", text, oldNo: oldNo++ });
        else if (raw.startsWith(" ")) lines.push({ kind: "ctx", text, oldNo: oldNo++, newNo: newNo++ });
      }
    }
  }
  return lines;
}

const SIGN = { add: "+", del: "-", ctx: " ", hunk: "" } as const;

export function DiffView({ change }: { change: FileUpdateChange }) {
  const kind = change.kind.type;
  const moved = change.kind.type === "update" && change.kind.move_path ? ` → ${change.kind.move_path}` : "";
  const lines = linesOf(change);
  return (
    <figure className="diff" aria-label={`Changes to ${change.path}`}>
      <figcaption>
        <span className={`badge badge-${kind}`}>{kind}</span> {change.path}
        {moved}
      </figcaption>
      <table>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className={`diff-${line.kind}`}>
              <td className="ln">{line.oldNo ?? ""}</td>
              <td className="ln">{line.newNo ?? ""}</td>
              <td className="code">
                {SIGN[line.kind]}
                {line.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
