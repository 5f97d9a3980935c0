// Review mode in the page: a dialog to start a review (review/start, inline), the review's items (entered,
// and the findings when it exits) and a viewer that opens a finding's file at its lines (fs/readFile).
import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { ReviewTarget } from "../../../protocol/review.js";
import type { ThreadItemOf } from "../../../protocol/app-server/v2/items.js";
import { Modal } from "./dialogs.js";
import { Markdown } from "./markdown.js";

export interface FileLocation {
  path: string;
  start: number;
  end: number;
}

/** Opens a file at some lines; given by the app so that any item can link to a location. */
export const OpenLocation = createContext<(location: FileLocation) => void>(() => undefined);

type Kind = ReviewTarget["type"];

export function ReviewDialog({
  onStart,
  onClose,
}: {
  onStart: (target: ReviewTarget) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<Kind>("uncommittedChanges");
  const [value, setValue] = useState("");
  const target = (): ReviewTarget | undefined => {
    const text = value.trim();
    if (kind === "uncommittedChanges") return { type: kind };
    if (!text) return undefined;
    if (kind === "baseBranch") return { type: kind, branch: text };
    if (kind === "commit") return { type: kind, sha: text };
    return { type: kind, instructions: text };
  };
  const field = {
    uncommittedChanges: undefined,
    baseBranch: "Base branch",
    commit: "Commit",
    custom: "Instructions",
  }[kind];
  const ready = target();
  return (
    <Modal title="Start a review" onEscape={onClose}>
      <form
        className="review-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onStart(ready);
        }}
      >
        <fieldset>
          <legend>What to review</legend>
          {(
            [
              ["uncommittedChanges", "Uncommitted changes"],
              ["baseBranch", "Against a base branch"],
              ["commit", "A commit"],
              ["custom", "Custom instructions"],
            ] as const
          ).map(([k, label]) => (
            <label key={k}>
              <input
                type="radio"
                name="review-target"
                checked={kind === k}
                autoFocus={k === kind}
                onChange={() => setKind(k)}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        {field && (
          <label className="field">
            {field}
            {kind === "custom" ? (
              <textarea rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
            ) : (
              <input
                value={value}
                placeholder={kind === "commit" ? "sha" : "main"}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </label>
        )}
        <div className="buttons">
          <button type="submit" className="primary" disabled={!ready}>
            Start review
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** The findings of a review that ended: each with its priority, confidence, text and location. */
export function ReviewFindings({ item }: { item: ThreadItemOf<"exitedReviewMode"> }) {
  const open = useContext(OpenLocation);
  const output = item.reviewOutput;
  if (!output) {
    return (
      <section className="item review" aria-label="Review findings">
        <header>Review finished</header>
        {item.review ? <Markdown text={item.review} /> : <p className="muted">No findings were returned.</p>}
      </section>
    );
  }
  return (
    <section className="item review" aria-label="Review findings">
      <header>
        Review: {output.overall_correctness}{" "}
        <span className="muted">(confidence {Math.round(output.overall_confidence_score * 100)}%)</span>
      </header>
      {output.overall_explanation && <p>{output.overall_explanation}</p>}
      {output.findings.length === 0 && <p className="muted">No findings.</p>}
      <ol className="findings">
        {output.findings.map((f, i) => {
          const { absolute_file_path: path, line_range: range } = f.code_location;
          const lines = range.start === range.end ? `${range.start}` : `${range.start}-${range.end}`;
          return (
            <li key={i} className="finding" aria-label={`Finding ${f.title}`}>
              <header>
                {f.priority != null && <span className={`priority p${f.priority}`}>P{f.priority}</span>}{" "}
                <strong>{f.title.replace(/^\[P\d\]\s*/, "")}</strong>{" "}
                <span className="muted">confidence {Math.round(f.confidence_score * 100)}%</span>
              </header>
              <a
                href={`#file=${encodeURIComponent(path)}:${lines}`}
                title={path}
                onClick={(e) => {
                  e.preventDefault();
                  open({ path, start: range.start, end: range.end });
                }}
              >
                {fileName(path)}:{lines}
              </a>
              <Markdown text={f.body} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function ReviewStarted({ item }: { item: ThreadItemOf<"enteredReviewMode"> }) {
  return (
    <p className="item review-started" role="note">
      Review started: {item.review}
    </p>
  );
}

/** A file shown at some lines, which are marked and scrolled to. */
export function FileViewer({
  location,
  read,
  onClose,
}: {
  location: FileLocation;
  read: (path: string) => Promise<string>;
  onClose: () => void;
}) {
  const [text, setText] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const marked = useRef<HTMLLIElement>(null);
  useEffect(() => {
    read(location.path).then(setText, (err: unknown) =>
      setError(err instanceof Error ? err.message : String(err)),
    );
  }, [location.path, read]);
  useEffect(() => {
    marked.current?.scrollIntoView({ block: "center" });
  }, [text]);
  const lines = text?.split("\n") ?? [];
  if (lines.at(-1) === "") lines.pop();
  return (
    <Modal title={`${location.path}:${location.start}-${location.end}`} onEscape={onClose}>
      {error && <p className="error">{error}</p>}
      {text === undefined && !error && <p className="muted">Loading…</p>}
      {text !== undefined && (
        <ol className="file-lines" aria-label="File">
          {lines.map((line, i) => {
            const n = i + 1;
            const inRange = n >= location.start && n <= location.end;
            return (
              <li
                key={n}
                value={n}
                ref={n === location.start ? marked : undefined}
                className={inRange ? "marked" : undefined}
                aria-current={inRange ? "location" : undefined}
              >
                <code>{line || " "}</code>
              </li>
            );
          })}
        </ol>
      )}
      <div className="buttons">
        <button autoFocus onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
