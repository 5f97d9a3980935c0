// The fleet dashboard (`#fleet`): tasks by state with tokens and time, a form to submit one, and the open
// task (`#fleet=ID`) with its live items, its diff, and approve / cancel / retry.
import { useEffect, useMemo, useState } from "react";
import type { ReviewDecision } from "../../../protocol/policies.js";
import { initialTheme } from "./app.js";
import { FleetItems, TaskDiff } from "./fleet-items.js";
import { duration, rowsOf, runTime, STATE_LABELS, type FleetTask } from "./fleet-state.js";
import { Markdown } from "./markdown.js";
import { useFleet } from "./use-fleet.js";

type Filter = "all" | FleetTask["state"];
const FILTERS: Filter[] = ["all", "queued", "active", "waiting-approval", "completed", "failed", "cancelled"];
const FINAL = new Set(["completed", "failed", "cancelled"]);

function tokens(task: FleetTask): string {
  return task.usage ? task.usage.total_tokens.toLocaleString() : "—";
}

function timeOf(task: FleetTask, now: number): string {
  const ms = runTime(task, now);
  return ms === undefined ? "—" : duration(ms);
}

function SubmitForm({ onSubmit }: { onSubmit: (task: Record<string, unknown>) => Promise<boolean> }) {
  const [repo, setRepo] = useState("");
  const [prompt, setPrompt] = useState("");
  const [approval, setApproval] = useState("never");
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="fleet-submit"
      aria-label="New task"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void onSubmit({ repo: repo.trim(), prompt, approvalPolicy: approval }).then((ok) => {
          setBusy(false);
          if (ok) setPrompt("");
        });
      }}
    >
      <input
        aria-label="Repository"
        placeholder="Repository (absolute path or git URL)"
        value={repo}
        onChange={(e) => setRepo(e.target.value)}
        required
      />
      <textarea
        aria-label="Task prompt"
        placeholder="What should the task do?"
        rows={2}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        required
      />
      <div className="buttons">
        <label className="picker">
          Approval
          <select value={approval} onChange={(e) => setApproval(e.target.value)}>
            <option value="never">never</option>
            <option value="on-request">on-request</option>
          </select>
        </label>
        <button className="primary" type="submit" disabled={busy}>
          Submit task
        </button>
      </div>
    </form>
  );
}

function TaskTable({
  tasks,
  selected,
  onOpen,
  now,
}: {
  tasks: FleetTask[];
  selected: string | undefined;
  onOpen: (id: string) => void;
  now: number;
}) {
  const [filter, setFilter] = useState<Filter>("all");
  const count = (f: Filter) => (f === "all" ? tasks.length : tasks.filter((t) => t.state === f).length);
  const shown = filter === "all" ? tasks : tasks.filter((t) => t.state === filter);
  return (
    <>
      <div className="fleet-filters" role="group" aria-label="Filter by state">
        {FILTERS.map((f) => (
          <button key={f} aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === "all" ? "all" : STATE_LABELS[f]} {count(f)}
          </button>
        ))}
      </div>
      <table className="fleet-tasks" aria-label="Tasks">
        <thead>
          <tr>
            <th>State</th>
            <th>Task</th>
            <th>Tokens</th>
            <th>Time</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((t) => (
            <tr key={t.id} className={t.id === selected ? "selected" : ""} data-task={t.id}>
              <td>
                <span className={`state state-${t.state}`}>{STATE_LABELS[t.state]}</span>
              </td>
              <td className="fleet-prompt">
                <button aria-current={t.id === selected ? "true" : undefined} onClick={() => onOpen(t.id)}>
                  {t.prompt}
                </button>
                <span className="muted">
                  {t.id} · {t.repo.split("/").filter(Boolean).at(-1)}
                </span>
              </td>
              <td className="num">{tokens(t)}</td>
              <td className="num">{timeOf(t, now)}</td>
            </tr>
          ))}
          {shown.length === 0 && (
            <tr>
              <td colSpan={4} className="muted empty">
                No tasks
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}

function Approval({ task, onAnswer }: { task: FleetTask; onAnswer: (d: ReviewDecision) => void }) {
  const approval = task.approval;
  if (task.state !== "waiting-approval" || !approval) return null;
  return (
    <section className="fleet-approval" role="alert" aria-label="Approval requested">
      <p>
        <strong>{approval.kind === "exec" ? "Run this command?" : "Apply these changes?"}</strong>
      </p>
      <pre>{approval.summary}</pre>
      {approval.reason && <p className="muted">{approval.reason}</p>}
      <div className="buttons">
        <button className="primary" onClick={() => onAnswer("approved")}>
          Approve
        </button>
        <button onClick={() => onAnswer("approved_for_session")}>Approve for the task</button>
        <button className="danger" onClick={() => onAnswer("denied")}>
          Deny
        </button>
      </div>
    </section>
  );
}

function TaskDetail({
  task,
  fleet,
  now,
}: {
  task: FleetTask;
  fleet: ReturnType<typeof useFleet>;
  now: number;
}) {
  const rows = useMemo(() => rowsOf(fleet.entries), [fleet.entries]);
  const { actions } = fleet;
  return (
    <article className="fleet-task" aria-label={`Task ${task.id}`}>
      <header className="fleet-task-head">
        <h2>{task.prompt}</h2>
        <span className={`state state-${task.state}`} aria-label="Task state">
          {STATE_LABELS[task.state]}
        </span>
        {!FINAL.has(task.state) && (
          <button className="danger" onClick={() => void actions.cancel(task.id)}>
            Cancel task
          </button>
        )}
        {(task.state === "failed" || task.state === "cancelled") && (
          <button className="primary" onClick={() => void actions.retry(task.id)}>
            Retry task
          </button>
        )}
      </header>
      <dl className="fleet-meta">
        <dt>Id</dt>
        <dd>{task.id}</dd>
        <dt>Repository</dt>
        <dd>{task.repo}</dd>
        {task.branch && (
          <>
            <dt>Branch</dt>
            <dd>{task.branch}</dd>
          </>
        )}
        <dt>Tokens</dt>
        <dd aria-label="Tokens">
          {task.usage
            ? `${task.usage.total_tokens.toLocaleString()} (in ${task.usage.input_tokens.toLocaleString()}, out ${task.usage.output_tokens.toLocaleString()})`
            : "—"}
        </dd>
        <dt>Time</dt>
        <dd>{timeOf(task, now)}</dd>
        {task.worker && (
          <>
            <dt>Worker</dt>
            <dd>
              {task.worker}
              {task.runs && task.runs > 1 ? ` · ${task.runs} runs` : ""}
            </dd>
          </>
        )}
        {task.model && (
          <>
            <dt>Model</dt>
            <dd>{task.model}</dd>
          </>
        )}
      </dl>
      {task.error && <p className="error">{task.error}</p>}
      <Approval task={task} onAnswer={(d) => void actions.approve(task.id, d)} />
      <section aria-label="Task items" aria-live="polite" className="fleet-items">
        <h3>Items</h3>
        <FleetItems rows={rows} />
      </section>
      {task.finalMessage && (
        <section aria-label="Final message">
          <h3>Final message</h3>
          <Markdown text={task.finalMessage} />
        </section>
      )}
      {task.diff !== undefined && (
        <section aria-label="Task diff">
          <h3>Diff</h3>
          {task.diff.trim() ? <TaskDiff diff={task.diff} /> : <p className="muted">No changes.</p>}
        </section>
      )}
    </article>
  );
}

export function FleetDashboard({ wsUrl }: { wsUrl: string }) {
  const fleet = useFleet(wsUrl);
  const now = Date.now();
  useEffect(() => {
    document.documentElement.dataset.theme = initialTheme();
  }, []);
  return (
    <div className={`app fleet ${fleet.selected ? "task-open" : ""}`}>
      <header className="top">
        <a className="button-link" href="#">
          Threads
        </a>
        <button className="list-toggle" onClick={() => fleet.actions.open(undefined)}>
          Tasks
        </button>
        <h1>Fleet{fleet.queue ? ` · ${fleet.queue}` : ""}</h1>
        <span className={`conn conn-${fleet.connection}`} role="status">
          {fleet.connection === "open"
            ? "connected"
            : fleet.connection === "connecting"
              ? "connecting…"
              : "reconnecting…"}
        </span>
      </header>
      {!fleet.available ? (
        <main className="thread">
          <p className="muted hint">No fleet here: start codex-ts web with --redis URL.</p>
        </main>
      ) : (
        <>
          <nav className="thread-list fleet-list" aria-label="Fleet tasks">
            <SubmitForm onSubmit={fleet.actions.submit} />
            <TaskTable tasks={fleet.tasks} selected={fleet.selected} onOpen={fleet.actions.open} now={now} />
          </nav>
          <main className="thread">
            {fleet.error && (
              <div className="error banner" role="alert">
                {fleet.error}{" "}
                <button aria-label="Dismiss error" onClick={fleet.clearError}>
                  ×
                </button>
              </div>
            )}
            <div className="items">
              {fleet.task ? (
                <TaskDetail task={fleet.task} fleet={fleet} now={now} />
              ) : (
                <p className="muted hint">Pick a task, or submit one.</p>
              )}
            </div>
          </main>
        </>
      )}
    </div>
  );
}
