// Terminal input to key events. Ink splits stdin into escape sequences and runs of plain text; this turns
// those into keys the TUI understands, keeps bracketed pastes whole, and reads the sequences terminals send
// for Shift+Enter (kitty `CSI 13;2u`, xterm `CSI 27;2;13~`, ESC CR).

export type KeyName =
  | "enter"
  | "newline"
  | "up"
  | "down"
  | "left"
  | "right"
  | "home"
  | "end"
  | "pageup"
  | "pagedown"
  | "backspace"
  | "delete"
  | "escape"
  | "tab"
  | "backtab";

export type KeyEvent =
  | { type: "text"; text: string }
  | { type: "paste"; text: string }
  | { type: "key"; name: KeyName; ctrl?: boolean; meta?: boolean }
  /** Ctrl+letter, lowercase. */
  | { type: "ctrl"; letter: string }
  /** Alt/Option+character. */
  | { type: "meta"; char: string };

/** A focus report (`CSI I` / `CSI O`), sent once focus reporting is on; not a key. */
export interface FocusEvent {
  type: "focus";
  focused: boolean;
}

export type InputEvent = KeyEvent | FocusEvent;

export const PASTE_START = "\x1b[200~";
export const PASTE_END = "\x1b[201~";

const CSI_KEYS: Record<string, KeyName> = {
  A: "up",
  B: "down",
  C: "right",
  D: "left",
  H: "home",
  F: "end",
  Z: "backtab",
};

const TILDE_KEYS: Record<string, KeyName> = {
  "1": "home",
  "7": "home",
  "4": "end",
  "8": "end",
  "3": "delete",
  "5": "pageup",
  "6": "pagedown",
};

function controlChar(ch: string): KeyEvent | undefined {
  switch (ch) {
    case "\r":
      return { type: "key", name: "enter" };
    case "\n":
      return { type: "key", name: "newline" };
    case "\t":
      return { type: "key", name: "tab" };
    case "\x7f":
    case "\b":
      return { type: "key", name: "backspace" };
    default: {
      const code = ch.charCodeAt(0);
      if (code >= 1 && code <= 26) return { type: "ctrl", letter: String.fromCharCode(code + 96) };
      return undefined;
    }
  }
}

function isPrintable(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code >= 32 && code !== 127;
}

/** A key sent as `CSI code ; modifiers u` (kitty) or `CSI 27 ; modifiers ; code ~` (xterm). */
function codepointKey(code: number, modifiers: number): KeyEvent | undefined {
  const shift = ((modifiers - 1) & 1) !== 0;
  const meta = ((modifiers - 1) & 2) !== 0;
  const ctrl = ((modifiers - 1) & 4) !== 0;
  if (code === 13) return { type: "key", name: shift || ctrl || meta ? "newline" : "enter" };
  if (code === 27) return { type: "key", name: "escape" };
  if (code === 9) return { type: "key", name: shift ? "backtab" : "tab" };
  if (code === 127 || code === 8) return { type: "key", name: "backspace", ...(meta ? { meta } : {}) };
  const ch = String.fromCodePoint(code);
  if (ctrl && /[a-z]/i.test(ch)) return { type: "ctrl", letter: ch.toLowerCase() };
  if (meta) return { type: "meta", char: ch };
  return { type: "text", text: shift ? ch.toUpperCase() : ch };
}

function escapeSequence(seq: string): KeyEvent | undefined {
  if (seq === "\x1b" || seq === "\x1b\x1b") return { type: "key", name: "escape" };
  if (seq === "\x1b\r") return { type: "key", name: "newline" };
  if (seq === "\x1b\x7f" || seq === "\x1b\b") return { type: "key", name: "backspace", meta: true };
  // The rest after ESC: `[` or `O`, parameters, a final byte (CSI / SS3), or one character (Alt+key).
  const body = seq.slice(1);
  const csi = /^(?:\[|O)([\d;]*)([A-Za-z~])$/.exec(body);
  if (csi) {
    const params = (csi[1] ?? "")
      .split(";")
      .filter((p) => p !== "")
      .map(Number);
    const final = csi[2] ?? "";
    if (final === "u" && params[0] !== undefined) return codepointKey(params[0], params[1] ?? 1);
    if (final === "~" && params[0] === 27 && params[2] !== undefined)
      return codepointKey(params[2], params[1] ?? 1);
    const name = final === "~" ? TILDE_KEYS[String(params[0])] : CSI_KEYS[final];
    if (!name) return undefined;
    const modifiers = params[1] ?? 1;
    const ctrl = ((modifiers - 1) & 4) !== 0;
    const meta = ((modifiers - 1) & 2) !== 0;
    return { type: "key", name, ...(ctrl ? { ctrl } : {}), ...(meta ? { meta } : {}) };
  }
  const chars = [...body];
  if (chars.length === 1 && chars[0] !== undefined) return { type: "meta", char: chars[0] };
  return undefined;
}

/**
 * Plain text, possibly with control characters; several printable characters at once are kept together.
 * `pasteBurst` false (`disable_paste_burst`): a chunk with line breaks is keys like any other, each Enter
 * submitting, for terminals or tools that send typed input in bursts.
 */
function plainChunk(chunk: string, pasteBurst: boolean): KeyEvent[] {
  const body = chunk.endsWith("\r") ? chunk.slice(0, -1) : chunk;
  // Without bracketed paste, a paste arrives as one chunk with line breaks inside: keep it as one paste.
  if (pasteBurst && /[\r\n]/.test(body) && [...body].some(isPrintable)) {
    const events: KeyEvent[] = [{ type: "paste", text: body.replace(/\r\n?/g, "\n") }];
    if (body !== chunk) events.push({ type: "key", name: "enter" });
    return events;
  }
  const events: KeyEvent[] = [];
  let text = "";
  for (const ch of chunk) {
    if (isPrintable(ch)) {
      text += ch;
      continue;
    }
    if (text) events.push({ type: "text", text });
    text = "";
    const key = controlChar(ch);
    if (key) events.push(key);
  }
  if (text) events.push({ type: "text", text });
  return events;
}

export class KeyParser {
  private paste: string | undefined;

  constructor(private readonly options: { pasteBurst?: boolean } = {}) {}

  /** One piece of input as Ink emits it (an escape sequence or a run of plain text). */
  push(chunk: string): InputEvent[] {
    if (this.paste !== undefined) {
      const end = chunk.indexOf(PASTE_END);
      if (end === -1) {
        this.paste += chunk;
        return [];
      }
      const text = (this.paste + chunk.slice(0, end)).replace(/\r\n?/g, "\n");
      this.paste = undefined;
      const rest = chunk.slice(end + PASTE_END.length);
      return [{ type: "paste", text }, ...(rest ? this.push(rest) : [])];
    }
    if (chunk.startsWith(PASTE_START)) {
      this.paste = "";
      const rest = chunk.slice(PASTE_START.length);
      return rest ? this.push(rest) : [];
    }
    if (chunk === "\x1b[I" || chunk === "\x1b[O") return [{ type: "focus", focused: chunk === "\x1b[I" }];
    if (chunk.startsWith("\x1b")) {
      const key = escapeSequence(chunk);
      return key ? [key] : [];
    }
    return plainChunk(chunk, this.options.pasteBurst ?? true);
  }
}
