// `exec --json "hello"` end to end against a fake model that answers at once: wall time and peak RSS.
// Set REAL_CODEX=/path/to/codex to measure the real Codex CLI the same way and print the ratio, or
// BASELINE_CLI=/path/to/other/dist/cli.js to compare with another build of codex-ts in the same run.
import { resolve } from "node:path";
import { reply, startFakeModel } from "../test/support/fake-model.js";
import { canMeasureRss, median, scratchHome, timeCommand } from "./support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

async function measure(label: string, argv: string[], configToml: (url: string) => string) {
  const model = await startFakeModel({ fallback: reply.message("hello") });
  const home = scratchHome(configToml(model.url));
  const env = {
    PATH: process.env.PATH,
    HOME: home.codexHome,
    CODEX_HOME: home.codexHome,
    OPENAI_API_KEY: "sk-bench",
  };
  await timeCommand(argv, { env, cwd: home.cwd }); // warm the file cache
  const walls: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await timeCommand(argv, { env, cwd: home.cwd });
    if (r.code !== 0) throw new Error(`${label} exited ${r.code}`);
    walls.push(r.wallMs);
    if (r.rssKiB) rss.push(r.rssKiB);
  }
  await model.close();
  const result = {
    label,
    wallMs: median(walls),
    minMs: Math.min(...walls),
    rssMiB: rss.length ? median(rss) / 1024 : undefined,
  };
  console.log(
    `${label}: exec hello median ${result.wallMs.toFixed(1)} ms (min ${result.minMs.toFixed(1)}), ` +
      `peak RSS median ${result.rssMiB ? `${result.rssMiB.toFixed(1)} MiB` : "n/a (no /usr/bin/time)"} over ${RUNS} runs`,
  );
  return result;
}

const ours = await measure(
  "codex-ts",
  [process.execPath, CLI, "exec", "--json", "hello"],
  (url) => `openai_base_url = "${url}"\n`,
);

const baselineCli = process.env.BASELINE_CLI;
if (baselineCli) {
  const base = await measure(
    "baseline",
    [process.execPath, baselineCli, "exec", "--json", "hello"],
    (url) => `openai_base_url = "${url}"\n`,
  );
  console.log(
    `ratio codex-ts / baseline: wall ${(ours.wallMs / base.wallMs).toFixed(2)}x` +
      (ours.rssMiB && base.rssMiB ? `, peak RSS ${(ours.rssMiB / base.rssMiB).toFixed(2)}x` : ""),
  );
}

const real = process.env.REAL_CODEX;
if (real) {
  const theirs = await measure(
    "real codex",
    [real, "exec", "--json", "--skip-git-repo-check", "hello"],
    (url) =>
      `model_provider = "fake"\nmodel = "gpt-5.1-codex"\n[model_providers.fake]\nname = "fake"\nbase_url = "${url}"\n` +
      `wire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n`,
  );
  console.log(
    `ratio codex-ts / real codex: wall ${(ours.wallMs / theirs.wallMs).toFixed(2)}x` +
      (ours.rssMiB && theirs.rssMiB ? `, peak RSS ${(ours.rssMiB / theirs.rssMiB).toFixed(2)}x` : ""),
  );
}
if (!canMeasureRss) console.log("(install GNU time, Debian package `time`, for peak RSS)");
