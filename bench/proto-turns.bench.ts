// Per-turn overhead: a 20-turn `proto` session whose model answers at once. The time from submitting a
// user_turn to its task_complete, minus nothing: everything codex-ts adds on top of a loopback round trip.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { reply, startFakeModel } from "../test/support/fake-model.js";
import { median, scratchHome } from "./support.js";

const TURNS = Number(process.env.BENCH_TURNS ?? 20);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 5);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

async function session(): Promise<number[]> {
  const model = await startFakeModel({ fallback: reply.message("ok") });
  const home = scratchHome(`openai_base_url = "${model.url}"\n`);
  const child = spawn(process.execPath, [CLI, "proto"], {
    cwd: home.cwd,
    env: {
      PATH: process.env.PATH,
      HOME: home.codexHome,
      CODEX_HOME: home.codexHome,
      OPENAI_API_KEY: "sk-bench",
    },
  });
  const waiting = new Map<string, () => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const event = JSON.parse(line) as { id: string; msg: { type: string } };
    if (event.msg.type === "task_complete" || event.msg.type === "session_configured")
      waiting.get(event.id)?.();
  });
  const submit = (id: string, op: unknown) =>
    new Promise<void>((done) => {
      waiting.set(id, done);
      child.stdin.write(`${JSON.stringify({ id, op })}\n`);
    });
  await submit("configure", { type: "configure_session" });
  const times: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const started = performance.now();
    await submit(`t${i}`, { type: "user_turn", items: [{ type: "text", text: `turn ${i}` }] });
    times.push(performance.now() - started);
  }
  child.stdin.end();
  await new Promise((r) => child.on("close", r));
  await model.close();
  return times;
}

const all: number[] = [];
for (let s = 0; s < SESSIONS; s++) all.push(...(await session()).slice(1)); // the first turn pays for warm-up
console.log(
  `proto: per-turn time (submit -> task_complete, model answers at once) median ${median(all).toFixed(2)} ms, ` +
    `min ${Math.min(...all).toFixed(2)} ms over ${all.length} turns (${SESSIONS} sessions x ${TURNS - 1})`,
);
