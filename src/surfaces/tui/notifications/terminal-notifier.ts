// Terminal notifications, as the real Codex's `[tui] notifications`: when a turn completes or an approval is
// asked for, and (by default) only while the terminal window is not focused, write an OSC 9 desktop
// notification (`ESC ] 9 ; text BEL`) or a plain BEL. Focus comes from the terminal's focus reports
// (`CSI ? 1004 h`: it then sends `CSI I` / `CSI O`); a terminal that never reports counts as focused.
import type { TuiToml } from "../../../config/schema.js";
import type { Event } from "../../../protocol/core-protocol.js";

export const FOCUS_REPORTING_ON = "\x1b[?1004h";
export const FOCUS_REPORTING_OFF = "\x1b[?1004l";

export type NotificationKind = "agent-turn-complete" | "approval-requested";

export interface NotificationSettings {
  kinds: ReadonlySet<NotificationKind>;
  method: "osc9" | "bel";
  condition: "unfocused" | "always";
}

/** Terminals known to show OSC 9 as a desktop notification; elsewhere `auto` rings the bell. */
const OSC9_TERMINALS = ["iTerm.app", "WezTerm", "ghostty", "WarpTerminal", "vscode"];

export function notificationSettings(tui: TuiToml | undefined, env: NodeJS.ProcessEnv): NotificationSettings {
  const setting = tui?.notifications ?? true;
  const all: NotificationKind[] = ["agent-turn-complete", "approval-requested"];
  const kinds = new Set<NotificationKind>(setting === true ? all : setting === false ? [] : setting);
  const configured = tui?.notification_method ?? "auto";
  const auto = OSC9_TERMINALS.includes(env.TERM_PROGRAM ?? "") || env.KITTY_WINDOW_ID !== undefined;
  const method = configured === "auto" ? (auto ? "osc9" : "bel") : configured;
  return { kinds, method, condition: tui?.notification_condition ?? "unfocused" };
}

/** What a notification says, for the events that make one. */
export function notificationFor(event: Event): { kind: NotificationKind; text: string } | undefined {
  const msg = event.msg;
  switch (msg.type) {
    case "task_complete": {
      const answer = (msg.last_agent_message ?? "").trim().split("\n")[0] ?? "";
      return {
        kind: "agent-turn-complete",
        text: answer ? `Agent turn complete: ${answer}` : "Agent turn complete",
      };
    }
    case "exec_approval_request":
      return { kind: "approval-requested", text: `Approval requested: ${msg.command.join(" ")}` };
    case "apply_patch_approval_request":
      return { kind: "approval-requested", text: "Approval requested: apply a patch" };
    default:
      return undefined;
  }
}

function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Control characters would end the OSC early or do something else; the text stays short. */
function oscText(text: string): string {
  const clean = [...text].map((ch) => (isControl(ch) ? " " : ch)).join("");
  return clean.length > 120 ? `${clean.slice(0, 119)}…` : clean;
}

export class TerminalNotifier {
  private focused = true;

  constructor(
    private readonly settings: NotificationSettings,
    private readonly write: (data: string) => void,
  ) {}

  /** Whether the terminal should be asked for focus reports. */
  get wantsFocusReports(): boolean {
    return this.settings.kinds.size > 0 && this.settings.condition === "unfocused";
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
  }

  onEvent(event: Event): void {
    const note = notificationFor(event);
    if (!note || !this.settings.kinds.has(note.kind)) return;
    if (this.settings.condition === "unfocused" && this.focused) return;
    this.write(this.settings.method === "osc9" ? `\x1b]9;${oscText(note.text)}\x07` : "\x07");
  }
}
