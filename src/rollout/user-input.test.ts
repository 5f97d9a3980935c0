import { describe, expect, it } from "vitest";
import { isInjectedText } from "./user-input.js";

describe("isInjectedText", () => {
  it("knows the engine's openings, after leading white space, and nothing a user merely wraps in a tag", () => {
    expect(isInjectedText("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>")).toBe(true);
    expect(isInjectedText("\n  # AGENTS.md instructions for /w\n\n<INSTRUCTIONS>x</INSTRUCTIONS>")).toBe(
      true,
    );
    expect(isInjectedText("<user_shell_command>ls</user_shell_command>")).toBe(true);
    expect(isInjectedText("Another language model started to solve this problem and left a summary")).toBe(
      true,
    );
    expect(isInjectedText("<b>please</b>")).toBe(false);
    expect(isInjectedText("fix the <environment_context> parser")).toBe(false);
  });

  it("tells the kinds apart: what the thread was told, what happened in it, what a compaction wrote", () => {
    const shell = "<user_shell_command>ls</user_shell_command>";
    const summary = "Another language model started to solve this problem and left a summary";
    expect(isInjectedText("<skill>x</skill>", ["context"])).toBe(true);
    expect(isInjectedText(shell, ["context"])).toBe(false);
    expect(isInjectedText(shell, ["context", "event"])).toBe(true);
    expect(isInjectedText(summary, ["context", "event"])).toBe(false);
    expect(isInjectedText("<active_task>x</active_task>", ["compaction"])).toBe(true);
  });
});
