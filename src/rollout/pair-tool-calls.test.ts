import { describe, expect, it } from "vitest";
import type { ResponseItem } from "../protocol/items.js";
import { INTERRUPTED_CALL_OUTPUT, pairToolCalls } from "./pair-tool-calls.js";

const user: ResponseItem = { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] };
const call = (id: string): ResponseItem => ({
  type: "function_call",
  name: "shell",
  arguments: "{}",
  call_id: id,
});
const output = (id: string): ResponseItem => ({ type: "function_call_output", call_id: id, output: "ok" });
const custom = (id: string): ResponseItem => ({
  type: "custom_tool_call",
  name: "apply_patch",
  input: "x",
  call_id: id,
});

describe("pairToolCalls", () => {
  it("leaves a well-paired history as it is", () => {
    const history = [user, call("a"), call("b"), output("a"), output("b")];
    expect(pairToolCalls(history)).toEqual(history);
  });

  it("gives a call without output an aborted output right after it", () => {
    expect(pairToolCalls([user, call("a"), custom("b"), output("a")])).toEqual([
      user,
      call("a"),
      custom("b"),
      { type: "custom_tool_call_output", call_id: "b", output: INTERRUPTED_CALL_OUTPUT },
      output("a"),
    ]);
  });

  it("drops an output whose call is not in the history", () => {
    expect(pairToolCalls([user, output("gone"), call("a"), output("a")])).toEqual([
      user,
      call("a"),
      output("a"),
    ]);
  });

  it("pairs a local_shell_call known by its item id", () => {
    const local: ResponseItem = { type: "local_shell_call", id: "ls1", status: "completed", action: {} };
    const out: ResponseItem = { type: "function_call_output", call_id: "ls1", output: "ok" };
    expect(pairToolCalls([user, local, out])).toEqual([user, local, out]);
  });
});
