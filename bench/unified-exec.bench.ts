// Unified exec overheads: start + collect of a command that exits at once (pipes and PTY, with and without a
// login shell), throughput of a chatty command through the head/tail buffer, and the cost of the /proc sweep
// that kills a command's whole session.
// Run: node --import tsx bench/unified-exec.bench.ts
import { performance } from "node:perf_hooks";
import { killProcessTree } from "../src/tools/unified-exec/process-tree.js";
import { UnifiedExecManager } from "../src/tools/unified-exec/session-manager.js";
import { median } from "./support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const manager = new UnifiedExecManager();
const cwd = process.cwd();

async function roundTrip(cmd: string, tty: boolean, login: boolean): Promise<number> {
  const started = performance.now();
  const { sessionId } = await manager.start({ cmd, cwd, env: process.env, tty, login });
  const result = await manager.collect(sessionId, { yieldTimeMs: 10_000 });
  if (!result.exit) throw new Error(`${cmd} did not finish`);
  return performance.now() - started;
}

for (const [label, tty, login] of [
  ["pipes, bash -c", false, false],
  ["pty,   bash -c", true, false],
  ["pipes, bash -lc", false, true],
] as const) {
  await roundTrip("true", tty, login); // warm up (and load node-pty once)
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await roundTrip("true", tty, login));
  console.log(`start+collect 'true' (${label}): median ${median(times).toFixed(1)} ms over ${RUNS}`);
}

{
  const started = performance.now();
  const { sessionId } = await manager.start({ cmd: "seq 1 3000000", cwd, env: process.env, login: false });
  const result = await manager.collect(sessionId, { yieldTimeMs: 30_000 });
  const ms = performance.now() - started;
  const mb = (result.originalTokenCount * 4) / 1e6;
  console.log(
    `seq 1 3000000 (${mb.toFixed(1)} MB) through a collect: ${ms.toFixed(0)} ms, ${(mb / (ms / 1000)).toFixed(0)} MB/s`,
  );
}

{
  const times: number[] = [];
  // A pid that leads no session: the sweep reads every /proc/N/stat and kills nothing.
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    killProcessTree(2 ** 22 + 1);
    times.push(performance.now() - started);
  }
  console.log(`killProcessTree sweep: median ${median(times).toFixed(2)} ms over ${RUNS}`);
}

await manager.closeAll();
