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
  // No text (an empty file, or a change known only by its path, as exec items tell it): no lines.
  if (change.diff === "") return [];
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

type Row = { hunk: string } | { left?: Line; right?: Line };

/** Side by side: context on both sides, a run of removed lines beside the added lines that replace it. */
function splitRows(lines: Line[]): Row[] {
  const rows: Row[] = [];
  let dels: Line[] = [];
  let adds: Line[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(dels.length, adds.length); i++) rows.push({ left: dels[i], right: adds[i] });
    dels = [];
    adds = [];
  };
  for (const line of lines) {
    if (line.kind === "del") {
      if (adds.length) flush();
      dels.push(line);
    } else if (line.kind === "add") adds.push(line);
    else {
      flush();
      rows.push(line.kind === "hunk" ? { hunk: line.text } : { left: line, right: line });
    }
  }
  flush();
  return rows;
}

function Side({ line }: { line: Line | undefined }) {
  if (!line) return <td className="ln" colSpan={2} />;
  const kind = line.kind;
  return (
    <>
      <td className={`ln diff-${kind}`}>{line.kind === "add" ? line.newNo : line.oldNo}</td>
      <td className={`code diff-${kind}`}>{line.text}</td>
    </>
  );
}

function SplitTable({ lines }: { lines: Line[] }) {
  return (
    <table className="split">
      <tbody>
        {splitRows(lines).map((row, i) =>
          "hunk" in row ? (
            <tr key={i} className="diff-hunk">
              <td colSpan={4}>{row.hunk}</td>
            </tr>
          ) : (
            <tr key={i}>
              <Side line={row.left} />
              {row.right && row.right === row.left ? (
                <>
                  <td className="ln diff-ctx">{row.right.newNo}</td>
                  <td className="code diff-ctx">{row.right.text}</td>
                </>
              ) : (
                <Side line={row.right} />
              )}
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

export function DiffView({ change, split = false }: { change: FileUpdateChange; split?: boolean }) {
  const kind = change.kind.type;
  const moved = change.kind.type === "update" && change.kind.move_path ? ` → ${change.kind.move_path}` : "";
  const lines = linesOf(change);
  return (
    <figure className="diff" aria-label={`Changes to ${change.path}`}>
      <figcaption>
        <span className={`badge badge-${kind}`}>{kind}</span> {change.path}
        {moved}
      </figcaption>
      {split ? (
        <SplitTable lines={lines} />
      ) : (
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
      )}
    </figure>
  );
}
