// account/read {refreshToken: true}: the stored ChatGPT login is refreshed now; a failure is a JSON-RPC error
// and auth.json stays as it was; handed-in tokens and API keys are left alone.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../../../test/support/fake-issuer.js";
import { ErrorCode } from "../../protocol/app-server/jsonrpc.js";
import { AccountManager } from "./accounts.js";
import type { Connection } from "./connection.js";
import { AppServerError } from "./errors.js";
import { scratchDir } from "../../../test/support/scratch.js";

const OLD = chatgptToken("acct-1", 1);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(authJson: object | undefined, issuerOptions?: Parameters<typeof startFakeIssuer>[0]) {
  const issuer: FakeIssuer = await startFakeIssuer(issuerOptions);
  cleanups.push(() => issuer.close());
  const codexHome = scratchDir("codex-ts-accounts-");
  cleanups.push(() => rmSync(codexHome, { recursive: true, force: true }));
  const file = join(codexHome, "auth.json");
  if (authJson) writeFileSync(file, JSON.stringify(authJson));
  const accounts = new AccountManager({
    codexHome,
    env: { CODEX_TS_LOGIN_ISSUER: issuer.url },
    refreshTimeoutMs: 1000,
    forcedWorkspaces: () => undefined,
    broadcast: () => undefined,
  });
  return { issuer, accounts, file };
}

const chatgptLogin = {
  auth_mode: "chatgpt",
  OPENAI_API_KEY: null,
  tokens: { id_token: OLD, access_token: OLD, refresh_token: "rt-1", account_id: "acct-1" },
  // Fresh: only the request forces a refresh.
  last_refresh: new Date().toISOString(),
};

describe("AccountManager.refreshStoredTokens (account/read refreshToken)", () => {
  it("refreshes a ChatGPT login that is not stale, and read() shows the account", async () => {
    const { issuer, accounts, file } = await setup(chatgptLogin);
    await accounts.refreshStoredTokens();
    expect(issuer.refreshes().map((r) => r.body)).toEqual([
      {
        client_id: "app_EMoamEEZ73f0CkXaXp7hrann",
        grant_type: "refresh_token",
        refresh_reason: "scheduled",
        refresh_token: "rt-1",
      },
    ]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      auth_mode: "chatgpt",
      tokens: { ...issuer.refreshed(1), account_id: "acct-1" },
    });
    expect(accounts.read(true)).toEqual({
      account: { type: "chatgpt", email: "dev@example.com", planType: "plus" },
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
  });

  it("turns a refused refresh into a JSON-RPC error and leaves auth.json as it was", async () => {
    const { issuer, accounts, file } = await setup(chatgptLogin, {
      refresh: () => ({ status: 400, body: { error: "invalid_grant" } }),
    });
    const before = readFileSync(file, "utf8");
    const failure = await accounts.refreshStoredTokens().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(AppServerError);
    expect(failure).toMatchObject({
      code: ErrorCode.internalError,
      message:
        "Your ChatGPT access token could not be refreshed: the sign-in server refused the refresh token " +
        "(HTTP 400, invalid_grant). Run `codex-ts login` to sign in again.",
    });
    expect(issuer.refreshes()).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("reports an unreachable sign-in server the same way", async () => {
    const { issuer, accounts, file } = await setup(chatgptLogin);
    await issuer.close();
    const before = readFileSync(file, "utf8");
    await expect(accounts.refreshStoredTokens()).rejects.toThrow(
      /could not be refreshed: cannot reach the sign-in server .*Try again later/,
    );
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("leaves an API key, no account, and tokens a client handed in alone", async () => {
    const key = await setup({ auth_mode: "apikey", OPENAI_API_KEY: "sk-stored" });
    await key.accounts.refreshStoredTokens();
    expect(key.issuer.refreshes()).toHaveLength(0);

    const none = await setup(undefined);
    await none.accounts.refreshStoredTokens();
    expect(none.issuer.refreshes()).toHaveLength(0);

    const handedIn = await setup(chatgptLogin);
    const owner = { onClose: () => undefined } as unknown as Connection;
    handedIn.accounts.loginTokens(
      { type: "chatgptAuthTokens", accessToken: chatgptToken("acct-2", 7), chatgptAccountId: "acct-2" },
      owner,
    );
    await handedIn.accounts.refreshStoredTokens();
    expect(handedIn.issuer.refreshes()).toHaveLength(0);
  });
});
