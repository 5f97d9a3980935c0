// Test helper: renders an element with ink-testing-library and returns its text, colours stripped (colour
// depends on the test runner's terminal; the styles themselves are tested on styled lines).
import { render } from "ink-testing-library";
import type { ReactElement } from "react";

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

export const stripAnsi = (text: string): string => text.replace(ANSI, "");

export function renderText(element: ReactElement): string {
  const instance = render(element);
  const frame = instance.lastFrame() ?? "";
  instance.unmount();
  return stripAnsi(frame);
}

/** Trailing spaces removed from every line, so assertions read like the screen. */
export function trimLines(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n");
}
