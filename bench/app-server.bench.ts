// `codex-ts app-server`: (1) spawn -> `initialize` answered, the start-up an IDE waits for (goal <= 55 ms;
// the real Codex: 55.6 ms); (2) the per-turn time of a 20-turn session against a model that answers at
// once: turn/start written -> turn/completed read (goal <= 5 ms; the real Codex: ~50 ms).
// Run after `npm run build`: node --import tsx bench/app-server.bench.ts
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { reply, startFakeModel } from "../test/support/fake-model.js";
import { median, scratchHome } from "./support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TURNS = Number(process.env.BENCH_TURNS ?? 20);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 5);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

type Message = { id?: number; method?: string; result?: { thread?: { id: string } } };

/** A spawned server and a way to wait for the next message matching a predicate. */
function startServer(env: NodeJS.ProcessEnv, cwd: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CLI, "app-server"], { env, cwd });
  const waiting: Array<{ match: (m: Message) => boolean; done: (m: Message) => void }> = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line) as Message;
    const index = waiting.findIndex((w) => w.match(message));
    if (index >= 0) waiting.splice(index, 1)[0]?.done(message);
  });
  const send = (value: unknown) => child.stdin.write(`${JSON.stringify(value)}\n`);
  const next = (match: (m: Message) => boolean) =>
    new Promise<Message>((done) => waiting.push({ match, done }));
  const stop = () =>
    new Promise<void>((done) => {
      child.on("close", () => done());
      child.stdin.end();
    });
  return { send, next, stop };
}

const INITIALIZE = { id: 0, method: "initialize", params: { clientInfo: { name: "bench", version: "1" } } };

async function initializeTimes(env: NodeJS.ProcessEnv, cwd: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const server = startServer(env, cwd);
    const answered = server.next((m) => m.id === 0);
    server.send(INITIALIZE);
    await answered;
    if (i > 0) times.push(performance.now() - started); // the first run warms the file cache
    await server.stop();
  }
  return times;
}

async function turnTimes(env: NodeJS.ProcessEnv, cwd: string): Promise<number[]> {
  const server = startServer(env, cwd);
  server.send(INITIALIZE);
  await server.next((m) => m.id === 0);
  server.send({ method: "initialized" });
  const started = server.next((m) => m.id === 1);
  server.send({ id: 1, method: "thread/start", params: { cwd } });
  const threadId = (await started).result?.thread?.id;
  const times: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const t0 = performance.now();
    const completed = server.next((m) => m.method === "turn/completed");
    server.send({
      id: 10 + i,
      method: "turn/start",
      params: { threadId, input: [{ type: "text", text: `turn ${i}` }] },
    });
    await completed;
    times.push(performance.now() - t0);
  }
  await server.stop();
  return times.slice(1); // the first turn pays for warm-up
}

const model = await startFakeModel({ fallback: reply.message("ok") });
const home = scratchHome(`openai_base_url = "${model.url}"\n`);
const env = {
  PATH: process.env.PATH,
  HOME: home.codexHome,
  CODEX_HOME: home.codexHome,
  OPENAI_API_KEY: "sk-bench",
};

const init = await initializeTimes(env, home.cwd);
console.log(
  `app-server: spawn -> initialize answered median ${median(init).toFixed(1)} ms, min ${Math.min(...init).toFixed(1)} ms ` +
    `over ${init.length} runs (goal <= 55 ms; real Codex 55.6 ms)`,
);
const turns: number[] = [];
for (let s = 0; s < SESSIONS; s++) turns.push(...(await turnTimes(env, home.cwd)));
console.log(
  `app-server: per-turn time (turn/start -> turn/completed, model answers at once) median ${median(turns).toFixed(2)} ms, ` +
    `min ${Math.min(...turns).toFixed(2)} ms over ${turns.length} turns (${SESSIONS} sessions x ${TURNS - 1}; goal <= 5 ms)`,
);
await model.close();
