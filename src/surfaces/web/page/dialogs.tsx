// Questions the agent asks the person: command and file-change approvals, and request_user_input. Each is
// a modal <dialog> (focus stays inside; Escape declines) answered through the app-server request's id.
import { useEffect, useRef, useState, type ReactNode } from "react";
import type {
  CommandExecutionRequestApprovalParams,
  FileChangeRequestApprovalParams,
  ToolRequestUserInputParams,
} from "../../../protocol/app-server/v2/server-requests.js";
import type { FileUpdateChange } from "../../../protocol/app-server/v2/items.js";
import { DiffView } from "./diff-view.js";

export interface ServerRequest {
  id: number | string;
  method: string;
  params: unknown;
}

export function Modal({
  title,
  onEscape,
  children,
}: {
  title: string;
  onEscape: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // The dialog is removed rather than closed, so focus is given back by hand to what had it before.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
      else document.querySelector<HTMLElement>("textarea")?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onEscape();
      }}
    >
      <h2 id="dialog-title">{title}</h2>
      {children}
    </dialog>
  );
}

type Decision = "accept" | "acceptForSession" | "decline" | "cancel";

function ApprovalButtons({ answer }: { answer: (d: Decision) => void }) {
  return (
    <div className="buttons">
      <button autoFocus className="primary" onClick={() => answer("accept")}>
        Approve
      </button>
      <button onClick={() => answer("acceptForSession")}>Approve for session</button>
      <button onClick={() => answer("decline")}>Decline</button>
      <button onClick={() => answer("cancel")}>Decline and stop</button>
    </div>
  );
}

export function RequestDialog({
  request,
  changesOf,
  respond,
}: {
  request: ServerRequest;
  /** The file changes of an item, for a file-change approval. */
  changesOf: (itemId: string) => FileUpdateChange[];
  respond: (result: unknown) => void;
}) {
  const decide = (decision: Decision) => respond({ decision });
  switch (request.method) {
    case "item/commandExecution/requestApproval": {
      const p = request.params as CommandExecutionRequestApprovalParams;
      return (
        <Modal title="Run this command?" onEscape={() => decide("decline")}>
          <pre className="cmd">{p.command}</pre>
          {p.cwd && <p className="muted">in {p.cwd}</p>}
          {p.reason && <p>{p.reason}</p>}
          <ApprovalButtons answer={decide} />
        </Modal>
      );
    }
    case "item/fileChange/requestApproval": {
      const p = request.params as FileChangeRequestApprovalParams;
      return (
        <Modal title="Apply these changes?" onEscape={() => decide("decline")}>
          {p.reason && <p>{p.reason}</p>}
          {changesOf(p.itemId).map((c) => (
            <DiffView key={c.path} change={c} />
          ))}
          <ApprovalButtons answer={decide} />
        </Modal>
      );
    }
    case "item/tool/requestUserInput":
      return <QuestionsDialog params={request.params as ToolRequestUserInputParams} respond={respond} />;
    default:
      return null;
  }
}

function QuestionsDialog({
  params,
  respond,
}: {
  params: ToolRequestUserInputParams;
  respond: (r: unknown) => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const submit = () =>
    respond({
      answers: Object.fromEntries(
        params.questions.map((q) => [q.id, { answers: answers[q.id] ? [answers[q.id]!] : [] }]),
      ),
    });
  return (
    <Modal title="The agent asks" onEscape={() => respond({ answers: {} })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {params.questions.map((q) => (
          <fieldset key={q.id}>
            <legend>{q.header}</legend>
            <p>{q.question}</p>
            {(q.options ?? []).map((o) => (
              <label key={o.label} className="option">
                <input
                  type="radio"
                  name={q.id}
                  checked={answers[q.id] === o.label}
                  onChange={() => setAnswers({ ...answers, [q.id]: o.label })}
                />{" "}
                {o.label} <span className="muted">{o.description}</span>
              </label>
            ))}
            {(q.isOther || !q.options?.length) && (
              <label>
                {q.options?.length ? "Other" : "Answer"}
                <input
                  type={q.isSecret ? "password" : "text"}
                  value={q.options?.some((o) => o.label === answers[q.id]) ? "" : (answers[q.id] ?? "")}
                  onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
                />
              </label>
            )}
          </fieldset>
        ))}
        <div className="buttons">
          <button type="submit" className="primary">
            Answer
          </button>
        </div>
      </form>
    </Modal>
  );
}
