import { describe, expect, it } from "vitest";
import { addEntry, duration, rowsOf, streamIdAfter, type FleetEntry } from "./fleet-state.js";

const command = (status: "in_progress" | "completed", output: string) => ({
  id: "item_1",
  type: "command_execution" as const,
  command: "ls",
  aggregated_output: output,
  exit_code: status === "completed" ? 0 : null,
  status,
});

describe("fleet-state", () => {
  it("compares stream ids by time, then sequence", () => {
    expect(streamIdAfter("1700000000001-0", "1700000000000-5")).toBe(true);
    expect(streamIdAfter("1700000000000-10", "1700000000000-9")).toBe(true);
    expect(streamIdAfter("1700000000000-1", "1700000000000-1")).toBe(false);
  });

  it("keeps each entry once, in stream order, when a follow sends them again", () => {
    const a: FleetEntry = { entryId: "1-0", event: { type: "turn.started" } };
    const b: FleetEntry = { entryId: "2-0", event: { type: "turn.started" } };
    const c: FleetEntry = { entryId: "3-0", event: { type: "turn.started" } };
    let entries = [a, b].reduce(addEntry, [] as FleetEntry[]);
    entries = [a, b, c].reduce(addEntry, entries);
    expect(entries.map((e) => e.entryId)).toEqual(["1-0", "2-0", "3-0"]);
  });

  it("shows each item at its latest state where it began, and the queue's events as notes", () => {
    const rows = rowsOf([
      { entryId: "1-0", event: { type: "fleet.run.started", worker: "w:1", run: 1, resumed: false } },
      { entryId: "2-0", event: { type: "item.started", item: command("in_progress", "") } },
      { entryId: "3-0", event: { type: "item.completed", item: command("completed", "a\n") } },
      { entryId: "4-0", event: { type: "fleet.task.finished", state: "failed", error: "budget" } },
    ]);
    expect(rows).toEqual([
      { kind: "note", key: "1-0", text: "Run 1 on w:1" },
      {
        kind: "item",
        item: {
          type: "commandExecution",
          id: "item_1",
          command: "ls",
          cwd: "",
          commandActions: [],
          status: "completed",
          aggregatedOutput: "a\n",
          exitCode: 0,
          durationMs: null,
          processId: null,
          pluginId: null,
          scriptPath: null,
        },
      },
      { kind: "note", key: "4-0", text: "Finished: failed (budget)", bad: true },
    ]);
  });

  it("says durations briefly", () => {
    expect(duration(4_400)).toBe("4s");
    expect(duration(65_000)).toBe("1m 05s");
    expect(duration(3_720_000)).toBe("1h 02m");
  });
});
