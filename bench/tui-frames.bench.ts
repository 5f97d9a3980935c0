// The cost of one UI frame while a 200 KB answer streams: the answer's deltas are handed to the view in
// frames as engine/event-pacer.ts cuts them, and each frame (reduce, commit finished blocks to the
// scrollback, Ink layout and output) is timed. Two cuts: the whole answer waiting (the fake model sends it
// at once, so frames take a share of the backlog, up to the cap) and frames of the base budget (a model
// no faster than the UI). A key typed during the stream waits for at most about one such frame, so the
// worst frame bounds the worst keystroke.
//   node --import tsx bench/tui-frames.bench.ts
import { FakeTerminal, quietStdin } from "./fake-terminal.js";
import type { Event } from "../src/protocol/core-protocol.js";
import { median } from "./support.js";

process.env.NODE_ENV = "production";
const { render } = await import("ink");
const { createElement } = await import("react");
const { TuiView } = await import("../src/surfaces/tui/components/TuiView.js");
const { initialUi } = await import("../src/surfaces/tui/app/key-router.js");
const { recordedEvents } = await import("../src/surfaces/tui/fixtures/recorded-events.js");
const { tuiReducer } = await import("../src/surfaces/tui/state/tui-reducer.js");
const { initialTuiState } = await import("../src/surfaces/tui/state/tui-state.js");
const { TEXT_BUDGET, frameBudget } = await import("../src/surfaces/tui/engine/event-pacer.js");
type TuiState = ReturnType<typeof initialTuiState>;

// The answer of test/e2e/tui-long-answer.test.ts: 380 sections, ~200 KB, in 64-character deltas.
const PARAGRAPH = "The quick brown fox jumps over the lazy dog while the answer keeps streaming. ".repeat(7);
const ANSWER = [
  ...Array.from({ length: 380 }, (_, i) => `## Part ${i}\n\n${PARAGRAPH}\n\n- point ${i}\n- more`),
  "long-end-marker",
].join("\n\n");
const ROUNDS = 4;

const deltaEvent = (delta: string): Event => ({
  id: "turn",
  msg: { type: "agent_message_content_delta", thread_id: "t", turn_id: "t", item_id: "m", delta },
});

/** The deltas grouped into frames of at most `budget(characters still waiting)` characters each. */
function frames(budget: (backlog: number) => number): Event[][] {
  const out: Event[][] = [];
  let frame: Event[] = [];
  let size = 0;
  let backlog = ANSWER.length;
  let limit = budget(backlog);
  for (const delta of ANSWER.match(/.{1,64}/gs) ?? []) {
    if (size + delta.length > limit && frame.length > 0) {
      out.push(frame);
      backlog -= size;
      limit = budget(backlog);
      frame = [];
      size = 0;
    }
    frame.push(deltaEvent(delta));
    size += delta.length;
  }
  if (frame.length > 0) out.push(frame);
  return out;
}

const nextTick = () => new Promise((r) => setImmediate(r));

async function round(budget: (backlog: number) => number): Promise<number[]> {
  const start = recordedEvents("message").slice(0, 2);
  let state: TuiState = initialTuiState();
  for (const event of start) state = tuiReducer(state, { type: "engine_event", event, now: 0 });
  const stdout = new FakeTerminal(120);
  const stdin = quietStdin();
  const ui = initialUi();
  const view = (s: TuiState) => createElement(TuiView, { state: s, ui, width: 120, rows: 40, now: 0 });
  const instance = render(view(state), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 0,
  });
  await nextTick();
  const times: number[] = [];
  for (const events of frames(budget)) {
    const t0 = performance.now();
    state = tuiReducer(state, { type: "engine_events", events, now: 0 });
    instance.rerender(view(state));
    times.push(performance.now() - t0);
    await nextTick();
  }
  instance.unmount();
  return times;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const cuts = [
  { label: "the whole answer waiting (a share of the backlog a frame)", budget: frameBudget },
  { label: `frames of <= ${TEXT_BUDGET} chars`, budget: () => TEXT_BUDGET },
];
for (const cut of cuts) {
  const medians: number[] = [];
  const worst: number[] = [];
  const p95s: number[] = [];
  const totals: number[] = [];
  let count = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const times = await round(cut.budget);
    count = times.length;
    // The first round warms the JIT up.
    if (i === 0) continue;
    const sorted = [...times].sort((a, b) => a - b);
    medians.push(median(times));
    p95s.push(sorted[Math.floor(sorted.length * 0.95)] ?? 0);
    worst.push(sorted.at(-1) ?? 0);
    totals.push(times.reduce((a, b) => a + b, 0));
  }
  console.log(`frames of a 200 KB streamed answer, ${cut.label}, 120x40: ${count} frames`);
  console.log(
    `  median frame ${fmt(median(medians))}, p95 ${fmt(median(p95s))}, worst ${fmt(median(worst))}, ` +
      `all frames ${fmt(median(totals))} (medians over ${ROUNDS - 1} rounds)`,
  );
}
