// apply_patch on a large file: a 50,000-line file and one Update File with 200 chunks spread evenly.
// Times parse + plan + write; prints the median and minimum over 7 runs.
// Run: node --import tsx bench/apply-patch.bench.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { applyPatch } from "../src/tools/apply-patch/apply.js";
import { parsePatch } from "../src/tools/apply-patch/parse.js";

const LINES = 50_000;
const CHUNKS = 200;
const RUNS = 7;
const STRIDE = LINES / CHUNKS;

function fileLine(i: number): string {
  if (i % STRIDE === 0) return `function block_${i / STRIDE}() {`;
  return `  const value_${i} = compute(${i}, "${(i * 2654435761) % 4294967296}");`;
}

const original = Array.from({ length: LINES }, (_, i) => fileLine(i));
const originalText = `${original.join("\n")}\n`;

const patchLines = ["*** Begin Patch", "*** Update File: big.ts"];
const expected = [...original];
for (let chunk = CHUNKS - 1; chunk >= 0; chunk--) {
  const target = chunk * STRIDE + STRIDE / 2;
  expected.splice(target, 1, `  const value_${target} = 0; // patched`, `  log(${target});`);
}
for (let chunk = 0; chunk < CHUNKS; chunk++) {
  const target = chunk * STRIDE + STRIDE / 2;
  patchLines.push(`@@ function block_${chunk}() {`);
  for (let i = target - 3; i < target; i++) patchLines.push(` ${fileLine(i)}`);
  patchLines.push(`-${fileLine(target)}`, `+  const value_${target} = 0; // patched`, `+  log(${target});`);
  for (let i = target + 1; i <= target + 3; i++) patchLines.push(` ${fileLine(i)}`);
}
patchLines.push("*** End Patch");
const patchText = patchLines.join("\n");

const dir = mkdtempSync(join(tmpdir(), "apply-patch-bench-"));
const file = join(dir, "big.ts");
const timings: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    writeFileSync(file, originalText);
    const start = performance.now();
    await applyPatch(parsePatch(patchText), { cwd: dir });
    timings.push(performance.now() - start);
    if (readFileSync(file, "utf8") !== `${expected.join("\n")}\n`) throw new Error("patched file is wrong");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const sorted = [...timings].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const min = sorted[0] ?? 0;
console.log(
  `apply_patch: ${LINES}-line file, ${CHUNKS} chunks, ${RUNS} runs (parse + plan + write, with diff)`,
);
console.log(`  median ${median.toFixed(1)} ms, min ${min.toFixed(1)} ms`);
