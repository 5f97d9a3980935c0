// The pacer hands engine events to the UI in frames of bounded streamed text, in order, with a resumed
// thread's history in the frame of its session_configured; a backlog makes frames larger, up to a cap.
import { describe, expect, it } from "vitest";
import type { Event } from "../../../protocol/core-protocol.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";
import {
  BACKLOG_SHARE,
  EventPacer,
  FRAME_COST_MS,
  FRAME_MS,
  frameBudget,
  MAX_TEXT_BUDGET,
  MIN_TEXT_BUDGET,
  nextTextCap,
  START_TEXT_CAP,
  TEXT_BUDGET,
} from "./event-pacer.js";

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

/** `msPerKb`: the sink holds the thread that long per 1,000 characters of text, as a UI drawing them would. */
function collect(total: number, msPerKb = 0) {
  const frames: { events: Event[]; replayed?: readonly ReplayedTurn[] }[] = [];
  let seen = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const pacer = new EventPacer((events, replayed) => {
    const until = performance.now() + (events.length * 100 * msPerKb) / 1_000;
    while (performance.now() < until);
    frames.push({ events, ...(replayed ? { replayed } : {}) });
    seen += events.length;
    if (seen >= total) done();
  });
  return { pacer, frames, finished };
}

describe("frameBudget", () => {
  it("is the base budget while little waits, a share of a backlog beyond that, and never above the cap", () => {
    expect(frameBudget(0)).toBe(TEXT_BUDGET);
    expect(frameBudget(TEXT_BUDGET * 2)).toBe(TEXT_BUDGET);
    expect(frameBudget(80_000)).toBe(Math.ceil(80_000 * BACKLOG_SHARE));
    expect(frameBudget(10_000_000)).toBe(MAX_TEXT_BUDGET);
    expect(frameBudget(10_000_000, 10_000)).toBe(10_000);
    expect(frameBudget(10_000_000, 1)).toBe(MIN_TEXT_BUDGET);
  });
});

describe("nextTextCap", () => {
  it("drops at once to what fits the frame cost when a frame cost more", () => {
    expect(nextTextCap(32_000, 32_000, FRAME_COST_MS * 4)).toBe(8_000);
    expect(nextTextCap(32_000, 32_000, 10_000)).toBe(MIN_TEXT_BUDGET);
  });

  it("at most doubles when frames are cheap, up to the maximum", () => {
    expect(nextTextCap(8_000, 8_000, 1)).toBe(16_000);
    expect(nextTextCap(8_000, 8_000, FRAME_COST_MS / 1.5)).toBe(12_000);
    expect(nextTextCap(30_000, 30_000, 0)).toBe(MAX_TEXT_BUDGET);
  });

  it("learns nothing from a frame with little text", () => {
    expect(nextTextCap(8_000, 100, 50)).toBe(8_000);
    // A cheap frame well below the cap does not say the cap could grow.
    expect(nextTextCap(16_000, 5_000, 1)).toBe(16_000);
  });
});

describe("EventPacer", () => {
  it("splits a burst into frames within the budget of their backlog, keeping the order", async () => {
    const { pacer, frames, finished } = collect(200);
    for (let i = 0; i < 200; i++) pacer.push(delta(i));
    await finished;
    let backlog = 200 * 100;
    for (const frame of frames) {
      expect(frame.events.length * 100).toBeLessThanOrEqual(frameBudget(backlog));
      backlog -= frame.events.length * 100;
    }
    // 20 KB waiting: the first frame takes a share of it, larger than the base budget.
    expect(frames[0]!.events.length * 100).toBeGreaterThan(TEXT_BUDGET);
    const order = frames.flatMap((f) => f.events.map((e) => (e.msg as { delta: string }).delta));
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(100, ".")));
  });

  it("drains a 200 KB backlog in frames of at most the cap, far fewer than at the base budget", async () => {
    const count = 2_000;
    const { pacer, frames, finished } = collect(count);
    for (let i = 0; i < count; i++) pacer.push(delta(i));
    await finished;
    for (const frame of frames) expect(frame.events.length * 100).toBeLessThanOrEqual(MAX_TEXT_BUDGET);
    // Cheap frames: the cap grows from its start to the maximum.
    expect(frames[0]!.events.length * 100).toBeLessThanOrEqual(START_TEXT_CAP);
    expect(Math.max(...frames.map((f) => f.events.length * 100))).toBeGreaterThan(MAX_TEXT_BUDGET - 100);
    expect(frames.length).toBeLessThan((count * 100) / TEXT_BUDGET / 2);
  });

  it("shrinks frames that cost more than the frame cost, so a key never waits long behind one", async () => {
    // 3 ms per 1,000 characters: an 8 KB frame costs ~25 ms, one of ~4 KB fits the 12 ms frame cost.
    const count = 1_000;
    const { pacer, frames, finished } = collect(count, 3);
    for (let i = 0; i < count; i++) pacer.push(delta(i));
    await finished;
    const sizes = frames.map((f) => f.events.length * 100);
    expect(sizes[0]).toBeGreaterThan(START_TEXT_CAP - 100);
    // After the first frame, none carries more than fits (a busier machine only makes them smaller).
    for (const size of sizes.slice(1)) expect(size).toBeLessThanOrEqual((FRAME_COST_MS / 3) * 1_000 + 100);
  });

  it("keeps frames at the base budget while the backlog is small", async () => {
    // 15 KB waiting: a share of it is below the base budget, so frames stay at that.
    const { pacer, frames, finished } = collect(150);
    for (let i = 0; i < 150; i++) pacer.push(delta(i));
    await finished;
    expect(frames.length).toBeGreaterThanOrEqual(Math.ceil((150 * 100) / TEXT_BUDGET));
    for (const frame of frames) expect(frame.events.length * 100).toBeLessThanOrEqual(TEXT_BUDGET);
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

  it("gives way to keys once per frame, so steady typing does not hold the stream back", async () => {
    const { pacer, frames, finished } = collect(1);
    pacer.push(delta(0));
    pacer.yieldToInput();
    // A key every few ms until the frame is out (or a second has passed): the frame goes out anyway.
    let typing = true;
    let keys = 0;
    const typeOn = (): void => {
      pacer.yieldToInput();
      keys++;
      if (typing && keys < 200) setTimeout(typeOn, 5);
    };
    setTimeout(typeOn, 5);
    await finished;
    const keysBeforeFrame = keys;
    typing = false;
    expect(frames).toHaveLength(1);
    expect(keysBeforeFrame).toBeLessThan(200);
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
