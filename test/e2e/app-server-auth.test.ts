// External ChatGPT tokens (seed 002): handed in by the client, kept in memory, refreshed by asking the
// client when the model answers 401, bounded by a timeout; workspace rules; ChatGPT login rules. Then which
// credential wins when several exist (docs/auth.md): account/read, the model request and exec agree.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

/** An unsigned JWT with ChatGPT claims, as the parent application would hold. */
function jwt(claims: Json): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${part({ alg: "none" })}.${part(claims)}.sig`;
}

const token = (accountId: string, n: number) =>
  jwt({
    n,
    email: "dev@example.com",
    "https://api.openai.com/auth": { chatgpt_plan_type: "pro", chatgpt_account_id: accountId },
  });

async function start(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const { home, model, client } = await app.start({ args, env, initialize: "ide_with_tokens" });
  const threadId = await startThread(client, { cwd: home.cwd });
  return { home, model, client, threadId };
}

describe("app-server external auth", () => {
  it("a 401 asks the client for new tokens and retries once with them", async () => {
    const { home, model, client: c, threadId } = await start();
    const first = token("acct-1", 1);
    expect(
      await c.call("account/login/start", {
        type: "chatgptAuthTokens",
        accessToken: first,
        chatgptAccountId: "acct-1",
      }),
    ).toEqual({
      type: "chatgptAuthTokens",
    });
    await c.waitNotification("account/login/completed", (p) => p.success === true);
    await c.waitNotification(
      "account/updated",
      (p) => p.authMode === "chatgptAuthTokens" && p.planType === "pro",
    );
    expect(await c.call("account/read", {})).toEqual({
      account: { type: "chatgpt", email: "dev@example.com", planType: "pro" },
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });

    model.push(reply.httpError(401, { message: "token expired" }), reply.message("after refresh"));
    const from = c.received.length;
    c.request("turn/start", { threadId, input: [{ type: "text", text: "hi" }] });
    const ask = await c.waitServerRequest("account/chatgptAuthTokens/refresh", { from });
    expect(ask.params).toEqual({ reason: "unauthorized", previousAccountId: "acct-1" });
    const second = token("acct-1", 2);
    c.respond(ask.id!, { accessToken: second, chatgptAccountId: "acct-1", chatgptPlanType: "pro" });
    const turn = (await c.waitNotification("turn/completed", () => true, { from })).turn as Json;
    expect(turn).toMatchObject({ status: "completed", error: null });
    expect(model.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${first}`,
      `Bearer ${second}`,
    ]);
    expect(model.requests[1]?.headers["chatgpt-account-id"]).toBe("acct-1");
    // Kept in memory only.
    expect(existsSync(join(home.codexHome, "auth.json"))).toBe(false);
  });

  it("fails the turn with a clear error when the client does not answer in time, or answers an error", async () => {
    const { model, client: c, threadId } = await start([], { CODEX_TS_AUTH_REFRESH_TIMEOUT_MS: "300" });
    await c.call("account/login/start", {
      type: "chatgptAuthTokens",
      accessToken: token("acct-1", 1),
      chatgptAccountId: "acct-1",
    });

    model.push(reply.httpError(401));
    const silent = await runTurn(c, threadId, "nobody answers");
    expect(silent).toMatchObject({ status: "failed", error: { codexErrorInfo: "unauthorized" } });
    expect((silent.error as Json).message).toBe(
      "The model rejected the ChatGPT access token (HTTP 401) and refreshing it failed: " +
        "the client did not answer account/chatgptAuthTokens/refresh within 0.3 s",
    );
    expect(c.notifications("error").at(-1)).toMatchObject({
      willRetry: false,
      error: { codexErrorInfo: "unauthorized" },
    });

    model.push(reply.httpError(401));
    const from = c.received.length;
    c.request("turn/start", { threadId, input: [{ type: "text", text: "refused" }] });
    const ask = await c.waitServerRequest("account/chatgptAuthTokens/refresh", { from });
    c.respondError(ask.id!, -32000, "user signed out");
    const refused = (await c.waitNotification("turn/completed", () => true, { from })).turn as Json;
    expect((refused.error as Json).message).toContain(
      "the client answered account/chatgptAuthTokens/refresh with error -32000: user signed out",
    );
    expect(model.requests).toHaveLength(2);
  });

  it("enforces forced_chatgpt_workspace_id on login and on refresh", async () => {
    const { model, client: c, threadId } = await start(["-c", 'forced_chatgpt_workspace_id="ws-ok"']);
    const bad = await c.waitResponse(
      c.request("account/login/start", {
        type: "chatgptAuthTokens",
        accessToken: token("ws-bad", 1),
        chatgptAccountId: "ws-bad",
      }),
    );
    expect(bad.error).toMatchObject({ code: -32600 });
    expect(String((bad.error as Json).message)).toContain("forced_chatgpt_workspace_id");
    await c.call("account/login/start", {
      type: "chatgptAuthTokens",
      accessToken: token("ws-ok", 1),
      chatgptAccountId: "ws-ok",
    });

    model.push(reply.httpError(401));
    const from = c.received.length;
    c.request("turn/start", { threadId, input: [{ type: "text", text: "one" }] });
    const ask = await c.waitServerRequest("account/chatgptAuthTokens/refresh", { from });
    c.respond(ask.id!, { accessToken: token("ws-bad", 2), chatgptAccountId: "ws-bad" });
    const failed = (await c.waitNotification("turn/completed", () => true, { from })).turn as Json;
    expect((failed.error as Json).message).toContain("refreshed ChatGPT tokens rejected");

    // The next request gets a 401 again, and the server asks again.
    model.push(reply.httpError(401), reply.message("fine now"));
    const from2 = c.received.length;
    c.request("turn/start", { threadId, input: [{ type: "text", text: "two" }] });
    const ask2 = await c.waitServerRequest("account/chatgptAuthTokens/refresh", { from: from2 });
    c.respond(ask2.id!, { accessToken: token("ws-ok", 3), chatgptAccountId: "ws-ok" });
    expect(
      ((await c.waitNotification("turn/completed", () => true, { from: from2 })).turn as Json).status,
    ).toBe("completed");
  });

  it("refuses a ChatGPT login while external auth is active; logout clears the tokens", async () => {
    const { model, client: c, threadId } = await start();
    await c.call("account/login/start", {
      type: "chatgptAuthTokens",
      accessToken: token("acct-1", 1),
      chatgptAccountId: "acct-1",
    });
    const refused = await c.waitResponse(c.request("account/login/start", { type: "chatgpt" }));
    expect(refused.error).toMatchObject({ code: -32600 });
    expect(String((refused.error as Json).message)).toMatch(/not allowed while external auth .* is active/);

    expect(await c.call("account/logout")).toEqual({});
    await c.waitNotification("account/updated", (p) => p.authMode === "apikey");
    const after = await c.call("account/login/start", { type: "chatgpt" });
    expect(after).toMatchObject({ type: "chatgpt" });
    expect(await c.call("account/login/cancel", { loginId: after.loginId })).toEqual({ status: "canceled" });

    // The tokens are gone: the model sees the configured key again.
    model.push(reply.message("with the key"));
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe("Bearer sk-test");
  });
});

/** A ChatGPT login in auth.json, as the real Codex's `codex login` leaves it. */
const chatgptLogin = (accessToken: string) => ({
  auth_mode: "chatgpt",
  OPENAI_API_KEY: null,
  tokens: {
    id_token: jwt({
      email: "me@example.com",
      "https://api.openai.com/auth": { chatgpt_plan_type: "plus", chatgpt_account_id: "acct-file" },
    }),
    access_token: accessToken,
    refresh_token: "rt-1",
    account_id: "acct-file",
  },
  last_refresh: "2026-01-01T00:00:00Z",
});

describe("which credential wins (as the real Codex 0.169)", () => {
  /** Spawns the server with `authJson` in CODEX_HOME and `env` (OPENAI_API_KEY unset unless given). */
  async function startWith(authJson: unknown, env: NodeJS.ProcessEnv) {
    const { home, model } = await app.startModel();
    if (authJson !== undefined) writeFileSync(join(home.codexHome, "auth.json"), JSON.stringify(authJson));
    const fullEnv = { ...home.env, OPENAI_API_KEY: undefined, ...env };
    const client = await app.spawn(home, { env: fullEnv, initialize: "precedence" });
    const threadId = await startThread(client, { cwd: home.cwd });
    /** The Authorization (and workspace) header of one exec run against the same home. */
    const execSends = async () => {
      const before = model.requests.length;
      const res = await runCli(["exec", "--json", "hi"], { env: fullEnv, cwd: home.cwd });
      expect(res.code).toBe(0);
      const request = model.requests[before]!;
      return [request.headers.authorization, request.headers["chatgpt-account-id"]];
    };
    return { model, c: client, threadId, execSends };
  }

  it("(1) only OPENAI_API_KEY in the environment: that key is sent, but it is no account (as in Codex)", async () => {
    const { model, c, threadId, execSends } = await startWith(undefined, { OPENAI_API_KEY: "sk-env" });
    expect(await c.call("account/read", {})).toEqual({
      account: null,
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe("Bearer sk-env");
    expect(await execSends()).toEqual(["Bearer sk-env", undefined]);
  });

  it("(2) a ChatGPT login in auth.json: the account from its id token, its access token sent", async () => {
    const access = token("acct-file", 1);
    const { model, c, threadId, execSends } = await startWith(chatgptLogin(access), {});
    expect(await c.call("account/read", {})).toEqual({
      account: { type: "chatgpt", email: "me@example.com", planType: "plus" },
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${access}`);
    expect(model.requests.at(-1)?.headers["chatgpt-account-id"]).toBe("acct-file");
    expect(await execSends()).toEqual([`Bearer ${access}`, "acct-file"]);
  });

  it("(3) a ChatGPT login and OPENAI_API_KEY: the login wins everywhere", async () => {
    const access = token("acct-file", 2);
    const { model, c, threadId, execSends } = await startWith(chatgptLogin(access), {
      OPENAI_API_KEY: "sk-env",
    });
    expect((await c.call("account/read", {})).account).toMatchObject({
      type: "chatgpt",
      email: "me@example.com",
    });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${access}`);
    expect(await execSends()).toEqual([`Bearer ${access}`, "acct-file"]);
  });

  it("(4) a key from login --with-api-key and OPENAI_API_KEY: the stored key wins", async () => {
    const stored = { auth_mode: "apikey", OPENAI_API_KEY: "sk-stored" };
    const { model, c, threadId, execSends } = await startWith(stored, { OPENAI_API_KEY: "sk-env" });
    expect((await c.call("account/read", {})).account).toEqual({ type: "apiKey" });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe("Bearer sk-stored");
    expect(await execSends()).toEqual(["Bearer sk-stored", undefined]);
  });

  it("CODEX_API_KEY: exec puts it first; the app-server does not read it", async () => {
    const access = token("acct-file", 3);
    const { model, c, threadId, execSends } = await startWith(chatgptLogin(access), {
      CODEX_API_KEY: "sk-codex",
    });
    expect((await c.call("account/read", {})).account).toMatchObject({ type: "chatgpt" });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${access}`);
    expect(await execSends()).toEqual(["Bearer sk-codex", undefined]);
  });

  it("CODEX_API_KEY alone: no account for the app-server, so nothing is sent behind account/read's back", async () => {
    const { model, c, threadId, execSends } = await startWith(undefined, { CODEX_API_KEY: "sk-codex" });
    expect(await c.call("account/read", {})).toEqual({
      account: null,
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(await execSends()).toEqual(["Bearer sk-codex", undefined]);
  });

  it("no account at all: account/read says so and the turn fails before any request", async () => {
    const { model, c, threadId } = await startWith(undefined, {});
    expect(await c.call("account/read", {})).toEqual({
      account: null,
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    const turn = await runTurn(c, threadId, "hi");
    expect(turn).toMatchObject({ status: "failed", error: { codexErrorInfo: "unauthorized" } });
    expect(String((turn.error as Json).message)).toContain("Not logged in");
    expect(model.requests).toHaveLength(0);
  });

  it("logging in with an API key over a ChatGPT login switches both the account and the requests", async () => {
    const access = token("acct-file", 4);
    const { model, c, threadId } = await startWith(chatgptLogin(access), { OPENAI_API_KEY: "sk-env" });
    await c.call("account/login/start", { type: "apiKey", apiKey: "sk-new" });
    await c.waitNotification("account/updated", (p) => p.authMode === "apikey");
    expect((await c.call("account/read", {})).account).toEqual({ type: "apiKey" });
    expect((await runTurn(c, threadId, "hi")).status).toBe("completed");
    expect(model.requests.at(-1)?.headers.authorization).toBe("Bearer sk-new");
  });
});
