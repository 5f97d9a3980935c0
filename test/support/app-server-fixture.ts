// The setup every app-server e2e test shares: a fake model, a fresh CODEX_HOME pointing at it, and
// `codex-ts app-server` processes driven by AppServerClient. `useAppServer()` registers its own teardown
// (what closeAppServerTest does, for every model and server the test started): close each server, check
// that every message it exchanged matched the protocol schema and that the fake model saw only
// well-formed requests, then close the model.
import { afterEach, expect } from "vitest";
import { startFakeModel } from "./fake-model.js";
import { makeHome, type HomeOptions, type TestHome } from "./cli.js";
import { AppServerClient } from "./app-server-client.js";

export type Json = Record<string, unknown>;
export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;
export type FakeModelOptions = NonNullable<Parameters<typeof startFakeModel>[0]>;

export interface ModelOptions {
  /** The fake model's script: `replies` in order, then `fallback`. */
  model?: FakeModelOptions;
  /** Extra config.toml text (makeHome's `extraToml`). */
  toml?: string;
  /** makeHome's options (`shellTool`, `git`). */
  home?: HomeOptions;
}

export interface SpawnOptions {
  /** Arguments after `codex-ts app-server`. */
  args?: string[];
  /** Added to the home's environment; a key set to undefined is left out. */
  env?: NodeJS.ProcessEnv;
  /** The server's working directory (default: the home's scratch cwd). */
  cwd?: string;
  /** The clientInfo.name to initialize with (default "codex_ts_tests"); false: the test does the handshake. */
  initialize?: string | false;
}

export type StartOptions = ModelOptions & SpawnOptions;

export interface AppServerFixture {
  /** Starts a fake model and makes a home whose config points at it; spawns nothing yet. */
  startModel(options?: ModelOptions): Promise<{ home: TestHome; model: FakeModel }>;
  /** Spawns an app-server on `home` (closed and checked after the test) and initializes it. */
  spawn(home: TestHome, options?: SpawnOptions): Promise<AppServerClient>;
  /** startModel, then spawn. */
  start(options?: StartOptions): Promise<{ home: TestHome; model: FakeModel; client: AppServerClient }>;
}

/** Call at the top of a test file: the servers and models a test starts through it are torn down after it. */
export function useAppServer(): AppServerFixture {
  const models: FakeModel[] = [];
  const clients: AppServerClient[] = [];

  afterEach(async () => {
    const spawned = clients.splice(0);
    const started = models.splice(0);
    try {
      for (const client of spawned) await client.close();
      for (const client of spawned) expect(client.violations).toEqual([]);
      for (const model of started) expect(model.errors).toEqual([]);
    } finally {
      for (const model of started) await model.close();
    }
  });

  const fixture: AppServerFixture = {
    async startModel(options = {}) {
      const model = await startFakeModel(options.model);
      models.push(model);
      const home = makeHome(model.url, options.toml, options.home);
      return { home, model };
    },

    async spawn(home, options = {}) {
      const client = AppServerClient.spawn(options.args ?? [], {
        env: { ...home.env, ...options.env },
        cwd: options.cwd ?? home.cwd,
      });
      clients.push(client);
      if (options.initialize !== false) await client.initialize(options.initialize);
      return client;
    },

    async start(options = {}) {
      const { home, model } = await fixture.startModel(options);
      const client = await fixture.spawn(home, options);
      return { home, model, client };
    },
  };
  return fixture;
}

/** `thread/start` with `params`; resolves with the new thread's id. */
export async function startThread(client: AppServerClient, params: Json): Promise<string> {
  const result = await client.call("thread/start", params);
  return (result.thread as Json).id as string;
}

/**
 * Starts a turn with one text input (and any other turn/start `params`) and waits for that turn's
 * turn/completed; resolves with the completed turn (its status, error and items).
 */
export async function runTurn(
  client: AppServerClient,
  threadId: string,
  text: string,
  options: { params?: Json; timeoutMs?: number } = {},
): Promise<Json> {
  const from = client.received.length;
  const started = await client.call("turn/start", {
    threadId,
    input: [{ type: "text", text }],
    ...options.params,
  });
  const turnId = (started.turn as Json).id;
  const completed = await client.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, {
    from,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return completed.turn as Json;
}
