// A fleet task's stream as the dashboard shows it: exec items at their latest state, the queue's own events
// as notes, and the task's diff (git's, many files) through the thread view's diff viewer.
import { formatPatch, parsePatch } from "diff";
import type { FileUpdateChange } from "../../../protocol/app-server/v2/items.js";
import type { ExecThreadItem } from "../../../protocol/exec-events.js";
import { DiffView } from "./diff-view.js";
import type { FleetRow } from "./fleet-state.js";
import { Markdown } from "./markdown.js";

function Status({ status }: { status: string }) {
  return <span className={`status status-${status}`}>{status.replace("_", " ")}</span>;
}

function ExecItem({ item }: { item: ExecThreadItem }) {
  switch (item.type) {
    case "agent_message":
      return (
        <section className="item agent" aria-label="Agent">
          <Markdown text={item.text} />
        </section>
      );
    case "reasoning":
      return (
        <details className="item reasoning">
          <summary>Reasoning</summary>
          <Markdown text={item.text} />
        </details>
      );
    case "command_execution":
      return (
        <section className="item command" aria-label={`Command ${item.command}`}>
          <header>
            <code className="cmd">$ {item.command}</code> <Status status={item.status} />
            {item.exit_code !== null && (
              <span className={`exit ${item.exit_code === 0 ? "ok" : "bad"}`}>exit {item.exit_code}</span>
            )}
          </header>
          {item.aggregated_output ? <pre className="output">{item.aggregated_output}</pre> : null}
        </section>
      );
    case "file_change":
      return (
        <section className="item file-change" aria-label="File changes">
          <header>
            File changes <Status status={item.status} />
          </header>
          <ul className="paths">
            {item.changes.map((c) => (
              <li key={c.path}>
                <span className={`badge badge-${c.kind}`}>{c.kind}</span> {c.path}
              </li>
            ))}
          </ul>
        </section>
      );
    case "mcp_tool_call":
      return (
        <details className="item mcp">
          <summary>
            MCP {item.server}.{item.tool} <Status status={item.status} />
          </summary>
          <pre>{JSON.stringify(item.arguments, null, 2)}</pre>
          {item.error && <pre className="output">{item.error.message}</pre>}
        </details>
      );
    case "web_search":
      return <p className="item muted">Web search: {item.query}</p>;
    case "todo_list":
      return (
        <section className="item steps" aria-label="Plan">
          <ol>
            {item.items.map((step, i) => (
              <li key={i} className={step.completed ? "step-completed" : ""}>
                {step.completed ? "✔" : "○"} {step.text}
              </li>
            ))}
          </ol>
        </section>
      );
    case "plan":
      return (
        <section className="item plan" aria-label="Proposed plan">
          <Markdown text={item.text} />
        </section>
      );
    case "error":
      return <p className="item error">{item.message}</p>;
  }
}

export function FleetItems({ rows }: { rows: FleetRow[] }) {
  if (rows.length === 0) return <p className="muted">No items yet.</p>;
  return (
    <>
      {rows.map((row) =>
        row.kind === "item" ? (
          <ExecItem key={row.item.id} item={row.item} />
        ) : (
          <p key={row.key} className={`item note ${row.bad ? "error" : "muted"}`}>
            {row.text}
          </p>
        ),
      )}
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
