// A worker started while its Redis is down says so and waits, then serves once Redis answers.
import { afterEach, describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { WorkerProcess } from "../support/fleet.js";
import { RedisServer } from "../support/redis-server.js";

let redis: RedisServer | undefined;
let worker: WorkerProcess | undefined;
afterEach(async () => {
  await worker?.stop();
  await redis?.stop();
});

/** Resolves when the worker's stderr holds `text`. */
function stderrShows(w: WorkerProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker never said "${text}":\n${w.stderr}`)), 15_000);
    const check = () => {
      if (!w.stderr.includes(text)) return;
      clearTimeout(timer);
      w.child.stderr?.off("data", check);
      resolve();
    };
    w.child.stderr?.on("data", check);
    check();
  });
}

describe("codex-ts worker", () => {
  it("says that Redis is unreachable instead of waiting in silence, and serves once it answers", async () => {
    redis = await RedisServer.start();
    // Its port and data folder are kept: the worker is pointed at a Redis that is not running yet.
    await redis.stop();
    const home = makeHome("http://127.0.0.1:9/v1", "", { git: false });
    worker = new WorkerProcess(["--redis", redis.url, "--store", `${home.codexHome}/store`], home.env);
    const ready = worker.ready.then(
      () => "ready",
      (err: Error) => err.message,
    );
    await stderrShows(worker, `Redis at ${redis.url} is unreachable (connect ECONNREFUSED`);
    expect(worker.stderr).toContain("retrying until it answers");
    await redis.launch();
    expect(await ready).toBe("ready");
    expect(worker.stderr).toContain(`Redis at ${redis.url} answers again`);
  });
});
