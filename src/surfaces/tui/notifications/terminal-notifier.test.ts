import { describe, expect, it } from "vitest";
import type { Event } from "../../../protocol/core-protocol.js";
import { notificationSettings, TerminalNotifier } from "./terminal-notifier.js";

const done = (text: string): Event =>
  ({ id: "1", msg: { type: "task_complete", last_agent_message: text } }) as Event;
const approval: Event = {
  id: "2",
  msg: { type: "exec_approval_request", call_id: "c", command: ["rm", "-rf", "x"], cwd: "/w" },
};

function run(tui: Parameters<typeof notificationSettings>[0], focused: boolean, events: Event[], env = {}) {
  const out: string[] = [];
  const n = new TerminalNotifier(notificationSettings(tui, env), (d) => out.push(d));
  n.setFocused(focused);
  for (const e of events) n.onEvent(e);
  return out;
}

describe("terminal notifications", () => {
  it("writes OSC 9 with the answer's first line when unfocused, nothing when focused", () => {
    expect(run({ notification_method: "osc9" }, false, [done("All set.\nDetails")])).toEqual([
      "\x1b]9;Agent turn complete: All set.\x07",
    ]);
    expect(run({ notification_method: "osc9" }, true, [done("x")])).toEqual([]);
    expect(
      run({ notification_method: "osc9", notification_condition: "always" }, true, [done("x")]),
    ).toHaveLength(1);
  });

  it("follows the kinds chosen, auto-picks BEL outside known terminals, and keeps control bytes out", () => {
    expect(run({ notifications: false }, false, [done("x"), approval])).toEqual([]);
    expect(run({ notifications: ["approval-requested"] }, false, [done("x"), approval])).toEqual(["\x07"]);
    expect(run({}, false, [approval], { TERM_PROGRAM: "WezTerm" })).toEqual([
      "\x1b]9;Approval requested: rm -rf x\x07",
    ]);
    expect(run({ notification_method: "osc9" }, false, [done("a\x07b\x1b]c")])).toEqual([
      "\x1b]9;Agent turn complete: a b ]c\x07",
    ]);
  });
});
