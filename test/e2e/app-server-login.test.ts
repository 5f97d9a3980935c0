// The browser ChatGPT login (seed 002): the server returns an auth URL with PKCE and listens on 127.0.0.1;
// the test plays the browser (requests the callback with a code) and the issuer (a fake token endpoint).
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

let issuer: http.Server | undefined;
// Registered first, so it runs after the app-server's teardown (vitest runs after-hooks in reverse).
afterEach(() => {
  issuer?.close();
  issuer = undefined;
});
const app = useAppServer();

function jwt(claims: Json): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${part({ alg: "none" })}.${part(claims)}.sig`;
}

const idToken = (accountId: string) =>
  jwt({
    email: "dev@example.com",
    "https://api.openai.com/auth": { chatgpt_plan_type: "plus", chatgpt_account_id: accountId },
  });

/** A fake issuer whose token endpoint answers with an id token for `accountId`; records the forms posted. */
async function startIssuer(accountId: string) {
  const forms: URLSearchParams[] = [];
  issuer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.url !== "/oauth/token" || req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      forms.push(new URLSearchParams(body));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id_token: idToken(accountId), access_token: "at-1", refresh_token: "rt-1" }));
    });
  });
  await new Promise<void>((r) => issuer!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`, forms };
}

async function start(accountId: string, args: string[] = []) {
  const fake = await startIssuer(accountId);
  // No model: a login never reaches one.
  const home = makeHome("http://127.0.0.1:9");
  const c = await app.spawn(home, { args, env: { CODEX_TS_LOGIN_ISSUER: fake.url }, initialize: "ide" });
  const login = await c.call("account/login/start", { type: "chatgpt" });
  const authUrl = new URL(login.authUrl as string);
  return { home, fake, c, login, authUrl };
}

/** Plays the browser coming back from the issuer. */
async function callback(authUrl: URL, query: Record<string, string>): Promise<number> {
  const redirect = new URL(authUrl.searchParams.get("redirect_uri")!);
  redirect.hostname = "127.0.0.1";
  for (const [k, v] of Object.entries(query)) redirect.searchParams.set(k, v);
  return (await fetch(redirect)).status;
}

describe("app-server browser ChatGPT login", () => {
  it("exchanges the code with PKCE, stores the tokens and announces the account", async () => {
    const { home, fake, c, login, authUrl } = await start("acct-7");
    expect(login).toMatchObject({ type: "chatgpt", loginId: expect.any(String) });
    expect(authUrl.origin + authUrl.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("redirect_uri")).toMatch(/^http:\/\/localhost:\d+\/auth\/callback$/);

    expect(await callback(authUrl, { code: "c0de", state: "wrong" })).toBe(400);
    const state = authUrl.searchParams.get("state")!;
    expect(await callback(authUrl, { code: "c0de", state })).toBe(200);
    await c.waitNotification(
      "account/login/completed",
      (p) => p.success === true && p.loginId === login.loginId,
    );
    await c.waitNotification("account/updated", (p) => p.authMode === "chatgpt" && p.planType === "plus");

    const form = fake.forms[0]!;
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe("c0de");
    const challenge = createHash("sha256").update(form.get("code_verifier")!).digest("base64url");
    expect(challenge).toBe(authUrl.searchParams.get("code_challenge"));

    const file = join(home.codexHome, "auth.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      tokens: {
        id_token: idToken("acct-7"),
        access_token: "at-1",
        refresh_token: "rt-1",
        account_id: "acct-7",
      },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("enforces forced_chatgpt_workspace_id on the tokens it gets", async () => {
    const { home, c, login, authUrl } = await start("acct-other", [
      "-c",
      'forced_chatgpt_workspace_id="ws-ok"',
    ]);
    expect(authUrl.searchParams.get("allowed_workspace_id")).toBe("ws-ok");
    expect(await callback(authUrl, { code: "x", state: authUrl.searchParams.get("state")! })).toBe(403);
    const done = await c.waitNotification("account/login/completed", (p) => p.loginId === login.loginId);
    expect(done.success).toBe(false);
    expect(String(done.error)).toContain("forced_chatgpt_workspace_id");
    expect(() => statSync(join(home.codexHome, "auth.json"))).toThrow();
  });

  it("account/login/cancel stops the callback server and reports the login as failed", async () => {
    const { c, login, authUrl } = await start("acct-1");
    const other = "00000000-0000-0000-0000-000000000000";
    expect(await c.call("account/login/cancel", { loginId: other })).toEqual({ status: "notFound" });
    // Not a login id at all: refused, as Codex 0.169 does.
    const bad = await c.waitResponse(c.request("account/login/cancel", { loginId: "nope" }));
    expect(bad.error).toMatchObject({ code: -32600, message: "invalid login id: nope" });
    expect(await c.call("account/login/cancel", { loginId: login.loginId })).toEqual({ status: "canceled" });
    const done = await c.waitNotification("account/login/completed", (p) => p.loginId === login.loginId);
    expect(done).toEqual({
      success: false,
      loginId: login.loginId,
      error: "login canceled",
      onboardingEntrypoint: null,
    });
    await expect(callback(authUrl, { code: "x", state: "s" })).rejects.toThrow();
  });
});

describe("the browser login's port", () => {
  it("listens on 1455, the registered redirect port; a busy port is a clear error", async () => {
    const { home } = await app.startModel();
    const c = await app.spawn(home, { env: { CODEX_TS_LOGIN_PORT: undefined } });
    // 1455 is one port for the whole machine: another test run beside this one may hold it for a moment
    // (its login is cancelled at once), so a busy answer is asked again until the port is free, bounded.
    const deadline = Date.now() + 20_000;
    let answer = await c.waitResponse(c.request("account/login/start", { type: "chatgpt" }));
    while ("error" in answer && JSON.stringify(answer.error).includes("port 1455") && Date.now() < deadline) {
      answer = await c.waitResponse(c.request("account/login/start", { type: "chatgpt" }));
    }
    expect(answer.error).toBeUndefined();
    const started = answer.result as Json;
    const redirect = new URL(new URL(String(started.authUrl)).searchParams.get("redirect_uri") ?? "");
    expect(`${redirect.hostname}:${redirect.port}${redirect.pathname}`).toBe("localhost:1455/auth/callback");
    await c.call("account/login/cancel", { loginId: started.loginId });

    // Another program holds the port: the login is refused, saying so.
    const holder = http.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const d = await app.spawn(home, { env: { CODEX_TS_LOGIN_PORT: String(port) } });
      const refused = await d.waitResponse(d.request("account/login/start", { type: "chatgpt" }), 10_000);
      expect(refused.error).toMatchObject({ code: -32600, message: expect.stringContaining(`port ${port}`) });
      expect((await d.call("account/read", {})).account).toBeNull();
    } finally {
      holder.close();
    }
  });
});
