// The ChatGPT login in auth.json is refreshed as the real Codex refreshes it (docs/auth.md): before use when
// it is stale, and once after a 401; a refused refresh token ends the turn with "run `codex-ts login`".
// The issuer is test/support/fake-issuer.ts (CODEX_TS_LOGIN_ISSUER), the model the fake model.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli, type TestHome } from "../support/cli.js";
import { AppServerClient, closeAppServerTest } from "../support/app-server-client.js";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../support/fake-issuer.js";

type Json = Record<string, unknown>;

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let issuer: FakeIssuer | undefined;
let client: AppServerClient | undefined;
afterEach(async () => {
  await closeAppServerTest(client, model);
  await issuer?.close();
  client = undefined;
  model = undefined;
  issuer = undefined;
});

const OLD_TOKEN = chatgptToken("acct-1", 1);
const LONG_AGO = "2020-01-01T00:00:00.000Z";

/** A ChatGPT login in auth.json, as `codex-ts login` leaves it, refreshed at `lastRefresh`. */
function writeLogin(home: TestHome, lastRefresh: string): string {
  const file = join(home.codexHome, "auth.json");
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        auth_mode: "chatgpt",
        OPENAI_API_KEY: null,
        tokens: { id_token: OLD_TOKEN, access_token: OLD_TOKEN, refresh_token: "rt-1", account_id: "acct-1" },
        last_refresh: lastRefresh,
      },
      null,
      2,
    )}\n`,
    { mode: 0o600 },
  );
  return file;
}

async function setup(lastRefresh: string, options: Parameters<typeof startFakeIssuer>[0] = {}) {
  model = await startFakeModel();
  issuer = await startFakeIssuer(options);
  const home = makeHome(model.url);
  const file = writeLogin(home, lastRefresh);
  const env = { ...home.env, CODEX_TS_LOGIN_ISSUER: issuer.url };
  return { model, issuer, home, file, env };
}

const bearer = (request: { headers: Json } | undefined) => request?.headers.authorization;

describe("stored ChatGPT login refresh", () => {
  it("exec refreshes a stale login first and sends the new token", async () => {
    const { model, issuer, home, file, env } = await setup(LONG_AGO);
    const run = await runCli(["exec", "hello"], { env, cwd: home.cwd });
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);

    const fresh = issuer.refreshed(1);
    expect(model.requests.map(bearer)).toEqual([`Bearer ${fresh.access_token}`]);
    expect(model.requests[0]?.headers["chatgpt-account-id"]).toBe("acct-1");
    expect(issuer.refreshes().map((r) => r.body)).toEqual([
      {
        client_id: "app_EMoamEEZ73f0CkXaXp7hrann",
        grant_type: "refresh_token",
        refresh_reason: "scheduled",
        refresh_token: "rt-1",
      },
    ]);
    const stored = JSON.parse(readFileSync(file, "utf8")) as Json;
    expect(stored).toMatchObject({ auth_mode: "chatgpt", tokens: { ...fresh, account_id: "acct-1" } });
    expect(Date.parse(stored.last_refresh as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("two processes with one stale login refresh it once: the second waits and uses the new tokens", async () => {
    // A slow issuer: without the cross-process lock both would send refresh token rt-1.
    const { model, issuer, home, env } = await setup(LONG_AGO, {
      refresh: () => ({ status: 200, body: null, delayMs: 400 }),
    });
    const runs = await Promise.all([
      runCli(["exec", "one"], { env, cwd: home.cwd }),
      runCli(["exec", "two"], { env, cwd: home.cwd }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(issuer.refreshes()).toHaveLength(1);
    const fresh = `Bearer ${issuer.refreshed(1).access_token}`;
    expect(model.requests.map(bearer)).toEqual([fresh, fresh]);
  });

  it("a 401 with fresh-looking tokens refreshes once and retries with the new token", async () => {
    const { model, issuer, home, env } = await setup(new Date().toISOString());
    model.push(reply.httpError(401, { message: "token expired" }), reply.message("after refresh"));
    const run = await runCli(["exec", "hello"], { env, cwd: home.cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("after refresh");
    expect(model.requests.map(bearer)).toEqual([
      `Bearer ${OLD_TOKEN}`,
      `Bearer ${issuer.refreshed(1).access_token}`,
    ]);
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["unauthorized_recovery"]);
  });

  it("a refused refresh token fails the turn with a clear message and leaves auth.json as it was", async () => {
    const { model, issuer, home, file, env } = await setup(new Date().toISOString(), {
      refresh: () => ({ status: 400, body: { error: "invalid_grant", error_description: "revoked" } }),
    });
    const before = readFileSync(file, "utf8");
    model.push(reply.httpError(401, { message: "token expired" }));
    const run = await runCli(["exec", "--json", "hello"], { env, cwd: home.cwd });
    expect(run.code).toBe(1);
    const failed = run.stdout
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Json)
      .find((e) => e.type === "turn.failed");
    expect((failed?.error as Json | undefined)?.message).toMatch(
      /ChatGPT access token could not be refreshed.*invalid_grant.*Run `codex-ts login` to sign in again/,
    );
    expect(model.requests).toHaveLength(1);
    expect(issuer.refreshes()).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("a stale login whose refresh is refused goes out once more, then fails without asking again", async () => {
    const { model, issuer, home, env } = await setup(LONG_AGO, {
      refresh: () => ({ status: 401, body: { error: { code: "refresh_token_expired" } } }),
    });
    model.push(reply.httpError(401, { message: "token expired" }));
    const run = await runCli(["exec", "hello"], { env, cwd: home.cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "Your ChatGPT access token could not be refreshed because your refresh token has expired. Run `codex-ts login` to sign in again.",
    );
    expect(model.requests.map(bearer)).toEqual([`Bearer ${OLD_TOKEN}`]);
    expect(issuer.refreshes()).toHaveLength(1);
  });

  describe("app-server, two threads at once", () => {
    async function startTwoThreads(lastRefresh: string) {
      const started = await setup(lastRefresh, {
        // Slow enough that both turns want the refresh while it runs.
        refresh: () => ({ status: 200, body: null, delayMs: 300 }),
      });
      const c = (client = AppServerClient.spawn([], { env: started.env, cwd: started.home.cwd }));
      await c.initialize("ide");
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        ids.push(((await c.call("thread/start", { cwd: started.home.cwd })).thread as Json).id as string);
      }
      return { ...started, c, ids };
    }

    async function runBoth(c: AppServerClient, ids: string[]) {
      const from = c.received.length;
      c.requestTogether(
        ids.map((threadId) => ["turn/start", { threadId, input: [{ type: "text", text: "hi" }] }]),
      );
      const turns = await Promise.all(
        ids.map(
          (threadId) =>
            c.waitNotification("turn/completed", (p) => p.threadId === threadId, { from }) as Promise<{
              turn: Json;
            }>,
        ),
      );
      for (const { turn } of turns) expect(turn).toMatchObject({ status: "completed", error: null });
    }

    it("a stale login is refreshed once for both turns", async () => {
      const { model, issuer, c, ids } = await startTwoThreads(LONG_AGO);
      await runBoth(c, ids);
      expect(issuer.refreshes()).toHaveLength(1);
      const fresh = `Bearer ${issuer.refreshed(1).access_token}`;
      expect(model.requests.map(bearer)).toEqual([fresh, fresh]);
      expect(await c.call("account/read", {})).toEqual({
        account: { type: "chatgpt", email: "dev@example.com", planType: "plus" },
        userId: null,
        requiresOpenaiAuth: true,
        workspaceRouting: null,
      });
    });

    it("two 401s cause one refresh, and both turns retry with the new token", async () => {
      const { model, issuer, c, ids } = await startTwoThreads(new Date().toISOString());
      model.push(reply.httpError(401), reply.httpError(401));
      await runBoth(c, ids);
      expect(issuer.refreshes()).toHaveLength(1);
      const fresh = `Bearer ${issuer.refreshed(1).access_token}`;
      expect(model.requests.map(bearer)).toEqual([
        `Bearer ${OLD_TOKEN}`,
        `Bearer ${OLD_TOKEN}`,
        fresh,
        fresh,
      ]);
    });
  });
});
