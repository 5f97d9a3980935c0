// One thread item, as every other surface reads it: messages, reasoning (collapsed), commands with their
// output and exit status, file changes as diffs, plans, MCP and subagent calls.
import { createContext, useContext, useState, type ReactNode } from "react";
import type { ThreadItem, ThreadItemOf } from "../../../protocol/app-server/v2/items.js";
import { DiffView } from "./diff-view.js";
import { Markdown } from "./markdown.js";
import { ReviewFindings, ReviewStarted } from "./review.js";
import type { ChildView, PlanStep } from "./thread-state.js";

/** The open thread's subagents, for a subagent call to show its subagent's items inside it. */
export interface SubagentTree {
  children: Record<string, ChildView>;
  /** Each subagent is shown inside one call: the first in the thread that names it (by item id). */
  home: ReadonlyMap<string, string>;
  /** Each subagent's latest status (from the latest call naming it). */
  states: ReadonlyMap<string, string>;
  /** Reads a subagent's turns from its file (one that ran before the page saw it). */
  load(threadId: string): void;
}

export const Subagents = createContext<SubagentTree>({
  children: {},
  home: new Map(),
  states: new Map(),
  load: () => undefined,
});

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
        {/* Changes known only by their paths (a fleet task's exec items) have no lines to lay side by side. */}
        {item.changes.some((c) => c.diff !== "") && (
          <button className="small" aria-pressed={split} onClick={toggle}>
            Side by side
          </button>
        )}
      </header>
      {item.changes.map((change) => (
        <DiffView key={change.path} change={change} split={split} />
      ))}
    </section>
  );
}

/** A subagent's turns, nested in the call that made it: live while it runs. */
function SubagentThread({
  id,
  child,
  label,
  state,
}: {
  id: string;
  child: ChildView;
  label: string;
  state: ReactNode;
}) {
  const tree = useContext(Subagents);
  const [open, setOpen] = useState(!child.fromHistory);
  return (
    <details
      className="subthread"
      open={open}
      onToggle={(e) => {
        const nowOpen = e.currentTarget.open;
        setOpen(nowOpen);
        if (nowOpen && child.fromHistory && !child.loaded) tree.load(id);
      }}
    >
      <summary>
        {label} {state}
      </summary>
      <div role="region" aria-label={`Subagent thread ${label}`}>
        {child.turns.length === 0 && <p className="muted">{child.loaded ? "No turns." : "Nothing yet."}</p>}
        {child.turns.map((turn) => (
          <div key={turn.id} className="turn">
            {turn.items.map((item) => (
              <ItemView key={item.id} item={item} />
            ))}
            {turn.status === "interrupted" && <p className="muted turn-end">Interrupted</p>}
            {turn.status === "failed" && (
              <p className="error turn-end">Failed: {turn.error ?? "unknown error"}</p>
            )}
          </div>
        ))}
        <a href={`#thread=${id}`}>Open as a thread</a>
      </div>
    </details>
  );
}

function SubagentCall({ item }: { item: ThreadItemOf<"collabAgentToolCall"> }) {
  const tree = useContext(Subagents);
  const ids = [...new Set([...item.receiverThreadIds, ...Object.keys(item.agentsStates)])].filter(
    (id) => id !== item.senderThreadId,
  );
  return (
    <section className="item subagent" aria-label="Subagent">
      <header>
        Subagent {item.tool} <Status status={item.status} />
      </header>
      {item.prompt && <p>{item.prompt}</p>}
      <ul>
        {ids.map((id) => {
          const state = item.agentsStates[id];
          const child = tree.children[id];
          const label = id.slice(0, 8);
          const summary = state && (
            <>
              <Status status={state.status} /> {state.message ?? ""}
            </>
          );
          return (
            <li key={id} className={child && tree.home.get(id) === item.id ? "nested" : undefined}>
              {child && tree.home.get(id) === item.id ? (
                <SubagentThread
                  id={id}
                  child={child}
                  label={label}
                  // Where it is nested, the subagent's latest status, not the one this call saw.
                  state={<Status status={tree.states.get(id) ?? state?.status ?? "pendingInit"} />}
                />
              ) : (
                <>
                  <a href={`#thread=${id}`}>{label}</a> {summary}
                </>
              )}
            </li>
          );
        })}
      </ul>
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
      return <SubagentCall item={item} />;
    case "imageView":
      return <p className="item muted">Viewed image {item.path}</p>;
    case "webSearch":
      return <p className="item muted">Web search: {item.query}</p>;
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
