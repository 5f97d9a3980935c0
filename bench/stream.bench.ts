// Big and many-piece model streams end to end through `exec --json`: one 5 MB text delta, and a message in
// 100,000 small deltas. Both must cost time linear in the input. REAL_CODEX=/path/to/codex adds the real
// Codex CLI on the same streams (alternating runs) and prints the ratios. A one-word answer runs first as a
// baseline: "net" figures subtract its median, which leaves the cost of the stream itself (the real Codex
// inside a loopback-only namespace waits seconds on a network call before answering any prompt).
import { resolve } from "node:path";
import { sse, startFakeModel } from "../test/support/fake-model.js";
import { median, scratchHome, timeCommand } from "./support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

const big = "word ".repeat(1_000_000);
const pieces = Array.from({ length: 100_000 }, (_, i) => `w${i % 10} `);
const streams = {
  "one-word answer (baseline)": [sse.created(), ...sse.message("hello"), sse.completed()],
  "one 5 MB delta": [sse.created(), ...sse.message(big, { deltas: [big] }), sse.completed()],
  "100,000 deltas": [sse.created(), ...sse.message(pieces.join(""), { deltas: pieces }), sse.completed()],
};

const real = process.env.REAL_CODEX;
const baseline = { ours: 0, real: 0 };
for (const [name, events] of Object.entries(streams)) {
  const model = await startFakeModel({ fallback: { events } });
  const ours = scratchHome(`openai_base_url = "${model.url}"\n`);
  const theirs = scratchHome(
    `model_provider = "fake"\nmodel = "gpt-5.1-codex"\n[model_providers.fake]\nname = "fake"\n` +
      `base_url = "${model.url}"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n`,
  );
  const env = (home: string) => ({
    PATH: process.env.PATH,
    HOME: home,
    CODEX_HOME: home,
    OPENAI_API_KEY: "sk",
  });
  const runs = { ours: [] as number[], real: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    const a = await timeCommand([process.execPath, CLI, "exec", "--json", "go"], {
      env: env(ours.codexHome),
      cwd: ours.cwd,
    });
    if (a.code !== 0) throw new Error(`codex-ts exited ${a.code}`);
    runs.ours.push(a.wallMs);
    if (real) {
      const b = await timeCommand([real, "exec", "--json", "--skip-git-repo-check", "go"], {
        env: env(theirs.codexHome),
        cwd: theirs.cwd,
      });
      runs.real.push(b.wallMs);
    }
  }
  await model.close();
  const oursMs = median(runs.ours);
  const theirsMs = real ? median(runs.real) : 0;
  let line = `${name}: codex-ts median ${oursMs.toFixed(0)} ms over ${RUNS} runs`;
  if (real) line += `; real codex ${theirsMs.toFixed(0)} ms; ratio ${(oursMs / theirsMs).toFixed(2)}x`;
  if (name.endsWith("(baseline)")) Object.assign(baseline, { ours: oursMs, real: theirsMs });
  else {
    line += `; net of the baseline: codex-ts ${(oursMs - baseline.ours).toFixed(0)} ms`;
    if (real) {
      const net = theirsMs - baseline.real;
      line += `, real codex ${net.toFixed(0)} ms, ratio ${((oursMs - baseline.ours) / net).toFixed(2)}x`;
    }
  }
  console.log(line);
}
