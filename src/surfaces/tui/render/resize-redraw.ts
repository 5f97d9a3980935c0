// Redraws the screen cleanly when the terminal's width changes. Ink erases its last frame by the rows it drew
// at the old width, but a terminal that reflows (tmux, iTerm2, kitty, VTE, Windows Terminal) has already
// re-wrapped that frame at the new width, and may have pushed its top into the scrollback, out of reach of
// any cursor movement: a shrink left half an input box behind, and streamed text twice in the scrollback.
// So on a change of width the screen and the scrollback are cleared and what the app printed is printed again,
// once (the printed history is the app's own; Ink keeps it), then the live area is drawn at the new width.
// This works on Ink's instance state, checked field by field; if Ink changes shape, its own handling stays.
// Not in Ink's exports: the map from stdout to the running instance.
import instances from "../../../../node_modules/ink/build/instances.js";

/** Clears the screen and the scrollback, and puts the cursor top left. */
export const CLEAR_TERMINAL = "\x1b[2J\x1b[3J\x1b[H";

/** What this module reads and resets of Ink's instance. */
interface InkInternals {
  lastOutput: string;
  lastOutputToRender: string;
  lastOutputHeight: number;
  lastTerminalWidth: number;
  /** Everything `<Static>` printed so far. */
  fullStaticOutput: string;
  log: { done(): void };
  unsubscribeResize?: () => void;
}

function inkOf(stdout: NodeJS.WriteStream): InkInternals | undefined {
  const ink = instances.get(stdout) as Partial<InkInternals> | undefined;
  const fits =
    typeof ink === "object" &&
    typeof ink.lastOutput === "string" &&
    typeof ink.lastOutputToRender === "string" &&
    typeof ink.lastOutputHeight === "number" &&
    typeof ink.lastTerminalWidth === "number" &&
    typeof ink.fullStaticOutput === "string" &&
    typeof ink.log?.done === "function" &&
    typeof ink.unsubscribeResize === "function";
  return fits ? (ink as InkInternals) : undefined;
}

/**
 * Adds text the app printed above the live area itself (not through `<Static>`) to what Ink keeps as printed,
 * so a change of width prints it again with the rest, in order.
 */
export function rememberPrinted(stdout: NodeJS.WriteStream, text: string): void {
  const ink = instances.get(stdout) as Partial<InkInternals> | undefined;
  if (typeof ink === "object" && typeof ink.fullStaticOutput === "string") ink.fullStaticOutput += text;
}

/** Makes Ink forget its last frame (already erased): its next write draws without erasing anything. */
function forgetFrame(ink: InkInternals): void {
  ink.log.done();
  ink.lastOutput = "";
  ink.lastOutputToRender = "";
  ink.lastOutputHeight = 0;
}

/**
 * Clears the terminal for a history that is printed again from the top (a rollback): what was printed before
 * is not printed again on a later resize.
 */
export function clearTerminal(stdout: NodeJS.WriteStream): void {
  stdout.write(CLEAR_TERMINAL);
  const ink = inkOf(stdout);
  if (!ink) return;
  ink.fullStaticOutput = "";
  forgetFrame(ink);
}

/** Takes over Ink's resize handling for `stdout`; returns a function that stops it. */
export function installResizeRedraw(stdout: NodeJS.WriteStream): () => void {
  const ink = inkOf(stdout);
  if (!ink) return () => {};
  ink.unsubscribeResize?.();
  // First in line: the app's own resize listener re-renders at the new width, and Ink must draw that frame
  // on a clean screen. A change of height alone reflows nothing (the live area re-renders to fit).
  const onResize = () => {
    const width = stdout.columns || 80;
    if (width === ink.lastTerminalWidth) return;
    stdout.write(CLEAR_TERMINAL + ink.fullStaticOutput);
    forgetFrame(ink);
    ink.lastTerminalWidth = width;
  };
  stdout.prependListener("resize", onResize);
  return () => stdout.off("resize", onResize);
}
