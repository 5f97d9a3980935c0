import { describe, expect, it } from "vitest";
import { userTextMessage, type ResponseItem } from "../../protocol/items.js";
import { DENIAL_APPROVAL_MARKER } from "./denial-approval.js";
import { renderTranscript, reviewPrompt, transcriptEntries, truncateMiddle } from "./review-transcript.js";

const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

describe("transcriptEntries", () => {
  it("keeps what the user and the agent said and did, not the engine's context", () => {
    const history: ResponseItem[] = [
      userTextMessage("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"),
      userTextMessage("# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>be nice</INSTRUCTIONS>"),
      userTextMessage("developer notes", "developer"),
      userTextMessage("clean the build dir"),
      assistant("I will list it first."),
      { type: "function_call", name: "shell", arguments: '{"command":["ls"]}', call_id: "c1" },
      { type: "function_call_output", call_id: "c1", output: "out/\n" },
      { type: "custom_tool_call", name: "apply_patch", input: "*** Begin Patch", call_id: "c2" },
      { type: "custom_tool_call_output", call_id: "c2", output: [{ type: "input_text", text: "done" }] },
      { type: "function_call_output", call_id: "orphan", output: "?" },
      userTextMessage(`${DENIAL_APPROVAL_MARKER}\n{"action":{}}`, "developer"),
    ];
    expect(transcriptEntries(history).map((e) => `${e.label}: ${e.text}`)).toEqual([
      "user: clean the build dir",
      "assistant: I will list it first.",
      'tool shell call: {"command":["ls"]}',
      "tool shell result: out/\n",
      "tool apply_patch call: *** Begin Patch",
      "tool apply_patch result: done",
      "tool result: ?",
      `developer: ${DENIAL_APPROVAL_MARKER}\n{"action":{}}`,
    ]);
  });
});

describe("renderTranscript", () => {
  it("numbers the entries; with too much said, keeps the first and latest requests and says so", () => {
    const big = "x".repeat(7_000); // ~1,750 tokens each: only some fit the 10,000-token message budget
    const entries = Array.from({ length: 8 }, (_, i) => ({
      kind: "user" as const,
      label: "user",
      text: `${i} ${big}`,
    }));
    const { lines, omitted } = renderTranscript(entries);
    expect(omitted).toBe(true);
    expect(lines[0]).toMatch(/^\[1\] user: 0 /);
    expect(lines.at(-1)).toMatch(/^\[8\] user: 7 /);
    expect(lines.length).toBeLessThan(8);
    expect(renderTranscript([])).toEqual({ lines: ["<no retained transcript entries>"], omitted: false });
  });

  it("keeps tool evidence within its own budget, newest first", () => {
    const entries = [
      { kind: "user" as const, label: "user", text: "go" },
      ...Array.from({ length: 20 }, (_, i) => ({
        kind: "tool" as const,
        label: "tool shell result",
        text: `${i} ${"y".repeat(3_000)}`,
      })),
    ];
    const { lines } = renderTranscript(entries);
    expect(lines[0]).toBe("[1] user: go");
    expect(lines.at(-1)).toMatch(/^\[21\] tool shell result: 19 /);
    expect(lines.some((l) => l.startsWith("[2] "))).toBe(false);
  });
});

describe("truncateMiddle", () => {
  it("keeps both ends and says how much went", () => {
    const text = `${"a".repeat(100)}${"b".repeat(100)}`;
    const cut = truncateMiddle(text, 25);
    expect(cut).toMatch(/^a+<truncated omitted_approx_tokens="25" \/>b+$/);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(100);
    expect(truncateMiddle("short", 25)).toBe("short");
  });
});

describe("reviewPrompt", () => {
  it("lays out the transcript, the thread and the planned action as Codex does", () => {
    const prompt = reviewPrompt({
      history: [userTextMessage("make a.txt")],
      threadId: "t-1",
      action: { tool: "shell", command: ["touch", "a.txt"], cwd: "/w" },
    });
    expect(prompt).toContain(">>> TRANSCRIPT START\n[1] user: make a.txt\n>>> TRANSCRIPT END\n");
    expect(prompt).toContain("Reviewed Codex session id: t-1\n");
    expect(prompt).toMatch(/>>> APPROVAL REQUEST START\n[\s\S]*"command": \[\s*"touch",\s*"a.txt"\s*\]/);
    expect(prompt.trimEnd().endsWith(">>> APPROVAL REQUEST END")).toBe(true);
  });
});
