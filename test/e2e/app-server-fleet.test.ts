// The fleet's `x-fleet/` methods on `codex-ts app-server` itself, for IDE clients: given by `--redis` or by
// the config's `[fleet]` table. A real redis-server on a free loopback port, a real `codex-ts worker`, the
// fake model.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServerClient } from "../support/app-server-client.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { runCli } from "../support/cli.js";
import { makeRepo, WorkerProcess } from "../support/fleet.js";
import { RedisServer } from "../support/redis-server.js";
import { scratchDir } from "../support/scratch.js";

const TEST_MS = 120_000;
let redis: RedisServer;
beforeAll(async () => {
  redis = await RedisServer.start();
});
afterAll(async () => {
  await redis?.stop();
});
const app = useAppServer();

async function callError(client: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await client.waitResponse(client.request(method, params));
  return response.error as Json;
}

describe("app-server: x-fleet/ methods", () => {
  it(
    "--redis: a task submitted, followed to its end and read; bad calls refused",
    async () => {
      const { home } = await app.startModel({ home: { git: false } });
      const root = scratchDir("codex-ts-app-fleet-");
      const repo = makeRepo(join(root, "repo"));
      const worker = new WorkerProcess(["--redis", redis.url, "--store", join(root, "store")], home.env);
      try {
        await worker.ready;
        const client = await app.spawn(home, { args: ["--redis", redis.url] });
        const { id } = await client.call("x-fleet/task/submit", {
          task: { repo, prompt: "say hi", approvalPolicy: "never" },
        });
        expect(typeof id).toBe("string");
        await client.call("x-fleet/task/follow", { id });
        await client.waitNotification("x-fleet/task/followEnded", (p) => p.id === id, { timeoutMs: 30_000 });
        const items = client.notifications("x-fleet/task/item").filter((p) => p.id === id);
        const types = items.map((p) => (p.event as Json).type);
        expect(types).toContain("turn.completed");
        const { task } = await client.call("x-fleet/task/read", { id });
        expect(task).toMatchObject({
          id,
          state: "completed",
          finalMessage: expect.stringContaining("say hi"),
        });
        const { tasks } = await client.call("x-fleet/task/list", {});
        expect((tasks as Json[]).map((t) => t.id)).toContain(id);

        expect((await callError(client, "x-fleet/task/read", { id: "t-nope" })).message).toContain(
          "no task t-nope",
        );
        expect((await callError(client, "x-fleet/task/approve", { id, decision: "maybe" })).code).toBe(
          -32602,
        );
        // The protocol's own methods are there as ever.
        const { data } = await client.call("thread/list", {});
        expect(Array.isArray(data)).toBe(true);
      } finally {
        await worker.stop();
      }
    },
    TEST_MS,
  );

  it(
    "[fleet] redis_url in the config gives the methods; without a fleet they do not exist",
    async () => {
      const { home } = await app.startModel({
        toml: `[fleet]\nredis_url = "${redis.url}"\nqueue = "ide-q"\n`,
      });
      const configured = await app.spawn(home);
      const { id } = await configured.call("x-fleet/task/submit", {
        task: { repo: "/nonexistent/repo", prompt: "queued only" },
      });
      const { queue, tasks } = await configured.call("x-fleet/task/list", {});
      expect(queue).toBe("ide-q");
      expect((tasks as Json[]).find((t) => t.id === id)).toMatchObject({ state: "queued" });
      expect(await configured.call("x-fleet/task/cancel", { id })).toEqual({ state: "cancelled" });

      const { home: plainHome } = await app.startModel();
      const plain = await app.spawn(plainHome);
      expect((await callError(plain, "x-fleet/task/list", {})).code).toBe(-32601);
    },
    TEST_MS,
  );

  it(
    "a fleet that cannot be reached, or a bad URL, stops the server at start with the reason",
    async () => {
      const { home } = await app.startModel();
      const down = await runCli(["app-server", "--redis", "redis://127.0.0.1:1"], {
        env: home.env,
        cwd: home.cwd,
        stdin: "",
        timeoutMs: 20_000,
      });
      expect(down.code).toBe(2);
      expect(down.stderr).toMatch(/^Error: .*127\.0\.0\.1:1/m);
      writeFileSync(join(home.codexHome, "config.toml"), `[fleet]\nredis_url = "http://nope"\n`, {
        flag: "a",
      });
      const bad = await runCli(["app-server"], {
        env: home.env,
        cwd: home.cwd,
        stdin: "",
        timeoutMs: 20_000,
      });
      expect(bad.stderr).toContain("fleet.redis_url: must be a redis:// or rediss:// URL");
    },
    TEST_MS,
  );
});
