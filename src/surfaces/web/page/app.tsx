// The page: thread list beside the open thread, composer below, questions as dialogs. Narrow screens
// show the list as a panel the "Threads" button opens.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { RateLimitSnapshot } from "../../../protocol/app-server/v2/account.js";
import type { ThreadItem } from "../../../protocol/app-server/v2/items.js";
import { Composer, NO_SETTINGS, type TurnSettings } from "./composer.js";
import { RequestDialog } from "./dialogs.js";
import { ItemView, PlanSteps, Subagents, type SubagentTree } from "./item-view.js";
import { FileViewer, OpenLocation, ReviewDialog, type FileLocation } from "./review.js";
import { runningTurn, subagentsOf, type ThreadView } from "./thread-state.js";
import { ThreadList, titleOf } from "./thread-list.js";
import { useAgent } from "./use-agent.js";

type Theme = "dark" | "light";

export function initialTheme(): Theme {
  const saved = localStorage.getItem("codex-ts-theme");
  if (saved === "dark" || saved === "light") return saved;
  return matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
}

function windowName(minutes: number | null | undefined): string {
  if (minutes === 300) return "5h";
  if (minutes === 10080) return "weekly";
  if (!minutes) return "limit";
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/** How much of the account's usage windows is used, as the model's last response said. */
function RateLimits({ limits }: { limits: RateLimitSnapshot }) {
  const windows = [limits.primary, limits.secondary].filter((w) => w != null);
  if (windows.length === 0) return null;
  // When each window resets, as the description (a tooltip; screen readers read it after the figures).
  const resets = windows
    .filter((w) => w.resetsAt != null)
    .map((w) => `${windowName(w.windowDurationMins)} resets ${new Date(w.resetsAt! * 1000).toLocaleString()}`)
    .join("; ");
  return (
    <span className="muted limits" aria-label="Rate limits" title={resets || undefined}>
      {windows.map((w) => `${windowName(w.windowDurationMins)} ${w.usedPercent}%`).join(" · ")}
    </span>
  );
}

/** A new thread's title until the list has its preview: what was asked first. */
function firstPrompt(view: ThreadView): string {
  for (const turn of view.turns)
    for (const item of turn.items)
      if (item.type === "userMessage")
        return item.content.map((c) => (c.type === "text" ? c.text : "")).join(" ") || "New thread";
  return "New thread";
}

/** Keyboard-first: after picking a thread, the next keys go to the message box. */
function focusMessage(): void {
  requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>(".composer textarea")?.focus());
}

/** Where each subagent is shown: inside the first call that names it, the root's turns first. */
function subagentHomes(view: ThreadView): { home: Map<string, string>; states: Map<string, string> } {
  const home = new Map<string, string>();
  /** Each subagent's status as the latest call naming it saw it. */
  const states = new Map<string, string>();
  const turnsOfTree = [view.turns, ...Object.values(view.children ?? {}).map((c) => c.turns)];
  for (const turns of turnsOfTree)
    for (const turn of turns)
      for (const item of turn.items)
        for (const id of subagentsOf(item)) {
          if (!home.has(id)) home.set(id, item.id);
          const state = item.type === "collabAgentToolCall" ? item.agentsStates[id] : undefined;
          if (state) states.set(id, state.status);
        }
  return { home, states };
}

/**
 * A review's answer comes twice: as its findings (exitedReviewMode) and as an agent message with the same
 * text, for clients that show only messages. The page shows the findings once, structured.
 */
function shownItems(items: ThreadItem[]): ThreadItem[] {
  const reviews = new Set(
    items.flatMap((i) => (i.type === "exitedReviewMode" && i.reviewOutput ? [i.review.trim()] : [])),
  );
  if (reviews.size === 0) return items;
  return items.filter((i) => i.type !== "agentMessage" || !reviews.has(i.text.trim()));
}

function Turns({ view }: { view: ThreadView }) {
  return (
    <>
      {view.turns.map((turn) => (
        <article key={turn.id} className="turn" aria-label="Turn">
          {shownItems(turn.items).map((item) => (
            <ItemView key={item.id} item={item} />
          ))}
          {turn.plan && <PlanSteps steps={turn.plan.steps} explanation={turn.plan.explanation} />}
          {turn.status === "interrupted" && <p className="muted turn-end">Interrupted</p>}
          {turn.status === "failed" && (
            <p className="error turn-end">Failed: {turn.error ?? "unknown error"}</p>
          )}
        </article>
      ))}
    </>
  );
}

export function App({ wsUrl }: { wsUrl: string }) {
  const agent = useAgent(wsUrl);
  const { view, actions } = agent;
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [settings, setSettings] = useState<TurnSettings>(NO_SETTINGS);
  const [listOpen, setListOpen] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [location, setLocation] = useState<FileLocation | undefined>();
  const scroller = useRef<HTMLDivElement>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  // Stable, so the composer's search does not restart on every render.
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const readFile = useCallback((path: string) => actionsRef.current.readFile(path), []);
  const loadChild = useCallback((id: string) => actionsRef.current.loadChild(id), []);
  const tree = useMemo<SubagentTree>(
    () => ({
      children: view?.children ?? {},
      ...(view ? subagentHomes(view) : { home: new Map(), states: new Map() }),
      load: loadChild,
    }),
    [view, loadChild],
  );
  const searchFiles = useCallback(
    (query: string) => actionsRef.current.searchFiles(query, settingsRef.current),
    [],
  );
  const pinned = useRef(true);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem("codex-ts-theme", theme);
  }, [theme]);

  // Follow the stream while the reader is at the bottom; stay put when they scrolled up.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [view]);

  // The list has the thread's preview once its first turn is written; a fresh view does not.
  const listed = agent.threads.find((t) => t.id === view?.thread.id);
  const running = view ? runningTurn(view) !== undefined : false;
  const request = agent.requests[0];
  // Keyboard: Escape interrupts a running turn (as in the terminal UI); Ctrl/Cmd+K searches the threads.
  // Read at the key press from what was last rendered: a listener set in an effect would see the turn
  // running only after the paint that shows the Interrupt button, so an Escape right then was lost.
  const keyState = useRef({ running, request, location });
  keyState.current = { running, request, location };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const now = keyState.current;
      if (e.key === "Escape" && now.running && !now.request && !now.location && !e.defaultPrevented)
        actionsRef.current.interrupt();
      if (e.key === "k" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        // Rendered and focused before this handler returns, so the keys typed right after go to the search.
        flushSync(() => setListOpen(true));
        document.querySelector<HTMLInputElement>(".thread-list input[type=search]")?.focus();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  const changesOf = (itemId: string) => {
    for (const turn of view?.turns ?? [])
      for (const item of turn.items)
        if (item.id === itemId && item.type === "fileChange") return item.changes;
    return [];
  };

  return (
    <OpenLocation.Provider value={setLocation}>
      <div className={`app ${listOpen ? "list-open" : ""}`}>
        <header className="top">
          <button className="list-toggle" aria-expanded={listOpen} onClick={() => setListOpen(!listOpen)}>
            Threads
          </button>
          <h1>{listed ? titleOf(listed) : view ? titleOf(view.thread, firstPrompt(view)) : "codex-ts"}</h1>
          {view?.tokens && (
            <span className="muted tokens" title="Tokens used by this thread">
              {view.tokens.total.toLocaleString()} tokens
              {view.tokens.contextWindow ? ` / ${view.tokens.contextWindow.toLocaleString()}` : ""}
            </span>
          )}
          {agent.rateLimits && <RateLimits limits={agent.rateLimits} />}
          {agent.fleet && (
            <a className="button-link" href="#fleet">
              Fleet
            </a>
          )}
          <span className={`conn conn-${agent.connection}`} role="status">
            {agent.connection === "open"
              ? "connected"
              : agent.connection === "connecting"
                ? "connecting…"
                : "reconnecting…"}
          </span>
          <button
            aria-label="Dark theme"
            aria-pressed={theme === "dark"}
            onClick={() => setTheme(theme === "dark" ? "light" : "dark")}
          >
            {theme === "dark" ? "Light" : "Dark"}
          </button>
        </header>
        <ThreadList
          threads={agent.threads}
          selected={view?.thread.id}
          archived={agent.archived}
          search={agent.search}
          onSearch={agent.setSearch}
          onArchived={agent.setArchived}
          onOpen={(id) => {
            setListOpen(false);
            actions.open(id);
            focusMessage();
          }}
          onNew={() => {
            setListOpen(false);
            actions.newThread();
            focusMessage();
          }}
          onRename={(id, name) => void actions.rename(id, name)}
          onFork={(id) => void actions.fork(id)}
          onArchive={(id, archive) => void actions.archive(id, archive)}
        />
        <main className="thread">
          {agent.error && (
            <div className="error banner" role="alert">
              {agent.error}{" "}
              <button aria-label="Dismiss error" onClick={agent.clearError}>
                ×
              </button>
            </div>
          )}
          <div
            className="items"
            ref={scroller}
            // Focusable so that arrow and page keys scroll it.
            tabIndex={0}
            role="log"
            aria-label="Thread view"
            aria-live="polite"
            onScroll={(e) => {
              const el = e.currentTarget;
              pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
            }}
          >
            {view ? (
              <Subagents.Provider value={tree}>
                <Turns view={view} />
              </Subagents.Provider>
            ) : (
              <p className="muted hint">Start a new thread: type a message below.</p>
            )}
            {view?.readOnly && (
              <p className="muted" role="note">
                A subagent of another thread: it is steered through its parent.
              </p>
            )}
            {running && (
              <p className="muted working" aria-label="Working">
                Working…
              </p>
            )}
          </div>
          <Composer
            models={agent.models}
            settings={settings}
            onSettings={setSettings}
            running={running}
            disabled={agent.connection !== "open" || view?.readOnly === true}
            onSend={(text, images) => actions.send(text, settings, images)}
            searchFiles={searchFiles}
            onInterrupt={actions.interrupt}
            onReview={() => setReviewing(true)}
          />
        </main>
        {reviewing && (
          <ReviewDialog
            onClose={() => setReviewing(false)}
            onStart={(target) => {
              setReviewing(false);
              void actions.review(target, settings);
            }}
          />
        )}
        {location && (
          <FileViewer location={location} read={readFile} onClose={() => setLocation(undefined)} />
        )}
        {request && (
          <RequestDialog
            key={String(request.id)}
            request={request}
            changesOf={changesOf}
            respond={(result) => actions.answer(request, result)}
          />
        )}
      </div>
    </OpenLocation.Provider>
  );
}
