import { describe, expect, it } from "vitest";
import { Event, EventMsg, Submission, isKnownEvent } from "./core-protocol.js";

describe("core protocol", () => {
  it("accepts turn_* spellings of task_* events on input", () => {
    expect(
      EventMsg.parse({ type: "turn_started", turn_id: "t", collaboration_mode_kind: "default" }),
    ).toMatchObject({ type: "task_started" });
    expect(EventMsg.parse({ type: "turn_complete", turn_id: "t", last_agent_message: null })).toMatchObject({
      type: "task_complete",
    });
  });

  it("keeps events of a newer version instead of failing", () => {
    const parsed = Event.parse({ id: "1", msg: { type: "hologram_ready", depth: 3 } });
    expect(parsed.msg).toEqual({ type: "hologram_ready", depth: 3 });
    expect(isKnownEvent(parsed.msg)).toBe(false);
  });

  it("validates submissions, normalising a bare sandbox mode", () => {
    const sub = Submission.parse({
      id: "s",
      op: { type: "user_turn", items: [{ type: "text", text: "hi" }], sandbox_policy: "workspace-write" },
    });
    expect(sub.op).toMatchObject({
      sandbox_policy: { type: "workspace-write", writable_roots: [], network_access: false },
    });
    expect(
      Submission.safeParse({ id: "s", op: { type: "exec_approval", id: "c", decision: "maybe" } }).success,
    ).toBe(false);
  });
});
