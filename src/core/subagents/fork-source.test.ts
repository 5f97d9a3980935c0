import { readFileSync } from "node:fs";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rolloutLine, type RolloutLine } from "../../rollout/lines.js";
import { closingOutputs, prepareForkSource } from "./fork-source.js";

const call = (id: string, type: "function_call" | "custom_tool_call" = "function_call"): RolloutLine =>
  type === "function_call"
    ? rolloutLine("response_item", { type, name: "t", arguments: "{}", call_id: id })
    : rolloutLine("response_item", { type, name: "t", input: "", call_id: id });
const output = (id: string): RolloutLine =>
  rolloutLine("response_item", { type: "function_call_output", call_id: id, output: "ok" });

describe("closingOutputs", () => {
  it("answers every call without an output: the spawn call with the note, others as not run", () => {
    const lines = [call("a"), output("a"), call("spawn"), call("later", "custom_tool_call")];
    expect(closingOutputs(lines, "spawn", "you are the fork").map((l) => l.payload)).toEqual([
      { type: "function_call_output", call_id: "spawn", output: "you are the fork" },
      {
        type: "custom_tool_call_output",
        call_id: "later",
        output: "not run: the conversation was forked for a subagent before this call ran",
      },
    ]);
    expect(closingOutputs([call("a"), output("a")], "a", "note")).toEqual([]);
  });
});

describe("prepareForkSource", () => {
  it("copies the parent's lines plus the closing outputs into a file it removes on dispose", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fork-source-test-"));
    const parent = join(dir, "parent.jsonl");
    const lines = [rolloutLine("session_meta", { id: "p", timestamp: "t", cwd: "/" }), call("spawn")];
    writeFileSync(parent, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
    const source = await prepareForkSource({
      parentRolloutPath: parent,
      spawnCallId: "spawn",
      forkNote: "hi",
    });
    const copied = readFileSync(source.path, "utf8").trim().split("\n");
    expect(copied).toHaveLength(3);
    expect(JSON.parse(copied[2] ?? "{}")).toMatchObject({ payload: { call_id: "spawn", output: "hi" } });
    await source.dispose();
    expect(() => readFileSync(source.path)).toThrow();
  });
});
