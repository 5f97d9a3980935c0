// When the stored ChatGPT login is refreshed, what the refresh sends, how auth.json is rewritten, and what a
// refused refresh says. The issuer is a real HTTP server on 127.0.0.1 (test/support/fake-issuer.ts).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../../test/support/fake-issuer.js";
import type { AuthJson } from "./auth-store.js";
import { CLIENT_ID } from "./chatgpt-tokens.js";
import {
  refreshFailure,
  refreshStoredLogin,
  refreshTokenUrl,
  storedTokensAreStale,
  TOKEN_REFRESH_INTERVAL_MS,
  withRefreshedTokens,
} from "./token-refresh.js";
import { scratchDir } from "../../test/support/scratch.js";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-06-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const homes: string[] = [];
const issuers: FakeIssuer[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  for (const issuer of issuers.splice(0)) await issuer.close();
});

async function issuer(options: Parameters<typeof startFakeIssuer>[0] = {}) {
  const started = await startFakeIssuer(options);
  issuers.push(started);
  return started;
}

function login(extra: Record<string, unknown> = {}): AuthJson & Record<string, unknown> {
  return {
    auth_mode: "chatgpt",
    OPENAI_API_KEY: null,
    tokens: {
      id_token: chatgptToken("acct-1", 1),
      access_token: chatgptToken("acct-1", 1),
      refresh_token: "rt-1",
      account_id: "acct-1",
    },
    last_refresh: "2026-01-01T00:00:00Z",
    ...extra,
  };
}

function home(file: unknown): string {
  const dir = scratchDir("codex-ts-refresh-");
  homes.push(dir);
  writeFileSync(join(dir, "auth.json"), JSON.stringify(file), { mode: 0o600 });
  return dir;
}

const readFile = (dir: string) => JSON.parse(readFileSync(join(dir, "auth.json"), "utf8")) as AuthJson;

describe("storedTokensAreStale", () => {
  const withAccess = (accessToken: string, lastRefresh: string | null) => ({
    tokens: { access_token: accessToken, refresh_token: "rt" },
    last_refresh: lastRefresh,
  });

  it("uses the access token's exp when it has one, whatever last_refresh says", () => {
    const expired = chatgptToken("a", 1, { exp: (NOW - 1000) / 1000 });
    const valid = chatgptToken("a", 1, { exp: (NOW + 3600_000) / 1000 });
    expect(storedTokensAreStale(withAccess(expired, ago(0)), NOW)).toBe(true);
    expect(storedTokensAreStale(withAccess(valid, ago(30 * DAY)), NOW)).toBe(false);
  });

  it("else refreshes when last_refresh is more than 8 days old", () => {
    const opaque = chatgptToken("a", 1);
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(8 * DAY);
    expect(storedTokensAreStale(withAccess(opaque, ago(7 * DAY)), NOW)).toBe(false);
    expect(storedTokensAreStale(withAccess(opaque, ago(8 * DAY - 1000)), NOW)).toBe(false);
    expect(storedTokensAreStale(withAccess(opaque, ago(8 * DAY + 1000)), NOW)).toBe(true);
    expect(storedTokensAreStale(withAccess("not-a-jwt", ago(9 * DAY)), NOW)).toBe(true);
  });

  it("never for a file without tokens or without a readable last_refresh", () => {
    expect(storedTokensAreStale({ OPENAI_API_KEY: "sk-x" }, NOW)).toBe(false);
    expect(storedTokensAreStale(withAccess("opaque", null), NOW)).toBe(false);
    expect(storedTokensAreStale(withAccess("opaque", "yesterday"), NOW)).toBe(false);
  });
});

describe("withRefreshedTokens", () => {
  it("puts the new tokens over the old, keeps every other field, and stamps last_refresh", () => {
    const file = login({ extra_field: { kept: true } });
    const now = new Date(NOW);
    const next = withRefreshedTokens(file, { accessToken: "at-2", idToken: "id-2" }, now);
    expect(next).toEqual({
      ...file,
      tokens: { ...file.tokens, access_token: "at-2", id_token: "id-2" },
      last_refresh: now.toISOString(),
    });
    expect(Object.keys(next)).toEqual(Object.keys(file));
    expect(withRefreshedTokens(file, { accessToken: "a", refreshToken: "rt-2" }, now).tokens).toMatchObject({
      refresh_token: "rt-2",
      account_id: "acct-1",
    });
  });
});

describe("refreshFailure", () => {
  it("a refused refresh token is permanent and says to log in again", () => {
    for (const [status, body, because] of [
      [401, { error: { code: "refresh_token_expired" } }, "has expired"],
      [401, { error: "refresh_token_reused" }, "was already used"],
      [400, { code: "refresh_token_invalidated" }, "was revoked"],
      [400, { error: "invalid_grant", error_description: "bad" }, "(HTTP 400, invalid_grant)"],
    ] as const) {
      const err = refreshFailure(status, JSON.stringify(body));
      expect(err.permanent).toBe(true);
      expect(err.code).toBe("unauthorized");
      expect(err.message).toContain(because);
      expect(err.message).toContain("Run `codex-ts login` to sign in again.");
    }
  });

  it("a server error is transient", () => {
    const err = refreshFailure(503, "oops");
    expect(err.permanent).toBe(false);
    expect(err.message).toContain("HTTP 503");
  });
});

describe("refreshTokenUrl", () => {
  it("is the issuer's token endpoint, or the real Codex's override", () => {
    expect(refreshTokenUrl({})).toBe("https://auth.openai.com/oauth/token");
    expect(refreshTokenUrl({ CODEX_TS_LOGIN_ISSUER: "http://127.0.0.1:9/" })).toBe(
      "http://127.0.0.1:9/oauth/token",
    );
    expect(
      refreshTokenUrl({ CODEX_TS_LOGIN_ISSUER: "http://x", CODEX_REFRESH_TOKEN_URL_OVERRIDE: "http://y/t" }),
    ).toBe("http://y/t");
  });
});

describe("refreshStoredLogin", () => {
  it("posts the refresh token as JSON and rewrites auth.json in one step, keeping its other fields", async () => {
    const fake = await issuer();
    const file = login({ extra_field: 42 });
    const dir = home(file);
    const before = file.tokens!.access_token!;
    const env = { CODEX_TS_LOGIN_ISSUER: fake.url };
    expect(await refreshStoredLogin(dir, env, { accessToken: before, reason: "scheduled" })).toBe(
      "refreshed",
    );

    expect(fake.refreshes()).toEqual([
      {
        path: "/oauth/token",
        contentType: "application/json",
        body: {
          client_id: CLIENT_ID,
          grant_type: "refresh_token",
          refresh_reason: "scheduled",
          refresh_token: "rt-1",
        },
      },
    ]);
    const after = readFile(dir);
    expect(after).toMatchObject({
      auth_mode: "chatgpt",
      extra_field: 42,
      tokens: { ...fake.refreshed(1), account_id: "acct-1" },
    });
    expect(Date.now() - Date.parse(after.last_refresh!)).toBeLessThan(60_000);
    expect(statSync(join(dir, "auth.json")).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["auth.json"]);
  });

  it("keeps the old refresh token when the answer has none", async () => {
    const fake = await issuer({ refresh: () => ({ status: 200, body: { access_token: "at-only" } }) });
    const dir = home(login());
    await refreshStoredLogin(dir, { CODEX_TS_LOGIN_ISSUER: fake.url }, { reason: "unauthorized_recovery" });
    expect(readFile(dir).tokens).toMatchObject({ access_token: "at-only", refresh_token: "rt-1" });
  });

  it("coalesces refreshes that overlap: one request, one outcome", async () => {
    const fake = await issuer({ refresh: () => ({ status: 200, body: null, delayMs: 200 }) });
    const dir = home(login());
    const env = { CODEX_TS_LOGIN_ISSUER: fake.url };
    const outcomes = await Promise.all([
      refreshStoredLogin(dir, env, { reason: "scheduled" }),
      refreshStoredLogin(dir, env, { reason: "unauthorized_recovery" }),
      refreshStoredLogin(dir, env, { reason: "scheduled" }),
    ]);
    expect(outcomes).toEqual(["refreshed", "refreshed", "refreshed"]);
    expect(fake.refreshes()).toHaveLength(1);
  });

  it("asks nothing when auth.json no longer holds the token to replace", async () => {
    const fake = await issuer();
    const dir = home(login());
    const env = { CODEX_TS_LOGIN_ISSUER: fake.url };
    expect(
      await refreshStoredLogin(dir, env, { accessToken: "older", reason: "unauthorized_recovery" }),
    ).toBe("changed");
    expect(fake.refreshes()).toHaveLength(0);
  });

  it("a refused refresh leaves auth.json untouched and is not asked again", async () => {
    const fake = await issuer({ refresh: () => ({ status: 400, body: { error: "invalid_grant" } }) });
    const dir = home(login());
    const bytes = readFileSync(join(dir, "auth.json"), "utf8");
    const env = { CODEX_TS_LOGIN_ISSUER: fake.url };
    for (let i = 0; i < 2; i++) {
      await expect(refreshStoredLogin(dir, env, { reason: "unauthorized_recovery" })).rejects.toMatchObject({
        permanent: true,
        message: expect.stringContaining("codex-ts login") as unknown,
      });
    }
    expect(fake.refreshes()).toHaveLength(1);
    expect(readFileSync(join(dir, "auth.json"), "utf8")).toBe(bytes);
  });

  it("a server error is tried again next time", async () => {
    const fake = await issuer({
      refresh: (_r, index) => (index === 0 ? { status: 503, body: {} } : { status: 200, body: null }),
    });
    const dir = home(login());
    const env = { CODEX_TS_LOGIN_ISSUER: fake.url };
    await expect(refreshStoredLogin(dir, env, { reason: "scheduled" })).rejects.toMatchObject({
      permanent: false,
    });
    expect(await refreshStoredLogin(dir, env, { reason: "scheduled" })).toBe("refreshed");
    expect(fake.refreshes()).toHaveLength(2);
  });

  it("a login without a refresh token cannot be refreshed", async () => {
    const dir = home(login({ tokens: { access_token: "at", refresh_token: "" } }));
    await expect(refreshStoredLogin(dir, {}, { reason: "scheduled" })).rejects.toThrow(
      /no refresh token\. Run `codex-ts login`/,
    );
  });
});
