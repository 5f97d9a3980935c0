// A 200-turn proto session with automatic compaction (the fake model reports a growing context, so the
// engine compacts about every 25 turns): per-turn time at turns 10, 50 and 200, and the process's RSS.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { lastUserText, reply, startFakeModel } from "../test/support/fake-model.js";
import { median, scratchHome } from "./support.js";

const TURNS = Number(process.env.BENCH_TURNS ?? 200);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

let context = 1000;
let compactions = 0;
const model = await startFakeModel({
  fallback: (request) => {
    const input = request.body.input ?? [];
    if (lastUserText(input).startsWith("You are about to run out of context")) {
      compactions++;
      context = 1000;
      return reply.message("SUMMARY: the work so far");
    }
    context += 4000;
    return reply.message(`answer ${"x".repeat(200)}`, { usage: { input: context, output: 50 } });
  },
});
const home = scratchHome(`openai_base_url = "${model.url}"\nmodel_auto_compact_token_limit = 100000\n`);
const child = spawn(process.execPath, [CLI, "proto"], {
  cwd: home.cwd,
  env: {
    PATH: process.env.PATH,
    HOME: home.codexHome,
    CODEX_HOME: home.codexHome,
    OPENAI_API_KEY: "sk-bench",
    ...(process.env.CHILD_NODE_OPTIONS ? { NODE_OPTIONS: process.env.CHILD_NODE_OPTIONS } : {}),
  },
});
const waiting = new Map<string, () => void>();
createInterface({ input: child.stdout }).on("line", (line) => {
  const event = JSON.parse(line) as { id: string; msg: { type: string } };
  if (["task_complete", "session_configured", "error"].includes(event.msg.type)) waiting.get(event.id)?.();
});
const submit = (id: string, op: unknown) =>
  new Promise<void>((done) => {
    waiting.set(id, done);
    child.stdin.write(`${JSON.stringify({ id, op })}\n`);
  });

await submit("c", { type: "configure_session" });
const times: number[] = [];
const rss = new Map<number, number>();
for (let i = 1; i <= TURNS; i++) {
  const started = performance.now();
  await submit(`t${i}`, {
    type: "user_turn",
    items: [{ type: "text", text: `turn ${i}: ${"y".repeat(500)}` }],
  });
  times.push(performance.now() - started);
  if (i === 10 || i === 50 || i % 100 === 0) rss.set(i, rssMiB(child.pid ?? 0));
}
child.stdin.end();
await new Promise((r) => child.on("close", r));
await model.close();

const around = (turn: number) => median(times.slice(Math.max(0, turn - 5), turn + 5).filter(Boolean));
console.log(
  `long session: ${TURNS} turns, ${compactions} compactions; per-turn median around turn 10 ${around(10).toFixed(2)} ms, ` +
    `turn 50 ${around(50).toFixed(2)} ms, turn 200 ${around(TURNS - 5).toFixed(2)} ms ` +
    `(ratio 200/10: ${(around(TURNS - 5) / around(10)).toFixed(2)}x)`,
);
console.log(`long session: RSS by turn: ${[...rss].map(([t, m]) => `${t}: ${m.toFixed(1)} MiB`).join(", ")}`);
