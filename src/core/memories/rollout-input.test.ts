import { describe, expect, it } from "vitest";
import type { ParsedRollout } from "../../rollout/reader.js";
import type { RolloutLine } from "../../rollout/lines.js";
import { fitToBudget, renderRolloutInput } from "./rollout-input.js";

const at = "2026-01-01T00:00:00.000Z";
const item = (payload: Record<string, unknown>) =>
  ({ timestamp: at, type: "response_item", payload }) as unknown as RolloutLine;
const text = (role: string, t: string) =>
  item({
    type: "message",
    role,
    content: [{ type: role === "assistant" ? "output_text" : "input_text", text: t }],
  });

function parsed(lines: RolloutLine[], memoryMode?: string): ParsedRollout {
  return {
    meta: { id: "t1", timestamp: at, cwd: "/w", ...(memoryMode ? { memory_mode: memoryMode } : {}) },
    lines,
    warnings: [],
    unknownLines: 0,
  };
}

describe("renderRolloutInput", () => {
  it("keeps the conversation and tool calls, not what the thread was told", () => {
    const input = renderRolloutInput(
      parsed([
        text("developer", "base instructions"),
        text("user", "# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>x</INSTRUCTIONS>"),
        text("user", "<environment_context>\n</environment_context>"),
        text("user", "fix the build"),
        item({ type: "reasoning", summary: [], encrypted_content: "opaque" }),
        item({ type: "function_call", name: "exec_command", call_id: "c1", arguments: "{}" }),
        item({ type: "function_call_output", call_id: "c1", output: "ok" }),
        text("assistant", "fixed"),
      ]),
      10_000,
    );
    expect(input.text).toContain("fix the build");
    expect(input.text).toContain("exec_command");
    expect(input.text).toContain("fixed");
    expect(input.text).not.toContain("base instructions");
    expect(input.text).not.toContain("AGENTS.md");
    expect(input.text).not.toContain("environment_context");
    expect(input.text).not.toContain("opaque");
    expect(input).toMatchObject({ externalContext: false, empty: false, cwd: "/w" });
  });

  it("notices web search and MCP calls, and the thread's memory mode", () => {
    const web = renderRolloutInput(
      parsed([text("user", "hi"), item({ type: "web_search_call", status: "completed" })]),
      1000,
    );
    expect(web.externalContext).toBe(true);
    const mcp = renderRolloutInput(
      parsed([
        text("user", "hi"),
        {
          timestamp: at,
          type: "event_msg",
          payload: { type: "item_completed", item: { type: "mcpToolCall" } },
        },
      ]),
      1000,
    );
    expect(mcp.externalContext).toBe(true);
    expect(renderRolloutInput(parsed([], "disabled"), 1000)).toMatchObject({
      memoryMode: "disabled",
      empty: true,
    });
  });
});

describe("fitToBudget", () => {
  it("keeps the opening line and the end of a long thread", () => {
    const lines = ["first request", ...Array.from({ length: 100 }, (_, i) => `line ${i} ${"x".repeat(50)}`)];
    const out = fitToBudget(lines, 600);
    expect(out.length).toBeLessThanOrEqual(600);
    expect(out.startsWith("first request")).toBe(true);
    expect(out).toContain("line 99");
    expect(out).not.toContain("line 1 ");
    expect(fitToBudget(["a", "b"], 100)).toBe("a\nb");
  });
});
