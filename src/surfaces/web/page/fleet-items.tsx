// A fleet task's stream as the dashboard shows it: its items with the thread view's ItemView (exec items
// read as thread items in exec-item.ts), the queue's own events as notes, and the task's diff (git's, many
// files) through the thread view's diff viewer.
import { formatPatch, parsePatch } from "diff";
import type { FileUpdateChange } from "../../../protocol/app-server/v2/items.js";
import { DiffView } from "./diff-view.js";
import type { FleetRow } from "./fleet-state.js";
import { ItemView, PlanSteps } from "./item-view.js";

function Row({ row }: { row: FleetRow }) {
  switch (row.kind) {
    case "item":
      return <ItemView item={row.item} />;
    case "steps":
      return <PlanSteps steps={row.steps} />;
    case "error":
      return <p className="item error">{row.message}</p>;
    case "note":
      return <p className={`item note ${row.bad ? "error" : "muted"}`}>{row.text}</p>;
  }
}

/** React's key for a row: an item's id (its later states replace it in place), a note's stream entry. */
function keyOf(row: FleetRow): string {
  return row.kind === "item" ? row.item.id : row.kind === "note" ? row.key : row.id;
}

export function FleetItems({ rows }: { rows: FleetRow[] }) {
  if (rows.length === 0) return <p className="muted">No items yet.</p>;
  return (
    <>
      {rows.map((row) => (
        <Row key={keyOf(row)} row={row} />
      ))}
    </>
  );
}

/** `git diff` of the task's worktree against its base: one viewer per file. */
export function TaskDiff({ diff }: { diff: string }) {
  const files = parsePatch(diff);
  return (
    <>
      {files.map((file, i) => {
        const path = (file.newFileName === "/dev/null" ? file.oldFileName : file.newFileName) ?? "";
        const clean = path.replace(/^[ab]\//, "");
        const kind: "add" | "delete" | "update" =
          file.oldFileName === "/dev/null" ? "add" : file.newFileName === "/dev/null" ? "delete" : "update";
        // The viewer reads an added or deleted file's text, an update's hunks.
        const text = file.hunks.flatMap((h) => h.lines.map((l) => l.slice(1))).join("\n");
        const change: FileUpdateChange =
          kind === "update"
            ? { path: clean, kind: { type: "update" as const, move_path: null }, diff: formatPatch(file) }
            : { path: clean, kind: { type: kind }, diff: text };
        return <DiffView key={`${clean}-${i}`} change={change} />;
      })}
    </>
  );
}
