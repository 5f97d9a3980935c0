// The device-code ChatGPT login, through `codex-ts login --device-auth` and the app-server's
// `account/login/start {type: "chatgptDeviceCode"}`, against a fake issuer (CODEX_TS_LOGIN_ISSUER) that
// answers "not yet" twice before approving. Also `login status`, `logout` and `login --with-api-key`.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";
import { AppServerClient, closeAppServerTest } from "../support/app-server-client.js";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../support/fake-issuer.js";

type Json = Record<string, unknown>;

let issuer: FakeIssuer | undefined;
let client: AppServerClient | undefined;
afterEach(async () => {
  await closeAppServerTest(client, undefined);
  await issuer?.close();
  client = undefined;
  issuer = undefined;
});

async function setup(options: Parameters<typeof startFakeIssuer>[0] = {}) {
  issuer = await startFakeIssuer(options);
  const home = makeHome("http://127.0.0.1:9");
  // No OPENAI_API_KEY: `login status` then shows only what the login stored.
  const env: NodeJS.ProcessEnv = {
    ...home.env,
    OPENAI_API_KEY: undefined,
    CODEX_TS_LOGIN_ISSUER: issuer.url,
  };
  return { issuer, home, env, file: join(home.codexHome, "auth.json") };
}

describe("codex-ts login --device-auth", () => {
  it("prints the code, polls until approved, and stores the login", async () => {
    const { issuer, home, env, file } = await setup();
    const run = await runCli(["login", "--device-auth"], { env, cwd: home.cwd });
    expect(run.stderr).toContain("Successfully logged in");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${issuer.url}/codex/device`);
    expect(run.stdout).toContain("WXYZ-1234");
    expect(issuer.polls()).toHaveLength(3);

    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      auth_mode: "chatgpt",
      OPENAI_API_KEY: null,
      tokens: { access_token: chatgptToken("acct-1", 1), refresh_token: "rt-1", account_id: "acct-1" },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const status = await runCli(["login", "status"], { env, cwd: home.cwd });
    expect({ code: status.code, stderr: status.stderr.trim() }).toEqual({
      code: 0,
      stderr: "Logged in using ChatGPT",
    });
    const logout = await runCli(["logout"], { env, cwd: home.cwd });
    expect(logout.stderr.trim()).toBe("Successfully logged out");
    expect(existsSync(file)).toBe(false);
    const after = await runCli(["login", "status"], { env, cwd: home.cwd });
    expect({ code: after.code, stderr: after.stderr.trim() }).toEqual({ code: 1, stderr: "Not logged in" });
  });

  it("a refused code fails with the server's reason and stores nothing", async () => {
    const { home, env, file } = await setup({
      pendingPolls: 1,
      deviceOutcome: { status: 410, body: { error: "expired_token", error_description: "code expired" } },
    });
    const run = await runCli(["login", "--device-auth"], { env, cwd: home.cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "Error logging in with device code: device code login failed: the sign-in server answered HTTP 410 (expired_token: code expired)",
    );
    expect(existsSync(file)).toBe(false);
  });

  it("--with-api-key stores the key read from stdin", async () => {
    const { home, env, file } = await setup();
    const run = await runCli(["login", "--with-api-key"], {
      env,
      cwd: home.cwd,
      stdin: "sk-proj-1234567890ABCDE\n",
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: "sk-proj-1234567890ABCDE",
    });
    const status = await runCli(["login", "status"], { env, cwd: home.cwd });
    expect(status.stderr.trim()).toBe(
      "API key configured - sk-proj-***ABCDE\nAuthentication is checked when you send a request.",
    );
  });
});

describe("app-server chatgptDeviceCode login", () => {
  async function start(options: Parameters<typeof startFakeIssuer>[0] = {}, issuerPath = "") {
    const started = await setup(options);
    const c = (client = AppServerClient.spawn([], {
      env: { ...started.env, CODEX_TS_LOGIN_ISSUER: `${started.issuer.url}${issuerPath}` },
      cwd: started.home.cwd,
    }));
    await c.initialize("ide");
    return { ...started, c };
  }

  it("answers with the code, then announces the login once the user approves", async () => {
    const { issuer, c, file } = await start();
    const login = await c.call("account/login/start", { type: "chatgptDeviceCode" });
    expect(login).toEqual({
      type: "chatgptDeviceCode",
      loginId: expect.any(String) as unknown,
      verificationUrl: `${issuer.url}/codex/device`,
      userCode: "WXYZ-1234",
    });
    const done = await c.waitNotification("account/login/completed", (p) => p.loginId === login.loginId);
    expect(done).toEqual({ success: true, loginId: login.loginId, error: null, onboardingEntrypoint: null });
    await c.waitNotification("account/updated", (p) => p.authMode === "chatgpt" && p.planType === "plus");
    expect(issuer.polls()).toHaveLength(3);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ tokens: { account_id: "acct-1" } });
    expect(await c.call("account/read", {})).toEqual({
      account: { type: "chatgpt", email: "dev@example.com", planType: "plus" },
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
  });

  it("account/login/cancel stops the polling", async () => {
    const { issuer, c, file } = await start({ pendingPolls: 1000 });
    const login = await c.call("account/login/start", { type: "chatgptDeviceCode" });
    expect(await c.call("account/login/cancel", { loginId: login.loginId })).toEqual({ status: "canceled" });
    const done = await c.waitNotification("account/login/completed", (p) => p.loginId === login.loginId);
    expect(done).toEqual({
      success: false,
      loginId: login.loginId,
      error: "login canceled",
      onboardingEntrypoint: null,
    });
    const polls = issuer.polls().length;
    expect(await c.call("account/read", {})).toMatchObject({ account: null });
    // A poll already on its way when the cancel came may still land; none starts after it.
    expect(issuer.polls().length).toBeLessThanOrEqual(polls + 1);
    expect(existsSync(file)).toBe(false);
  });

  it("a server without device-code login answers with an error", async () => {
    const { c } = await start({}, "/no-device-login");
    const id = c.request("account/login/start", { type: "chatgptDeviceCode" });
    const response = await c.waitResponse(id);
    expect((response.error as Json | undefined)?.message).toMatch(/device code login is not enabled/);
  });
});
