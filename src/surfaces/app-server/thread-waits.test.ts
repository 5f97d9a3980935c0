// The thread status flags (thread-waits.ts) as the mapper sets them: what this thread's turn waits on.
import { describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { AppServerEventMapper, type MapperOutput } from "./event-mapper.js";

const T = "thread-1";
const started: KnownEventMsg = {
  type: "task_started",
  turn_id: "turn-1",
  collaboration_mode_kind: "default",
};

describe("thread status flags", () => {
  it("the thread's status says what its turn waits on: an approval, an answer", () => {
    const mapper = new AppServerEventMapper(T, () => {
      throw new Error("unused");
    });
    const statuses = (out: MapperOutput[]) =>
      out.flatMap((o) =>
        o.kind === "notification" && o.notification.method === "thread/status/changed"
          ? [o.notification.params.status]
          : [],
      );
    const active = (...activeFlags: string[]) => ({ type: "active", activeFlags });
    expect(statuses(mapper.map({ id: "sub-1", msg: started }))).toEqual([active()]);
    const asked = [
      { type: "exec_approval_request", call_id: "c1", command: ["rm", "x"], cwd: "/w" },
      { type: "request_user_input", call_id: "q1", turn_id: "turn-1", questions: [] },
      // A subagent's request shows on the subagent's thread, not this one.
      { type: "exec_approval_request", call_id: "c2", agent_id: 1, command: ["ls"], cwd: "/w" },
    ] as KnownEventMsg[];
    expect(statuses(asked.flatMap((msg) => mapper.map({ id: "sub-1", msg })))).toEqual([
      active("waitingOnApproval"),
      active("waitingOnApproval", "waitingOnUserInput"),
    ]);
    expect(mapper.threadStatus).toEqual(active("waitingOnApproval", "waitingOnUserInput"));
    expect(statuses(mapper.approvalDecided("c1"))).toEqual([active("waitingOnUserInput")]);
    expect(statuses(mapper.inputAnswered("q1"))).toEqual([active()]);
    const ended = mapper.map({ id: "sub-1", msg: { type: "task_complete", turn_id: "turn-1" } });
    expect(statuses(ended)).toEqual([{ type: "idle" }]);
    expect(mapper.threadStatus).toEqual({ type: "idle" });
  });
});
