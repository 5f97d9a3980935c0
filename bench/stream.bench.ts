// Big and many-piece model streams end to end through `exec --json`: one 5 MB text delta, and a message in
// 100,000 small deltas. Both must cost time linear in the input. REAL_CODEX=/path/to/codex adds the real
// Codex CLI on the same streams (alternating runs) and prints the ratios.
import { resolve } from "node:path";
import { sse, startFakeModel } from "../test/support/fake-model.js";
import { median, scratchHome, timeCommand } from "./support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

const big = "word ".repeat(1_000_000);
const pieces = Array.from({ length: 100_000 }, (_, i) => `w${i % 10} `);
const streams = {
  "one 5 MB delta": [sse.created(), ...sse.message(big, { deltas: [big] }), sse.completed()],
  "100,000 deltas": [sse.created(), ...sse.message(pieces.join(""), { deltas: pieces }), sse.completed()],
};

const real = process.env.REAL_CODEX;
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
  const line = `${name}: codex-ts median ${median(runs.ours).toFixed(0)} ms over ${RUNS} runs`;
  console.log(
    real
      ? `${line}; real codex ${median(runs.real).toFixed(0)} ms; ratio ${(median(runs.ours) / median(runs.real)).toFixed(2)}x`
      : line,
  );
}
