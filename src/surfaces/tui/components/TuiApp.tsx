// The interactive app: owns the engine connection, the TUI state (fed by engine events), the UI state (fed by
// keys), and carries out the effects the key router asks for. Drawing is TuiView's job.
import { useApp, useStdout } from "ink";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Config } from "../../../config/load.js";
import type { OpOf } from "../../../protocol/core-protocol.js";
import { sandboxPolicyFromMode } from "../../../protocol/policies.js";
import { initialUi, routeKey, type Effect, type UiState } from "../app/key-router.js";
import type { Popup } from "../app/popups.js";
import { runSlashCommand } from "../app/run-slash-command.js";
import { EngineConnection } from "../engine/engine-connection.js";
import type { KeyEvent } from "../input/key-parser.js";
import { useKeypress } from "../input/use-keypress.js";
import type { NewCell } from "../state/cells.js";
import { tuiReducer } from "../state/tui-reducer.js";
import { initialTuiState, type TuiState } from "../state/tui-state.js";
import { pagerRows, TuiView } from "./TuiView.js";

export interface ExitSummary {
  threadId?: string;
  state: TuiState;
}

export interface TuiAppProps {
  config: Config;
  firstPrompt?: string;
  /** Called once the user quit and the engine shut down. */
  onExit?: (summary: ExitSummary) => void;
}

function useTerminalSize(): { width: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ width: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}

/** The settings a fresh session keeps from this one (what /model and /approvals chose). */
function configureOp(state: TuiState | undefined): OpOf<"configure_session"> {
  const s = state?.session;
  if (!s) return { type: "configure_session" };
  return {
    type: "configure_session",
    model: s.model,
    ...(s.effort ? { effort: s.effort } : {}),
    approval_policy: s.approvalPolicy,
    sandbox_policy: s.sandboxPolicy,
  };
}

export function TuiApp({ config, firstPrompt, onExit }: TuiAppProps) {
  const { exit } = useApp();
  const { width, rows } = useTerminalSize();
  const [state, dispatch] = useReducer(tuiReducer, config, (c) =>
    initialTuiState(c.modelContextWindow !== undefined ? { contextWindow: c.modelContextWindow } : {}),
  );
  const [ui, setUiState] = useState<UiState>(() => initialUi());
  const [queued, setQueued] = useState<string[]>([]);
  const [quitting, setQuitting] = useState(false);
  const engine = useRef<EngineConnection | undefined>(undefined);
  // Keys may arrive several to a chunk, before React renders: handlers read and write these refs.
  const uiRef = useRef(ui);
  const stateRef = useRef(state);
  stateRef.current = state;
  const decided = useRef(new Set<string>());
  // The submission id of a prompt whose task has not started yet: another prompt now would replace it.
  const awaitingStart = useRef<string | undefined>(undefined);

  const setUi = useCallback((next: UiState) => {
    uiRef.current = next;
    setUiState(next);
  }, []);
  const addCell = useCallback((cell: NewCell) => dispatch({ type: "add_cell", cell }), []);

  useEffect(() => {
    const connection = new EngineConnection(
      config,
      (event) => {
        if (event.id === awaitingStart.current) awaitingStart.current = undefined;
        dispatch({ type: "engine_event", event, now: Date.now() });
      },
      { type: "configure_session" },
    );
    engine.current = connection;
    if (firstPrompt?.trim()) {
      awaitingStart.current = connection.submit({
        type: "user_turn",
        items: [{ type: "text", text: firstPrompt }],
      });
    }
    return () => {
      void connection.close();
    };
  }, [config, firstPrompt]);

  const sendPrompt = useCallback((text: string) => {
    awaitingStart.current = engine.current?.submit({ type: "user_turn", items: [{ type: "text", text }] });
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

  const carryOut = useCallback(
    (effect: Effect) => {
      const link = engine.current;
      const current = stateRef.current;
      switch (effect.type) {
        case "send":
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
          const { approval, decision } = effect;
          decided.current.add(approval.callId);
          link?.submit({
            type: approval.kind === "exec" ? "exec_approval" : "patch_approval",
            id: approval.callId,
            decision,
          });
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
          link?.submit({ type: "override_turn_context", model: effect.model, effort: effect.effort ?? null });
          dispatch({ type: "turn_context_overridden", model: effect.model, effort: effect.effort ?? null });
          addCell({
            kind: "notice",
            level: "info",
            text: `Model changed to ${effect.model}${effect.effort ? ` (reasoning ${effect.effort})` : ""}.`,
          });
          return;
        case "set_approvals": {
          const { preset } = effect;
          const ww = config.toml.sandbox_workspace_write ?? {};
          const sandboxPolicy = sandboxPolicyFromMode(preset.sandbox, {
            ...(ww.writable_roots ? { writable_roots: ww.writable_roots } : {}),
            ...(ww.network_access !== undefined ? { network_access: ww.network_access } : {}),
          });
          link?.submit({
            type: "override_turn_context",
            approval_policy: preset.approval,
            sandbox_policy: sandboxPolicy,
          });
          dispatch({ type: "turn_context_overridden", approvalPolicy: preset.approval, sandboxPolicy });
          addCell({
            kind: "notice",
            level: "info",
            text: `Approval mode: ${preset.label} (approval ${preset.approval}, sandbox ${preset.sandbox}).`,
          });
          return;
        }
        case "slash":
          void runSlashCommand(effect.name, effect.args, {
            state: current,
            cwd: current.session?.cwd ?? config.cwd,
            addCell,
            openPopup,
            quit,
            newSession: async () => {
              setQueued([]);
              awaitingStart.current = undefined;
              decided.current.clear();
              dispatch({ type: "session_reset" });
              await link?.restart(configureOp(current));
            },
          });
          return;
      }
    },
    [addCell, config, openPopup, quit, sendPrompt],
  );

  const onKey = useCallback(
    (key: KeyEvent) => {
      if (quitting) return;
      const current = stateRef.current;
      const approval = current.approvals.find((a) => !decided.current.has(a.callId));
      const userInput = current.userInputs.find((r) => !decided.current.has(r.callId));
      const before = uiRef.current;
      const routed = routeKey(before, key, {
        now: Date.now(),
        taskRunning: current.task !== undefined,
        ...(approval ? { approval } : {}),
        ...(userInput ? { userInput } : {}),
        pageRows: pagerRows(rows),
        ...(current.session?.effort ? { currentEffort: current.session.effort } : {}),
      });
      if (routed.ui !== before) setUi(routed.ui);
      for (const effect of routed.effects) carryOut(effect);
    },
    [carryOut, quitting, rows, setUi],
  );
  useKeypress(onKey);

  return <TuiView state={state} ui={ui} queued={queued} width={width} rows={rows} quitting={quitting} />;
}
