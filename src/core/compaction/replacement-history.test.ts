import { describe, expect, it } from "vitest";
import { userTextMessage, type ResponseItem } from "../../protocol/items.js";
import { buildReplacementHistory, RECENT_USER_CHARS } from "./replacement-history.js";

const text = (item: ResponseItem) => (item as { content: Array<{ text: string }> }).content[0]?.text ?? "";
const assistant = (t: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: t }],
});

describe("buildReplacementHistory", () => {
  const base: ResponseItem[] = [
    userTextMessage("BASE INSTRUCTIONS", "developer"),
    userTextMessage("<environment_context>\n  <cwd>/a</cwd>\n</environment_context>"),
    userTextMessage("first request"),
    assistant("did things"),
    { type: "function_call", name: "shell", arguments: "{}", call_id: "c1" },
    { type: "function_call_output", call_id: "c1", output: "lots of output" },
    userTextMessage("<environment_context>\n  <cwd>/b</cwd>\n</environment_context>"),
    userTextMessage("second request"),
  ];

  it("keeps context, recent user messages, the summary and the active task; drops the rest", () => {
    const out = buildReplacementHistory(base, "SUMMARY", [
      { step: "a", status: "completed" },
      { step: "b", status: "pending" },
    ]).map(text);
    expect(out[0]).toBe("BASE INSTRUCTIONS");
    expect(out[1]).toContain("<cwd>/a</cwd>");
    expect(out[2]).toContain("<cwd>/b</cwd>");
    expect(out.slice(3, 5)).toEqual(["first request", "second request"]);
    expect(out[5]).toMatch(/SUMMARY$/);
    expect(out[6]).toMatch(/^<active_task>[\s\S]*second request[\s\S]*\[x\] a\n\[ \] b/);
    expect(out).toHaveLength(7);
  });

  it("a second compaction replaces the first summary instead of keeping it", () => {
    const first = buildReplacementHistory(base, "SUMMARY ONE", undefined);
    const second = buildReplacementHistory(
      [...first, userTextMessage("third request")],
      "SUMMARY TWO",
      undefined,
    ).map(text);
    expect(second.filter((t) => t.includes("SUMMARY ONE"))).toEqual([]);
    expect(second.filter((t) => t.startsWith("<active_task>"))).toHaveLength(1);
    expect(second).toContain("third request");
  });

  it("bounds the user messages it keeps, newest first", () => {
    const big = "x".repeat(RECENT_USER_CHARS / 2 + 1);
    const out = buildReplacementHistory(
      [userTextMessage(`old ${big}`), userTextMessage(`mid ${big}`), userTextMessage("new")],
      "S",
      undefined,
    ).map(text);
    expect(out.some((t) => t.startsWith("old"))).toBe(false);
    expect(out.some((t) => t.startsWith("mid"))).toBe(true);
    expect(out).toContain("new");
  });
});
