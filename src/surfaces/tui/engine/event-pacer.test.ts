// The pacer hands engine events to the UI in frames of bounded streamed text, in order, with a resumed
// thread's history in the frame of its session_configured.
import { describe, expect, it } from "vitest";
import type { Event } from "../../../protocol/core-protocol.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";
import { EventPacer, FRAME_MS, TEXT_BUDGET } from "./event-pacer.js";

const delta = (i: number): Event => ({
  id: "t",
  msg: {
    type: "agent_message_content_delta",
    thread_id: "th",
    turn_id: "t",
    item_id: "m",
    delta: `${i}`.padEnd(100, "."),
  },
});

function collect(total: number) {
  const frames: { events: Event[]; replayed?: readonly ReplayedTurn[] }[] = [];
  let seen = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const pacer = new EventPacer((events, replayed) => {
    frames.push({ events, ...(replayed ? { replayed } : {}) });
    seen += events.length;
    if (seen >= total) done();
  });
  return { pacer, frames, finished };
}

describe("EventPacer", () => {
  it("splits a burst into frames of at most the text budget, keeping the order", async () => {
    const { pacer, frames, finished } = collect(200);
    for (let i = 0; i < 200; i++) pacer.push(delta(i));
    await finished;
    expect(frames.length).toBeGreaterThanOrEqual(Math.ceil((200 * 100) / TEXT_BUDGET));
    for (const frame of frames) expect(frame.events.length * 100).toBeLessThanOrEqual(TEXT_BUDGET);
    const order = frames.flatMap((f) => f.events.map((e) => (e.msg as { delta: string }).delta));
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(100, ".")));
  });

  it("sends the replayed turns with the frame that holds session_configured", async () => {
    const { pacer, frames, finished } = collect(101);
    const turns: ReplayedTurn[] = [{ userMessage: "hi", items: [], status: "completed" }];
    for (let i = 0; i < 100; i++) pacer.push(delta(i));
    const configured = { id: "c", msg: { type: "shutdown_complete" } } as Event;
    pacer.push(configured, turns);
    await finished;
    const withTurns = frames.filter((f) => f.replayed);
    expect(withTurns).toHaveLength(1);
    expect(withTurns[0]?.events).toContain(configured);
    expect(withTurns[0]?.replayed).toBe(turns);
  });

  it("lets a key pre-empt a scheduled frame once, then delivers it", async () => {
    const { pacer, frames, finished } = collect(1);
    pacer.push(delta(0));
    const started = performance.now();
    pacer.yieldToInput();
    pacer.yieldToInput();
    await finished;
    // The frame gave way to the key for one frame period, not once per key.
    expect(performance.now() - started).toBeGreaterThanOrEqual(FRAME_MS - 1);
    expect(frames).toHaveLength(1);
  });

  it("does not delay a frame for a key read while nothing was scheduled", async () => {
    const { pacer, frames } = collect(1);
    pacer.yieldToInput();
    pacer.push(delta(0));
    // The first frame goes out on the next turn of the event loop, not a frame period later.
    await new Promise((resolve) => setImmediate(resolve));
    expect(frames).toHaveLength(1);
  });
});
