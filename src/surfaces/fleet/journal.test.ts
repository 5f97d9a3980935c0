import { describe, expect, it } from "vitest";
import type { Event } from "../../protocol/core-protocol.js";
import type { TurnItem } from "../../protocol/turn-item.js";
import { journalEntryFor } from "./journal.js";

const command = (status: "in_progress" | "completed" | "declined", exit: number | null): TurnItem => ({
  type: "commandExecution",
  id: "call_1",
  command: ["ls"],
  cwd: "/w",
  status,
  aggregated_output: null,
  exit_code: exit,
  duration_ms: null,
});

const started = (item: TurnItem): Event => ({
  id: "sub-1",
  msg: { type: "item_started", thread_id: "t", turn_id: "u", item },
});
const completed = (item: TurnItem): Event => ({
  id: "sub-1",
  msg: { type: "item_completed", thread_id: "t", turn_id: "u", item },
});

describe("journalEntryFor", () => {
  it("records a tool item's start and end, keyed by task and call id", () => {
    expect(journalEntryFor("task", 2, started(command("in_progress", null)))).toEqual([
      "call_1",
      { key: "task:call_1", tool: "command", state: "started", run: 2 },
    ]);
    expect(journalEntryFor("task", 2, completed(command("completed", 3)))).toEqual([
      "call_1",
      { key: "task:call_1", tool: "command", state: "finished", run: 2, exitCode: 3 },
    ]);
  });

  it("names patches and MCP calls, and leaves out what changes nothing", () => {
    const patch: TurnItem = { type: "fileChange", id: "p", changes: {}, status: "completed" };
    expect(journalEntryFor("t", 1, completed(patch))?.[1]).toMatchObject({ tool: "apply_patch" });
    const mcp: TurnItem = {
      type: "mcpToolCall",
      id: "m",
      server: "s",
      tool: "x",
      arguments: {},
      status: "in_progress",
    };
    expect(journalEntryFor("t", 1, started(mcp))?.[1]).toMatchObject({ tool: "mcp", state: "started" });
    expect(journalEntryFor("t", 1, completed({ type: "agentMessage", id: "a", text: "hi" }))).toBeUndefined();
    expect(journalEntryFor("t", 1, completed(command("declined", null)))).toBeUndefined();
    expect(
      journalEntryFor("t", 1, { id: "x", msg: { type: "agent_message", message: "hi" } }),
    ).toBeUndefined();
  });
});
