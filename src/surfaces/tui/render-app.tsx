// Mounts the app inline in the terminal (no alternate screen: the history stays in the scrollback), with
// bracketed paste on so a paste arrives whole, and prints a short summary after the user quits.
import { render } from "ink";
import type { Config } from "../../config/load.js";
import { installResizeRedraw } from "./render/resize-redraw.js";
import { formatTokens } from "./state/context-left.js";
import { TuiApp, type ExitSummary } from "./components/TuiApp.js";
import type { PickerWidening } from "./components/use-thread-picker.js";
import {
  FOCUS_REPORTING_OFF,
  FOCUS_REPORTING_ON,
  notificationSettings,
  TerminalNotifier,
} from "./notifications/terminal-notifier.js";

const BRACKETED_PASTE_ON = "\x1b[?2004h";
const BRACKETED_PASTE_OFF = "\x1b[?2004l";

function summaryText(summary: ExitSummary | undefined): string {
  if (!summary) return "";
  const lines: string[] = [];
  const total = summary.state.tokens?.total;
  if (total) {
    lines.push(
      `Token usage: total ${formatTokens(total.total_tokens)} · input ${formatTokens(total.input_tokens)}` +
        ` (cached ${formatTokens(total.cached_input_tokens)}) · output ${formatTokens(total.output_tokens)}`,
    );
  }
  if (summary.threadId) lines.push(`Thread: ${summary.threadId}`);
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/** How the session starts: fresh, resuming a thread, or with the picker of earlier threads open. */
export interface StartOptions {
  resumePath?: string;
  pickThreadAtStart?: boolean;
  pickerWidening?: PickerWidening;
  firstImages?: string[];
  forkFrom?: { path: string; up_to_turn?: number };
  /** The picker forks its choice (`codex-ts fork`), up to a turn when given (`--turn N`). */
  pickerForks?: { up_to_turn?: number };
}

export async function renderApp(
  config: Config,
  prompt: string | undefined,
  start: StartOptions = {},
): Promise<number> {
  let summary: ExitSummary | undefined;
  const notifier = new TerminalNotifier(notificationSettings(config.toml.tui, process.env), (data) =>
    process.stdout.write(data),
  );
  const focusOn = notifier.wantsFocusReports ? FOCUS_REPORTING_ON : "";
  const focusOff = notifier.wantsFocusReports ? FOCUS_REPORTING_OFF : "";
  const restore = () => process.stdout.write(BRACKETED_PASTE_OFF + focusOff);
  process.stdout.write(BRACKETED_PASTE_ON + focusOn);
  process.once("exit", restore);
  const instance = render(
    <TuiApp
      config={config}
      {...(prompt !== undefined ? { firstPrompt: prompt } : {})}
      {...start}
      notifier={notifier}
      onExit={(s) => {
        summary = s;
      }}
    />,
    // Frames come at most every 16 ms (engine/event-pacer.ts); at Ink's default 30 fps a key typed during a
    // stream would wait for the throttle's trailing edge, up to 33 ms, before it is drawn.
    { exitOnCtrlC: false, maxFps: 60 },
  );
  const stopResizeRedraw = installResizeRedraw(process.stdout);
  try {
    await instance.waitUntilExit();
  } finally {
    stopResizeRedraw();
    process.off("exit", restore);
    restore();
  }
  process.stdout.write(summaryText(summary));
  return 0;
}
