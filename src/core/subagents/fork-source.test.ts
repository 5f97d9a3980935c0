import { readFileSync } from "node:fs";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rolloutLine, type RolloutLine } from "../../rollout/lines.js";
import { closingOutputs, prepareForkSource } from "./fork-source.js";
import { scratchDir } from "../../../test/support/scratch.js";

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
  it("gives the parent's lines plus the closing outputs, and leaves the parent's file as it was", async () => {
    const dir = scratchDir("fork-source-test-");
    const parent = join(dir, "parent.jsonl");
    const lines = [rolloutLine("session_meta", { id: "p", timestamp: "t", cwd: "/" }), call("spawn")];
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join("");
    writeFileSync(parent, text);
    const source = await prepareForkSource({
      parentRolloutPath: parent,
      spawnCallId: "spawn",
      forkNote: "hi",
    });
    expect(source).toHaveLength(3);
    expect(source[2]).toMatchObject({ payload: { call_id: "spawn", output: "hi" } });
    expect(readFileSync(parent, "utf8")).toBe(text);
    expect(readdirSync(dir)).toEqual(["parent.jsonl"]);
  });
});
