import { describe, expect, it } from "vitest";
import { IdlePreload } from "./idle-preload.js";

/** A preload whose load reports each call and each `stopped` answer. */
function probe(delayMs = 0) {
  const calls: Array<() => boolean> = [];
  let loaded!: () => void;
  const started = new Promise<void>((resolve) => (loaded = resolve));
  const preload = new IdlePreload(
    (stopped) => {
      calls.push(stopped);
      loaded();
      return Promise.resolve();
    },
    () => undefined,
    delayMs,
  );
  return { preload, calls, started };
}

/** Past the delay of a probe(0)'s timer: a check made after this would see a load it started. */
const afterTimers = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("IdlePreload", () => {
  it("loads once, after the last request in flight is answered", async () => {
    const { preload, calls, started } = probe();
    preload.requestStarted();
    preload.requestStarted();
    preload.requestEnded();
    expect(calls).toHaveLength(0);
    preload.requestEnded();
    await started;
    expect(calls).toHaveLength(1);
    preload.requestStarted();
    preload.requestEnded();
    await afterTimers();
    expect(calls).toHaveLength(1);
  });

  it("a request that starts before the delay is over puts the load off", async () => {
    const { preload, calls, started } = probe(5);
    preload.requestStarted();
    preload.requestEnded();
    preload.requestStarted(); // the armed timer is cleared
    await afterTimers();
    expect(calls).toHaveLength(0);
    preload.requestEnded();
    await started;
    expect(calls).toHaveLength(1);
    expect(calls[0]!()).toBe(false);
  });

  it("never loads after stop, and tells a load under way to stop", async () => {
    const { preload, calls, started } = probe();
    preload.requestStarted();
    preload.requestEnded();
    await started;
    preload.stop();
    expect(calls[0]!()).toBe(true);

    const stoppedEarly = probe();
    stoppedEarly.preload.stop();
    stoppedEarly.preload.requestStarted();
    stoppedEarly.preload.requestEnded();
    await afterTimers();
    expect(stoppedEarly.calls).toHaveLength(0);
  });
});
