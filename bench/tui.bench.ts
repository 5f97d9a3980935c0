// TUI rendering cost per streamed delta, after 10 and after 1,000 history cells. Finished cells go to the
// terminal's scrollback through <Static> and are never drawn again, so the cost of a delta should not depend
// on how long the session is (goal: within 2x). Renders the real view with Ink into a fake 100x40 terminal.
//   node --import tsx bench/tui.bench.ts
import { FakeTerminal, quietStdin } from "./fake-terminal.js";
import { median } from "./support.js";

// React's production build, as the bundle uses; set before React loads.
process.env.NODE_ENV = "production";
const { render } = await import("ink");
const { createElement } = await import("react");
const { TuiView } = await import("../src/surfaces/tui/components/TuiView.js");
const { initialUi } = await import("../src/surfaces/tui/app/key-router.js");
const { recordedEvents } = await import("../src/surfaces/tui/fixtures/recorded-events.js");
const { tuiReducer } = await import("../src/surfaces/tui/state/tui-reducer.js");
const { initialTuiState } = await import("../src/surfaces/tui/state/tui-state.js");
type TuiState = ReturnType<typeof initialTuiState>;

const DELTAS = 300;
const ROUNDS = 5;

/** A session of about `cells` history cells, built from recorded engine events (shell turns, answers). */
function sessionWith(cells: number): TuiState {
  const turn = [...recordedEvents("shell"), ...recordedEvents("message")].filter(
    (e) => e.msg.type !== "session_configured" && e.msg.type !== "shutdown_complete",
  );
  let state = tuiReducer(initialTuiState(), {
    type: "engine_event",
    event: recordedEvents("shell")[0]!,
    now: 0,
  });
  while (state.history.length < cells) {
    for (const event of turn) state = tuiReducer(state, { type: "engine_event", event, now: 0 });
  }
  return state;
}

function delta(state: TuiState, i: number): TuiState {
  const text = i % 12 === 11 ? "\n- another point with `code`\n" : `word${i} `;
  return tuiReducer(state, {
    type: "engine_event",
    event: {
      id: "turn",
      msg: { type: "agent_message_content_delta", thread_id: "t", turn_id: "t", item_id: "m", delta: text },
    },
    now: 0,
  });
}

const nextTick = () => new Promise((r) => setImmediate(r));

async function measure(
  cells: number,
): Promise<{ perDeltaMs: number; firstRenderMs: number; history: number }> {
  const base = sessionWith(cells);
  const perDelta: number[] = [];
  let firstRenderMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const stdout = new FakeTerminal(100);
    const stdin = quietStdin();
    const ui = initialUi();
    const view = (state: TuiState) => createElement(TuiView, { state, ui, width: 100, rows: 40, now: 0 });
    const started = performance.now();
    const instance = render(view(base), {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
      maxFps: 0,
    });
    firstRenderMs = Math.max(firstRenderMs, performance.now() - started);
    await nextTick();
    let state = base;
    const times: number[] = [];
    for (let i = 0; i < DELTAS; i++) {
      state = delta(state, i);
      const t0 = performance.now();
      instance.rerender(view(state));
      times.push(performance.now() - t0);
      await nextTick();
    }
    instance.unmount();
    // The first rounds warm the JIT up; keep the median of each round.
    if (round > 0) perDelta.push(median(times));
  }
  return { perDeltaMs: median(perDelta), firstRenderMs, history: base.history.length };
}

const small = await measure(10);
const large = await measure(1_000);
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(
  `render per streamed delta (median of ${DELTAS} deltas x ${ROUNDS - 1} rounds, 100x40 terminal):`,
);
console.log(`  after ${small.history} history cells:   ${fmt(small.perDeltaMs)}`);
console.log(`  after ${large.history} history cells: ${fmt(large.perDeltaMs)}`);
console.log(`  ratio: ${(large.perDeltaMs / small.perDeltaMs).toFixed(2)}x (goal <= 2x)`);
console.log(
  `first render (prints the history once): ${fmt(small.firstRenderMs)} for ${small.history} cells, ${fmt(large.firstRenderMs)} for ${large.history}`,
);
