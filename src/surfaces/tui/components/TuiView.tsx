// The whole screen: finished cells go to the scrollback (Scrollback.tsx: printed once, never redrawn); below
// them the live area (what is streaming or running, then the overlay, picker or composer, then the status
// line) is the only part Ink redraws. The live area is sized to stay shorter than the terminal, so Ink never
// has to clear the screen and reprint the history.
import { Box, Text } from "ink";
import type { UiState } from "../app/ui-state.js";
import { menuMatches, slashQuery } from "../slash/slash-commands.js";
import { APPROVAL_PRESETS, presetIndex } from "../slash/approval-presets.js";
import { EFFORT_DESCRIPTIONS } from "../slash/model-choices.js";
import { contextLeftPercent } from "../state/context-left.js";
import { activeSubagentCount } from "../state/subagent-events.js";
import type { TuiState } from "../state/tui-state.js";
import { AgentMessageCell } from "./cells/AgentMessageCell.js";
import { ExecCell } from "./cells/ExecCell.js";
import { ProposedPlanCell } from "./cells/ProposedPlanCell.js";
import { PatchCell } from "./cells/PatchCell.js";
import { ReasoningCell } from "./cells/ReasoningCell.js";
import { SubagentCallCell } from "./cells/SubagentCallCell.js";
import { Composer } from "./Composer.js";
import { CompletionList } from "./CompletionList.js";
import type { Completion } from "../composer/completions.js";
import { HistoryPreview } from "./HistoryPreview.js";
import { ListPicker } from "./ListPicker.js";
import { startForm } from "../app/user-input-form.js";
import { IMPLEMENT_PLAN_CHOICES } from "../app/plan-prompt.js";
import { ageText, previewLine } from "../slash/thread-choices.js";
import { filterThreads } from "../slash/thread-filter.js";
import { tildePath } from "../render/tilde-path.js";
import { ApprovalOverlay } from "./overlays/ApprovalOverlay.js";
import { UserInputForm } from "./overlays/UserInputForm.js";
import { Pager } from "./Pager.js";
import { Scrollback } from "./Scrollback.js";
import { MENU_ROWS, SlashMenu } from "./SlashMenu.js";
import { StatusLine } from "./StatusLine.js";
import { useClock } from "./use-clock.js";
import { WorkingIndicator } from "./WorkingIndicator.js";

export interface TuiViewProps {
  state: TuiState;
  ui: UiState;
  /** Messages typed while a task runs, sent when it ends. */
  queued?: readonly string[];
  width: number;
  rows: number;
  /** Set while the app shuts down: the live area is cleared so only the history stays on screen. */
  quitting?: boolean;
  now?: number;
  /** The `@` / `$` completions for the word at the cursor. */
  completion?: Completion;
}

export const PLACEHOLDER = "Ask codex-ts to do anything";

/** Rows for the pager's text, leaving room for its title and footer. */
export const pagerRows = (rows: number): number => Math.max(5, rows - 4);

function Popup({ ui, state, rows, now }: { ui: UiState; state: TuiState; rows: number; now: number }) {
  const popup = ui.popup;
  if (!popup) return null;
  switch (popup.kind) {
    case "model":
      return (
        <ListPicker
          title="Select a model"
          subtitle="Applies to the next turn of this session."
          items={popup.choices.map((c) => ({
            label: c.model,
            description: c.description,
            current: c.model === state.session?.model,
          }))}
          selected={popup.selected}
        />
      );
    case "effort":
      return (
        <ListPicker
          title={`Reasoning effort for ${popup.choice.model}`}
          items={popup.choice.efforts.map((e) => ({
            label: e,
            description: EFFORT_DESCRIPTIONS[e],
            current: popup.choice.model === state.session?.model && e === state.session?.effort,
          }))}
          selected={popup.selected}
        />
      );
    case "approvals": {
      const current = presetIndex(state.session?.approvalPolicy, state.session?.sandboxPolicy.type);
      return (
        <ListPicker
          title="Select approval mode"
          subtitle="What codex-ts may do without asking (policy and sandbox)."
          items={APPROVAL_PRESETS.map((p, i) => ({
            label: p.label,
            description: `${p.description} [${p.approval}, ${p.sandbox}]`,
            current: i === current,
          }))}
          selected={popup.selected}
        />
      );
    }
    case "threads": {
      const matches = filterThreads(popup.threads, popup.query ?? "");
      return (
        <ListPicker
          title="Resume a previous session"
          subtitle="Threads of this directory, most recent first."
          filter={popup.query ?? ""}
          items={matches.map((m) => ({
            label: previewLine(m.line, 50),
            highlights: m.indices,
            description: `${ageText(m.thread.updatedAt, now)} · ${tildePath(m.thread.cwd)}`,
          }))}
          selected={popup.selected}
          maxVisible={Math.max(3, rows - 15)}
        />
      );
    }
    case "pager":
      return <Pager title={popup.title} lines={popup.lines} offset={popup.offset} rows={pagerRows(rows)} />;
  }
}

function LiveArea({ state, ui, queued = [], width, rows, now, completion }: TuiViewProps & { now: number }) {
  const approval = state.approvals[0];
  const userInput = approval ? undefined : state.userInputs[0];
  const composerLines = Math.max(3, Math.min(8, Math.floor(rows / 4)));
  const planPrompt = !approval && !userInput && state.askImplementPlan === true;
  const query = approval || userInput || planPrompt || ui.popup ? undefined : slashQuery(ui.composer.text);
  const completing =
    completion &&
    !approval &&
    !userInput &&
    !planPrompt &&
    !ui.popup &&
    ui.completionDismissed !== ui.composer.text
      ? completion
      : undefined;
  // What the stream may use: the screen minus the composer, status line, indicators and running commands.
  const reserved =
    composerLines +
    8 +
    state.execs.length * 5 +
    state.subagentCalls.length * 3 +
    (query !== undefined || completing ? MENU_ROWS + 1 : 0);
  const streamRows = Math.max(3, rows - reserved);
  const contextLeft = contextLeftPercent(state.tokens, state.contextWindow);
  const live = state.agentStream || state.reasoningStream || state.planStream || state.execs.length > 0;
  return (
    <Box flexDirection="column">
      {state.pendingHistory.length > 0 && !live ? (
        <Box marginTop={1}>
          <HistoryPreview pending={state.pendingHistory} rows={streamRows} width={width} />
        </Box>
      ) : null}
      {state.reasoningStream ? (
        <Box marginTop={1}>
          <ReasoningCell
            text={state.reasoningStream}
            maxRows={state.agentStream ? 2 : streamRows}
            width={width}
          />
        </Box>
      ) : null}
      {state.agentStream ? (
        <Box marginTop={1}>
          <AgentMessageCell
            markdown={state.agentStream}
            continued={(state.agentCommitted ?? 0) > 0}
            maxRows={state.planStream ? 3 : streamRows}
            width={width}
          />
        </Box>
      ) : null}
      {state.planStream ? (
        <Box marginTop={1}>
          <ProposedPlanCell markdown={state.planStream} maxRows={streamRows - 1} width={width} />
        </Box>
      ) : null}
      {state.execs.map((run) => (
        <Box key={run.callId} marginTop={1}>
          <ExecCell run={run} now={now} />
        </Box>
      ))}
      {state.patches.map((run) => (
        <Box key={run.callId} marginTop={1}>
          <PatchCell run={run} maxLinesPerFile={5} />
        </Box>
      ))}
      {state.subagentCalls.map((call) => (
        <Box key={call.callId} marginTop={1}>
          <SubagentCallCell call={call} now={now} />
        </Box>
      ))}
      <Box marginTop={1} flexDirection="column">
        {state.task && !approval && !userInput ? (
          <WorkingIndicator
            startedAt={state.task.startedAt}
            now={now}
            interrupting={state.task.interruptRequested}
          />
        ) : null}
        {queued.map((text, i) => (
          <Text key={i} dimColor wrap="truncate-end">{`↳ queued: ${text.split("\n")[0] ?? ""}`}</Text>
        ))}
        {approval ? (
          <ApprovalOverlay
            approval={approval}
            queued={state.approvals.length - 1}
            maxDiffLines={Math.max(3, rows - 18)}
          />
        ) : userInput ? (
          <UserInputForm
            request={userInput}
            form={ui.form?.callId === userInput.callId ? ui.form : startForm(userInput)}
          />
        ) : planPrompt ? (
          <ListPicker
            title="Implement this plan?"
            items={IMPLEMENT_PLAN_CHOICES}
            selected={ui.planSelected ?? 0}
            footer="↑↓ select · Enter confirm · y yes · n no"
          />
        ) : ui.popup ? (
          <Popup ui={ui} state={state} rows={rows} now={now} />
        ) : (
          <>
            <Composer state={ui.composer} maxLines={composerLines} placeholder={PLACEHOLDER} />
            {query !== undefined ? (
              <SlashMenu matches={menuMatches(query)} selected={ui.menuSelected} />
            ) : completing ? (
              <CompletionList completion={completing} selected={ui.menuSelected} />
            ) : null}
          </>
        )}
        <StatusLine
          {...(state.session ? { session: state.session } : {})}
          collaborationMode={state.collaborationMode}
          {...(contextLeft === undefined ? {} : { contextLeft })}
          taskRunning={state.task !== undefined}
          quitArmed={ui.quitArmedUntil !== undefined && now < ui.quitArmedUntil}
          subagentsActive={activeSubagentCount(state.subagents)}
        />
      </Box>
    </Box>
  );
}

export function TuiView(props: TuiViewProps) {
  const ticking = props.state.task !== undefined || props.state.execs.length > 0;
  const clock = useClock(ticking && props.now === undefined);
  const now = props.now ?? clock;
  return (
    <>
      <Scrollback key={props.state.historyEpoch} history={props.state.history} width={props.width} />
      {props.quitting ? null : <LiveArea {...props} now={now} />}
    </>
  );
}
