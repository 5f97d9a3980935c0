// One thread item, as every other surface reads it: messages, reasoning (collapsed), commands with their
// output and exit status, file changes as diffs, plans, MCP and subagent calls.
import { useState } from "react";
import type { ThreadItem, ThreadItemOf } from "../../../protocol/app-server/v2/items.js";
import { DiffView } from "./diff-view.js";
import { Markdown } from "./markdown.js";
import { ReviewFindings, ReviewStarted } from "./review.js";
import type { PlanStep } from "./thread-state.js";

function Status({ status }: { status: string }) {
  return <span className={`status status-${status}`}>{status}</span>;
}

function Command({ item }: { item: ThreadItemOf<"commandExecution"> }) {
  const exit = item.exitCode === null ? "" : `exit ${item.exitCode}`;
  return (
    <section className="item command" aria-label={`Command ${item.command}`}>
      <header>
        <code className="cmd">$ {item.command}</code> <Status status={item.status} />
        {exit && <span className={`exit ${item.exitCode === 0 ? "ok" : "bad"}`}>{exit}</span>}
        {item.durationMs !== null && <span className="muted"> {item.durationMs} ms</span>}
      </header>
      {item.aggregatedOutput ? <pre className="output">{item.aggregatedOutput}</pre> : null}
    </section>
  );
}

function McpCall({ item }: { item: ThreadItemOf<"mcpToolCall"> }) {
  const result = item.error?.message ?? (item.result ? JSON.stringify(item.result.content, null, 2) : "");
  return (
    <details className="item mcp">
      <summary>
        MCP {item.server}.{item.tool} <Status status={item.status} />
      </summary>
      <pre>{JSON.stringify(item.arguments, null, 2)}</pre>
      {result && <pre className="output">{result}</pre>}
    </details>
  );
}

function FileChanges({ item }: { item: ThreadItemOf<"fileChange"> }) {
  const [split, setSplit] = useState(() => localStorage.getItem("codex-ts-diff") === "split");
  const toggle = () => {
    localStorage.setItem("codex-ts-diff", split ? "unified" : "split");
    setSplit(!split);
  };
  return (
    <section className="item file-change" aria-label="File changes">
      <header>
        File changes <Status status={item.status} />
        <button className="small" aria-pressed={split} onClick={toggle}>
          Side by side
        </button>
      </header>
      {item.changes.map((change) => (
        <DiffView key={change.path} change={change} split={split} />
      ))}
    </section>
  );
}

export function ItemView({ item }: { item: ThreadItem }) {
  switch (item.type) {
    case "userMessage":
      return (
        <section className="item user" aria-label="You">
          {item.content.map((c, i) => {
            if (c.type === "text") return <p key={i}>{c.text}</p>;
            if (c.type === "image")
              return <img key={i} className="sent-image" src={c.url} alt="Attached image" />;
            return (
              <p key={i} className="muted">
                [{c.type}: {"path" in c ? c.path : ""}]
              </p>
            );
          })}
        </section>
      );
    case "agentMessage":
      return (
        <section className="item agent" aria-label="Agent">
          <Markdown text={item.text} />
        </section>
      );
    case "reasoning":
      return (
        <details className="item reasoning">
          <summary>Reasoning</summary>
          <Markdown text={item.summary.join("\n\n")} />
        </details>
      );
    case "commandExecution":
      return <Command item={item} />;
    case "fileChange":
      return <FileChanges item={item} />;
    case "plan":
      return (
        <section className="item plan" aria-label="Proposed plan">
          <header>Proposed plan</header>
          <Markdown text={item.text} />
        </section>
      );
    case "mcpToolCall":
      return <McpCall item={item} />;
    case "collabAgentToolCall":
      return (
        <section className="item subagent" aria-label="Subagent">
          <header>
            Subagent {item.tool} <Status status={item.status} />
          </header>
          {item.prompt && <p>{item.prompt}</p>}
          <ul>
            {Object.entries(item.agentsStates).map(([id, state]) => (
              <li key={id}>
                <a href={`#thread=${id}`}>{id.slice(0, 8)}</a> <Status status={state.status} />{" "}
                {state.message ?? ""}
              </li>
            ))}
          </ul>
        </section>
      );
    case "imageView":
      return <p className="item muted">Viewed image {item.path}</p>;
    case "contextCompaction":
      return <p className="item muted">Context compacted</p>;
    case "enteredReviewMode":
      return <ReviewStarted item={item} />;
    case "exitedReviewMode":
      return <ReviewFindings item={item} />;
  }
}

export function PlanSteps({
  steps,
  explanation,
}: {
  steps: PlanStep[];
  explanation?: string | null | undefined;
}) {
  const mark = { pending: "○", inProgress: "◐", completed: "●" } as const;
  return (
    <section className="item steps" aria-label="Plan">
      <header>Plan</header>
      {explanation && <p>{explanation}</p>}
      <ol>
        {steps.map((s, i) => (
          <li key={i} className={`step-${s.status}`}>
            <span aria-hidden="true">{mark[s.status]}</span> {s.step}
            <span className="sr-only"> ({s.status})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
