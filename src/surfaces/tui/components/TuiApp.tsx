// The interactive app: owns the engine connection, the TUI state (fed by engine events), the UI state (fed by
// keys), and carries out the effects the key router asks for. Drawing is TuiView's job.
import { useApp, useStdout } from "ink";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { CONFIG_DEFAULTS } from "../../../config/config-defaults.js";
import type { Config } from "../../../config/load.js";
import { configuredCollaborationMode } from "../../../core/plan-mode/configured-mode.js";
import type { OpOf } from "../../../protocol/core-protocol.js";
import type { CollaborationModeKind } from "../../../protocol/policies.js";
import { IMPLEMENT_PLAN_REQUEST } from "../app/plan-prompt.js";
import { initialUi, routeKey } from "../app/key-router.js";
import type { Effect, UiState } from "../app/ui-state.js";
import type { Popup } from "../app/popups.js";
import { runSlashCommand } from "../app/run-slash-command.js";
import { approvalsChange, modelChange } from "../app/settings-change.js";
import { EventPacer } from "../engine/event-pacer.js";
import { EngineConnection } from "../engine/engine-connection.js";
import type { KeyEvent } from "../input/key-parser.js";
import { useKeypress } from "../input/use-keypress.js";
import { HeldKeys } from "../app/held-keys.js";
import type { NewCell } from "../state/cells.js";
import { tuiReducer } from "../state/tui-reducer.js";
import { initialTuiState, type TuiState } from "../state/tui-state.js";
import { clearTerminal } from "../render/resize-redraw.js";
import { readHistoryTexts } from "../../../core/message-history.js";
import { usePromptHistory } from "./use-prompt-history.js";
import { configureOp, useHistoryBatches, useTerminalSize } from "./app-support.js";
import { completionFor } from "../composer/completions.js";
import { pagerRows, TuiView } from "./TuiView.js";
import { warmUpAnswerRendering } from "./cells/agent-message-rows.js";
import { useCompletion } from "./use-completion.js";
import { useThreadPicker, type PickerWidening } from "./use-thread-picker.js";
import type { TerminalNotifier } from "../notifications/terminal-notifier.js";

export interface ExitSummary {
  threadId?: string;
  state: TuiState;
}

export interface TuiAppProps {
  config: Config;
  firstPrompt?: string;
  /** Resume the thread of this rollout file (`codex-ts resume ID|--last`). */
  resumePath?: string;
  /** Open the picker of earlier threads once the session is up (`codex-ts resume`). */
  pickThreadAtStart?: boolean;
  /** Start on a new fork of this rollout (`codex-ts fork ID|--last`), up to a turn when given. */
  forkFrom?: { path: string; up_to_turn?: number };
  /** The picker opened at start forks the thread chosen instead of resuming it (`codex-ts fork [--turn N]`). */
  pickerForks?: { up_to_turn?: number };
  /** `--all` / `--include-non-interactive`: the threads the picker offers beyond this directory's own. */
  pickerWidening?: PickerWidening;
  /** `-i FILE`: images sent with the first prompt (alone, when there is none). */
  firstImages?: string[];
  /** Called once the user quit and the engine shut down. */
  onExit?: (summary: ExitSummary) => void;
  /** Terminal notifications ([tui] notifications): told of engine events and of focus changes. */
  notifier?: TerminalNotifier;
}

export function TuiApp({
  config,
  firstPrompt,
  resumePath,
  pickThreadAtStart,
  pickerWidening,
  firstImages,
  forkFrom,
  pickerForks,
  onExit,
  notifier,
}: TuiAppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const { width, rows } = useTerminalSize();
  const [state, dispatch] = useReducer(tuiReducer, config, (c) =>
    initialTuiState({
      ...(c.modelContextWindow !== undefined ? { contextWindow: c.modelContextWindow } : {}),
      collaborationMode: configuredCollaborationMode(c.toml).mode,
      hideReasoning: c.toml.hide_agent_reasoning ?? CONFIG_DEFAULTS.hide_agent_reasoning,
    }),
  );
  useHistoryBatches(state.pendingHistory, dispatch);
  const [ui, setUiState] = useState<UiState>(() => initialUi());
  const [queued, setQueued] = useState<string[]>([]);
  const [quitting, setQuitting] = useState(false);
  const engine = useRef<EngineConnection | undefined>(undefined);
  const pacerRef = useRef<EventPacer | undefined>(undefined);
  // Keys may arrive several to a chunk, before React renders: handlers read and write these refs.
  const uiRef = useRef(ui);
  const stateRef = useRef(state);
  stateRef.current = state;
  const decided = useRef(new Set<string>());
  const forkPick = useRef(pickerForks);
  // The submission id of a prompt whose task has not started yet: another prompt now would replace it.
  const awaitingStart = useRef<string | undefined>(undefined);

  const { completion, sources, whenFound } = useCompletion(
    state.session?.cwd ?? config.cwd,
    config.codexHome,
    ui.composer,
    state.skills,
    state.task !== undefined,
  );
  // The skills of the session's directory, for `$` completion and /skills.
  const threadId = state.session?.threadId;
  const recordPrompt = usePromptHistory(config, threadId);
  useEffect(() => {
    if (threadId) engine.current?.submit({ type: "list_skills", cwds: [], force_reload: false });
  }, [threadId]);

  const setUi = useCallback((next: UiState) => {
    uiRef.current = next;
    setUiState(next);
  }, []);
  const addCell = useCallback((cell: NewCell) => dispatch({ type: "add_cell", cell }), []);
  // Earlier sessions' prompts for Up, read once the first frame is out (the file can be megabytes).
  useEffect(() => {
    const recalled = readHistoryTexts(config.codexHome);
    if (recalled.length === 0) return;
    const current = uiRef.current;
    const history = [...recalled, ...current.composer.history];
    setUi({ ...current, composer: { ...current.composer, history } });
  }, [config.codexHome, setUi]);

  useEffect(() => {
    const warmUp = setTimeout(warmUpAnswerRendering, 0);
    return () => clearTimeout(warmUp);
  }, []);

  useEffect(() => {
    // Events reach the state in frames (engine/event-pacer.ts): a burst of stream deltas makes a few state
    // changes and frames, not one per delta nor one huge one, and keys typed meanwhile get in between.
    const pacer = new EventPacer((events, replayed) => {
      // The kept history is printed again from the top of a clean screen.
      if (events.some((e) => e.msg.type === "thread_rolled_back")) clearTerminal(stdout);
      dispatch({ type: "engine_events", events, now: Date.now(), ...(replayed ? { replayed } : {}) });
    });
    pacerRef.current = pacer;
    const connection = new EngineConnection(
      config,
      (event, replayed) => {
        if (event.id === awaitingStart.current) awaitingStart.current = undefined;
        notifier?.onEvent(event);
        pacer.push(event, replayed);
      },
      {
        type: "configure_session",
        ...(resumePath ? { resume_path: resumePath } : {}),
        ...(forkFrom ? { fork_from: forkFrom } : {}),
      },
    );
    engine.current = connection;
    const images = (firstImages ?? []).map((path) => ({ type: "local_image" as const, path }));
    if (firstPrompt?.trim() || images.length > 0) {
      if (firstPrompt?.trim()) recordPrompt(firstPrompt);
      awaitingStart.current = connection.submit({
        type: "user_turn",
        items: [...(firstPrompt?.trim() ? [{ type: "text" as const, text: firstPrompt }] : []), ...images],
      });
    }
    return () => {
      pacer.stop();
      void connection.close();
    };
  }, [config, firstPrompt, firstImages, resumePath, forkFrom, stdout, notifier, recordPrompt]);

  const sendPrompt = useCallback((text: string, mode?: CollaborationModeKind) => {
    awaitingStart.current = engine.current?.submit({
      type: "user_turn",
      items: [{ type: "text", text }],
      collaboration_mode: mode ?? stateRef.current.collaborationMode,
    });
  }, []);

  // Messages typed while a task ran go out, one by one, when it ends.
  useEffect(() => {
    if (state.task || awaitingStart.current !== undefined || queued.length === 0 || !state.session) return;
    const [next, ...rest] = queued;
    setQueued(rest);
    if (next !== undefined) sendPrompt(next);
  }, [state, queued, sendPrompt]);

  // The "press Ctrl+C again" hint goes away when the window closes.
  useEffect(() => {
    if (ui.quitArmedUntil === undefined) return;
    const timer = setTimeout(
      () => {
        const { quitArmedUntil: _q, ...rest } = uiRef.current;
        setUi(rest);
      },
      Math.max(0, ui.quitArmedUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [ui.quitArmedUntil, setUi]);

  const quit = useCallback(() => setQuitting(true), []);

  // Quit once the frame without the live area is drawn (React may render after the key handler returns).
  useEffect(() => {
    if (!quitting) return;
    void (async () => {
      await engine.current?.close();
      const last = stateRef.current;
      onExit?.({ ...(last.session ? { threadId: last.session.threadId } : {}), state: last });
      exit();
    })();
  }, [quitting, exit, onExit]);

  const openPopup = useCallback((popup: Popup) => setUi({ ...uiRef.current, popup }), [setUi]);

  /** Swaps in a new engine (a new, resumed or forked thread); the choices of /model and /approvals stay. */
  const restartWith = useCallback(async (extra: Partial<OpOf<"configure_session">> = {}) => {
    const current = stateRef.current;
    setQueued([]);
    awaitingStart.current = undefined;
    decided.current.clear();
    dispatch({ type: "session_reset" });
    await engine.current?.restart({ ...configureOp(current), ...extra });
  }, []);

  const pickThread = useThreadPicker({
    config,
    session: state.session,
    atStart: pickThreadAtStart === true,
    ...(pickerWidening ? { widen: pickerWidening } : {}),
    addCell,
    openPopup,
  });

  const carryOut = useCallback(
    (effect: Effect) => {
      const link = engine.current;
      const current = stateRef.current;
      switch (effect.type) {
        case "send":
          recordPrompt(effect.text);
          if (current.task || !current.session || awaitingStart.current !== undefined)
            setQueued((q) => [...q, effect.text]);
          else sendPrompt(effect.text);
          return;
        case "interrupt":
          dispatch({ type: "interrupt_requested" });
          link?.submit({ type: "interrupt" });
          return;
        case "quit":
          quit();
          return;
        case "decide": {
          const { approval, decision, amendment } = effect;
          decided.current.add(approval.callId);
          link?.submit(
            approval.kind === "exec"
              ? {
                  type: "exec_approval",
                  id: approval.callId,
                  decision,
                  ...(amendment ? { execpolicy_amendment: amendment } : {}),
                }
              : { type: "patch_approval", id: approval.callId, decision },
          );
          dispatch({ type: "approval_decided", callId: approval.callId, decision });
          return;
        }
        case "answer":
          decided.current.add(effect.callId);
          link?.submit({
            type: "user_input_answer",
            id: effect.callId,
            response: { answers: effect.answers },
          });
          dispatch({ type: "user_input_answered", callId: effect.callId, answers: effect.answers });
          return;
        case "set_model":
        case "set_approvals": {
          const change =
            effect.type === "set_model"
              ? modelChange(effect.model, effect.effort)
              : approvalsChange(effect.preset, config);
          link?.submit(change.op);
          dispatch(change.action);
          addCell(change.notice);
          return;
        }
        case "cycle_mode": {
          const mode = current.collaborationMode === "plan" ? "default" : "plan";
          dispatch({ type: "collaboration_mode_set", mode });
          return;
        }
        case "implement_plan":
          dispatch({ type: "plan_prompt_closed" });
          if (effect.implement) {
            dispatch({ type: "collaboration_mode_set", mode: "default" });
            sendPrompt(IMPLEMENT_PLAN_REQUEST, "default");
          }
          return;
        case "resume_thread":
          // `codex-ts fork`'s picker forks its one choice; a later /resume resumes.
          if (forkPick.current) {
            const upTo = forkPick.current;
            forkPick.current = undefined;
            addCell({ kind: "notice", level: "info", text: "Forking the chosen thread." });
            void restartWith({ fork_from: { path: effect.path, ...upTo } });
          } else void restartWith({ resume_path: effect.path });
          return;
        case "slash":
          void runSlashCommand(effect.name, effect.args, {
            state: current,
            config,
            cwd: current.session?.cwd ?? config.cwd,
            codexHome: config.codexHome,
            addCell,
            openPopup,
            quit,
            submit: (op) => link?.submit(op),
            showSkills: () => dispatch({ type: "skills_report_requested" }),
            reloadSkills: () => {
              const id = link?.submit({ type: "list_skills", cwds: [], force_reload: true });
              if (id) dispatch({ type: "skills_reload_requested", id });
            },
            // As in Codex, a session the user starts over from a running one is SessionStart's `clear`.
            newSession: () => restartWith({ session_start_source: "clear" }),
            pickThread,
            forkSession: async () => {
              const path = current.session?.rolloutPath;
              if (!path) {
                addCell({
                  kind: "notice",
                  level: "warning",
                  text: "This session has no thread to fork yet.",
                });
                return;
              }
              addCell({
                kind: "notice",
                level: "info",
                text: `Forking thread ${current.session?.threadId}.`,
              });
              await restartWith({ fork_from: { path } });
            },
          });
          return;
      }
    },
    [addCell, config, openPopup, pickThread, quit, restartWith, recordPrompt, sendPrompt],
  );

  // Keys a Tab waiting for the `@` finder's matches holds back (app/held-keys.ts).
  const heldKeys = useRef<HeldKeys | undefined>(undefined);
  const onKey = useCallback(
    (key: KeyEvent, waited: boolean) => {
      if (quitting) return;
      pacerRef.current?.yieldToInput();
      const current = stateRef.current;
      const approval = current.approvals.find((a) => !decided.current.has(a.callId));
      const userInput = current.userInputs.find((r) => !decided.current.has(r.callId));
      const before = uiRef.current;
      const typing = completionFor(before.composer, sources.current);
      const routed = routeKey(before, key, {
        now: Date.now(),
        taskRunning: current.task !== undefined,
        ...(approval ? { approval } : {}),
        ...(userInput ? { userInput } : {}),
        planPrompt: !approval && !userInput && current.askImplementPlan === true,
        ...(typing ? { completion: typing } : {}),
        pageRows: pagerRows(rows),
        ...(current.session?.effort ? { currentEffort: current.session.effort } : {}),
      });
      const awaiting = routed.effects.find((e) => e.type === "await_matches");
      // Held until the word's matches are known; after that wait, a key still without them does nothing.
      if (awaiting) return waited ? undefined : heldKeys.current?.hold(key, whenFound(awaiting.query));
      if (routed.ui !== before) setUi(routed.ui);
      for (const effect of routed.effects) carryOut(effect);
    },
    [carryOut, quitting, rows, setUi, sources, whenFound],
  );
  const routeRef = useRef(onKey);
  routeRef.current = onKey;
  heldKeys.current ??= new HeldKeys((key, waited) => routeRef.current(key, waited));
  const pressKey = useCallback((key: KeyEvent) => heldKeys.current?.press(key), []);
  useKeypress(pressKey, (focused) => notifier?.setFocused(focused), {
    pasteBurst: !(config.toml.tui?.disable_paste_burst ?? config.toml.disable_paste_burst ?? false),
  });

  return (
    <TuiView
      state={state}
      ui={ui}
      queued={queued}
      width={width}
      rows={rows}
      quitting={quitting}
      {...(completion ? { completion } : {})}
    />
  );
}
