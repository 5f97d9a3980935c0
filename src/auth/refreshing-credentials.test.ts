// Which model requests refresh the stored ChatGPT login, before they go and after a 401.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../../test/support/fake-issuer.js";
import type { Credentials } from "./credentials.js";
import { openaiAuthHeaders, storedOpenaiAuth } from "./openai-auth.js";
import { readAuthJson } from "./auth-store.js";
import { refreshingCredentials, sendWithCredentials } from "./refreshing-credentials.js";
import { scratchDir } from "../../test/support/scratch.js";

const homes: string[] = [];
const issuers: FakeIssuer[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  for (const issuer of issuers.splice(0)) await issuer.close();
});

const OLD = chatgptToken("acct-1", 1);

function setup(lastRefresh: string, refresh?: Parameters<typeof startFakeIssuer>[0]) {
  return (async () => {
    const fake = await startFakeIssuer(refresh);
    issuers.push(fake);
    const codexHome = scratchDir("codex-ts-refreshing-");
    homes.push(codexHome);
    writeFileSync(
      join(codexHome, "auth.json"),
      JSON.stringify({
        auth_mode: "chatgpt",
        OPENAI_API_KEY: null,
        tokens: { id_token: OLD, access_token: OLD, refresh_token: "rt-1", account_id: "acct-1" },
        last_refresh: lastRefresh,
      }),
    );
    const env = { CODEX_TS_LOGIN_ISSUER: fake.url };
    // What the engine resolves: the login in auth.json.
    const resolve = (): Credentials => {
      const auth = storedOpenaiAuth(readAuthJson(codexHome));
      if (!auth) throw new Error("no login");
      const { bearer, headers } = openaiAuthHeaders(auth);
      return { bearer, headers };
    };
    return { fake, codexHome, env, resolve };
  })();
}

const signal = new AbortController().signal;
const fresh = () => new Date().toISOString();

describe("refreshingCredentials", () => {
  it("refreshes a stale login before the request and hands out the new token", async () => {
    const { fake, codexHome, env, resolve } = await setup("2020-01-01T00:00:00Z");
    const creds = await refreshingCredentials({ codexHome, env, resolve }).credentials();
    expect(creds.bearer).toBe(fake.refreshed(1).access_token);
    expect(creds.headers).toEqual({ "chatgpt-account-id": "acct-1" });
    expect(fake.refreshes()[0]?.body.refresh_reason).toBe("scheduled");
  });

  it("leaves a fresh login, and credentials that are not the stored login, alone", async () => {
    const { fake, codexHome, env, resolve } = await setup(fresh());
    expect((await refreshingCredentials({ codexHome, env, resolve }).credentials()).bearer).toBe(OLD);
    const { codexHome: staleHome } = await setup("2020-01-01T00:00:00Z");
    const apiKey = refreshingCredentials({
      codexHome: staleHome,
      env,
      resolve: () => ({ bearer: "sk-key", headers: {} }),
    });
    expect((await apiKey.credentials()).bearer).toBe("sk-key");
    expect(await apiKey.onUnauthorized(signal, { bearer: "sk-key", headers: {} })).toBe(false);
    expect(fake.refreshes()).toHaveLength(0);
  });

  it("goes on with the old token when the refresh before the request fails", async () => {
    const { fake, codexHome, env, resolve } = await setup("2020-01-01T00:00:00Z", {
      refresh: () => ({ status: 400, body: { error: "invalid_grant" } }),
    });
    const login = refreshingCredentials({ codexHome, env, resolve });
    expect((await login.credentials()).bearer).toBe(OLD);
    // After the 401, the refused refresh token is not offered again: the error says to log in.
    await expect(login.onUnauthorized(signal, { bearer: OLD, headers: {} })).rejects.toThrow(
      /codex-ts login/,
    );
    expect(fake.refreshes()).toHaveLength(1);
  });

  it("after a 401, refreshes once and says to retry", async () => {
    const { fake, codexHome, env, resolve } = await setup(fresh());
    const login = refreshingCredentials({ codexHome, env, resolve });
    expect(await login.onUnauthorized(signal, { bearer: OLD, headers: {} })).toBe(true);
    expect(fake.refreshes().map((r) => r.body.refresh_reason)).toEqual(["unauthorized_recovery"]);
    expect((await login.credentials()).bearer).toBe(fake.refreshed(1).access_token);
    // A request still carrying the old token: auth.json already has newer ones, so no second refresh.
    expect(await login.onUnauthorized(signal, { bearer: OLD, headers: {} })).toBe(true);
    expect(fake.refreshes()).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(codexHome, "auth.json"), "utf8"))).toMatchObject({
      tokens: { refresh_token: "rt-refreshed-1" },
    });
  });

  it("asks the surface's own hook first", async () => {
    const { fake, codexHome, env, resolve } = await setup(fresh());
    const upstream = vi.fn(() => Promise.resolve(true));
    const login = refreshingCredentials({ codexHome, env, resolve, upstream });
    expect(await login.onUnauthorized(signal, { bearer: "external", headers: {} })).toBe(true);
    expect(upstream).toHaveBeenCalledOnce();
    expect(fake.refreshes()).toHaveLength(0);

    const declines = refreshingCredentials({
      codexHome,
      env,
      resolve,
      upstream: () => Promise.resolve(false),
    });
    expect(await declines.onUnauthorized(signal, { bearer: OLD, headers: {} })).toBe(true);
    expect(fake.refreshes()).toHaveLength(1);
  });
});

describe("sendWithCredentials", () => {
  /** A server that accepts only `accepted` bearers; records what each request carried. */
  function server(accepted: (bearer: string | undefined) => boolean) {
    const sent: Array<string | undefined> = [];
    const send = (credentials: Credentials) => {
      sent.push(credentials.bearer);
      return Promise.resolve({ status: accepted(credentials.bearer) ? 200 : 401 });
    };
    return { sent, send };
  }

  it("sends with a stale login's refreshed token", async () => {
    const { fake, codexHome, env, resolve } = await setup("2020-01-01T00:00:00Z");
    const fresh = fake.refreshed(1).access_token;
    const { sent, send } = server((bearer) => bearer === fresh);
    const login = refreshingCredentials({ codexHome, env, resolve });
    expect(await sendWithCredentials(login, send)).toEqual({ status: 200 });
    expect(sent).toEqual([fresh]);
    expect(fake.refreshes().map((r) => r.body.refresh_reason)).toEqual(["scheduled"]);
  });

  it("after a 401, refreshes once and sends again; a second 401 is the answer", async () => {
    const { fake, codexHome, env, resolve } = await setup(fresh());
    const login = refreshingCredentials({ codexHome, env, resolve });
    const released: unknown[] = [];
    const ok = server((bearer) => bearer !== OLD);
    const answer = await sendWithCredentials(login, ok.send, { release: (r) => released.push(r) });
    expect(answer).toEqual({ status: 200 });
    expect(ok.sent).toEqual([OLD, fake.refreshed(1).access_token]);
    expect(released).toEqual([{ status: 401 }]);
    expect(fake.refreshes().map((r) => r.body.refresh_reason)).toEqual(["unauthorized_recovery"]);

    const never = server(() => false);
    expect(await sendWithCredentials(login, never.send)).toEqual({ status: 401 });
    expect(never.sent).toEqual([fake.refreshed(1).access_token, fake.refreshed(2).access_token]);
    expect(fake.refreshes()).toHaveLength(2);
  });

  it("does not resend credentials that are not the stored login, nor after a failed refresh", async () => {
    const { fake, codexHome, env, resolve } = await setup(fresh(), {
      refresh: () => ({ status: 400, body: { error: "invalid_grant" } }),
    });
    const key = refreshingCredentials({ codexHome, env, resolve: () => ({ bearer: "sk-key", headers: {} }) });
    const refused = server(() => false);
    expect(await sendWithCredentials(key, refused.send)).toEqual({ status: 401 });
    expect(refused.sent).toEqual(["sk-key"]);
    expect(fake.refreshes()).toHaveLength(0);

    const before = readFileSync(join(codexHome, "auth.json"), "utf8");
    const released: unknown[] = [];
    const login = refreshingCredentials({ codexHome, env, resolve });
    await expect(
      sendWithCredentials(login, server(() => false).send, { release: (r) => released.push(r) }),
    ).rejects.toThrow(/could not be refreshed.*codex-ts login/);
    expect(released).toHaveLength(1);
    expect(readFileSync(join(codexHome, "auth.json"), "utf8")).toBe(before);
  });
});
