// The connector directory's requests are made as the current account, with the stored ChatGPT login kept
// fresh as for model requests: refreshed before a request when stale, and once after a 401.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../../../test/support/fake-issuer.js";
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import { resolveProvider } from "../../config/providers.js";
import { connectorCredentials, connectorFetch } from "./credentials.js";
import { scratchDir } from "../../../test/support/scratch.js";

const OLD = chatgptToken("acct-1", 1);
const LONG_AGO = "2020-01-01T00:00:00Z";

interface Seen {
  authorization: string | undefined;
  account: string | undefined;
  body: string;
}

/** A directory stand-in: answers 200 to the bearers `accepts` takes, 401 otherwise; records each request. */
async function startDirectory(accepts: (bearer: string) => boolean) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (c: string) => (body += c));
    req.on("end", () => {
      const authorization = req.headers.authorization;
      const account = req.headers["chatgpt-account-id"];
      seen.push({ authorization, account: typeof account === "string" ? account : undefined, body });
      const ok = accepts((authorization ?? "").replace(/^Bearer /, ""));
      res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify(ok ? { ok: true } : { error: "unauthorized" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen, close };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(options: {
  lastRefresh?: string;
  accepts: (bearer: string) => boolean;
  issuer?: Parameters<typeof startFakeIssuer>[0];
}) {
  const issuer: FakeIssuer = await startFakeIssuer(options.issuer);
  cleanups.push(() => issuer.close());
  const directory = await startDirectory(options.accepts);
  cleanups.push(() => directory.close());
  const codexHome = scratchDir("codex-ts-connector-creds-");
  cleanups.push(() => rmSync(codexHome, { recursive: true, force: true }));
  const file = join(codexHome, "auth.json");
  if (options.lastRefresh) {
    writeFileSync(
      file,
      JSON.stringify({
        auth_mode: "chatgpt",
        OPENAI_API_KEY: null,
        tokens: { id_token: OLD, access_token: OLD, refresh_token: "rt-1", account_id: "acct-1" },
        last_refresh: options.lastRefresh,
      }),
    );
  }
  const env: NodeJS.ProcessEnv = { CODEX_TS_LOGIN_ISSUER: issuer.url };
  const config = { codexHome, provider: resolveProvider("openai", {}, env) };
  return { issuer, directory, codexHome, file, env, config };
}

const post = (body: string): RequestInit => ({
  method: "POST",
  // What the SDK sends besides: the fetch puts the account's credentials in place of these.
  headers: { "content-type": "application/json", Authorization: "Bearer stale", "chatgpt-account-id": "old" },
  body,
});

describe("connectorFetch", () => {
  it("is undefined without an account, and sends an API key as it is", async () => {
    const { directory, config } = await setup({ accepts: () => true });
    expect(connectorFetch(config, {})).toBeUndefined();
    const fetch = connectorFetch(config, { OPENAI_API_KEY: "sk-env" });
    expect((await fetch!(directory.url, post("{}"))).status).toBe(200);
    expect(directory.seen).toEqual([{ authorization: "Bearer sk-env", account: undefined, body: "{}" }]);
  });

  it("refreshes a stale ChatGPT login before the request and sends the new token", async () => {
    const { issuer, directory, config, env } = await setup({
      lastRefresh: LONG_AGO,
      accepts: (bearer) => bearer !== OLD,
    });
    const fetch = connectorFetch(config, env)!;
    expect((await fetch(directory.url, post('{"id":1}'))).status).toBe(200);
    expect(directory.seen).toEqual([
      { authorization: `Bearer ${issuer.refreshed(1).access_token}`, account: "acct-1", body: '{"id":1}' },
    ]);
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["scheduled"]);
  });

  it("after a 401, refreshes once and sends the same request again with the new token", async () => {
    const { issuer, directory, config, env, file } = await setup({
      lastRefresh: new Date().toISOString(),
      accepts: (bearer) => bearer !== OLD,
    });
    const fetch = connectorFetch(config, env)!;
    const response = await fetch(directory.url, post('{"id":2}'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const fresh = issuer.refreshed(1).access_token;
    expect(directory.seen).toEqual([
      { authorization: `Bearer ${OLD}`, account: "acct-1", body: '{"id":2}' },
      { authorization: `Bearer ${fresh}`, account: "acct-1", body: '{"id":2}' },
    ]);
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["unauthorized_recovery"]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ tokens: { access_token: fresh } });
    // The next request carries the new token from the start.
    await fetch(directory.url, post("{}"));
    expect(directory.seen[2]?.authorization).toBe(`Bearer ${fresh}`);
    expect(issuer.refreshes()).toHaveLength(1);
  });

  it("fails with the refresh's reason when the refresh token is refused, leaving auth.json alone", async () => {
    const { issuer, directory, config, env, file } = await setup({
      lastRefresh: new Date().toISOString(),
      accepts: () => false,
      issuer: { refresh: () => ({ status: 401, body: { error: { code: "refresh_token_expired" } } }) },
    });
    const before = readFileSync(file, "utf8");
    const fetch = connectorFetch(config, env)!;
    await expect(fetch(directory.url, post("{}"))).rejects.toThrow(
      "Your ChatGPT access token could not be refreshed because your refresh token has expired. Run `codex-ts login` to sign in again.",
    );
    expect(directory.seen).toHaveLength(1);
    expect(issuer.refreshes()).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("with tokens a client handed in, asks the client (the surface's hook) and never the issuer", async () => {
    const { issuer, directory, config, env } = await setup({
      lastRefresh: LONG_AGO,
      accepts: (bearer) => bearer === "handed-in-2",
    });
    let token = "handed-in-1";
    const hooks: ModelAuthHooks = {
      credentialsFor: () => ({ bearer: token, headers: { "chatgpt-account-id": "acct-x" } }),
      onUnauthorized: vi.fn(() => {
        token = "handed-in-2";
        return Promise.resolve(true);
      }),
    };
    expect(connectorCredentials(config, env, hooks)?.bearer).toBe("handed-in-1");
    const fetch = connectorFetch(config, env, hooks)!;
    expect((await fetch(directory.url, post("{}"))).status).toBe(200);
    expect(directory.seen.map((s) => [s.authorization, s.account])).toEqual([
      ["Bearer handed-in-1", "acct-x"],
      ["Bearer handed-in-2", "acct-x"],
    ]);
    expect(hooks.onUnauthorized).toHaveBeenCalledOnce();
    expect(issuer.refreshes()).toHaveLength(0);
  });
});
