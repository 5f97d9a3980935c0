// The device-code login against a fake issuer: the code request, the polling, the refusals, the exchange.
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../../test/support/fake-issuer.js";
import { CLIENT_ID } from "./chatgpt-tokens.js";
import { completeDeviceLogin, requestDeviceCode, type DeviceCode } from "./device-login.js";
import { scratchDir } from "../../test/support/scratch.js";

const homes: string[] = [];
const issuers: FakeIssuer[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  for (const issuer of issuers.splice(0)) await issuer.close();
});

async function issuer(options: Parameters<typeof startFakeIssuer>[0] = {}) {
  const started = await startFakeIssuer({ interval: "0.05", ...options });
  issuers.push(started);
  return started;
}

function home(): string {
  const dir = scratchDir("codex-ts-device-");
  homes.push(dir);
  return dir;
}

describe("device-code login", () => {
  it("gets a code, polls until approval, exchanges it and stores the login", async () => {
    const fake = await issuer();
    const code = await requestDeviceCode(fake.url);
    expect(code).toEqual({
      verificationUrl: `${fake.url}/codex/device`,
      userCode: "WXYZ-1234",
      deviceAuthId: "dev-auth-1",
      intervalMs: 50,
    });
    expect(fake.requests[0]).toEqual({
      path: "/api/accounts/deviceauth/usercode",
      contentType: "application/json",
      body: { client_id: CLIENT_ID },
    });

    const dir = home();
    const claims = await completeDeviceLogin({ issuer: fake.url, codexHome: dir, code });
    expect(claims).toEqual({ email: "dev@example.com", planType: "plus", accountId: "acct-1" });
    expect(fake.polls()).toHaveLength(3);
    expect(fake.polls()[0]?.body).toEqual({ device_auth_id: "dev-auth-1", user_code: "WXYZ-1234" });
    const exchange = fake.requests.at(-1)!;
    expect(exchange).toMatchObject({
      path: "/oauth/token",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(exchange.body).toEqual({
      grant_type: "authorization_code",
      code: "device-code-1",
      redirect_uri: `${fake.url}/deviceauth/callback`,
      client_id: CLIENT_ID,
      code_verifier: "device-verifier",
    });
    const file = join(dir, "auth.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      auth_mode: "chatgpt",
      OPENAI_API_KEY: null,
      tokens: { access_token: chatgptToken("acct-1", 1), refresh_token: "rt-1", account_id: "acct-1" },
      last_refresh: expect.any(String) as unknown,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("reads the code under either name and the interval as a number too", async () => {
    const fake = await issuer({ userCodeField: "usercode", interval: 2 });
    expect(await requestDeviceCode(fake.url)).toMatchObject({ userCode: "WXYZ-1234", intervalMs: 2000 });
  });

  it("says so when the server has no device-code login", async () => {
    await expect(requestDeviceCode("http://127.0.0.1:9")).rejects.toThrow(/cannot reach the sign-in server/);
    const fake = await issuer();
    await expect(requestDeviceCode(`${fake.url}/nothing-here`)).rejects.toThrow(/not enabled/);
  });

  it("a refusal ends the login with the server's reason, and nothing is stored", async () => {
    const fake = await issuer({
      pendingPolls: 1,
      deviceOutcome: { status: 400, body: { error: "access_denied", error_description: "user said no" } },
    });
    const dir = home();
    const code = await requestDeviceCode(fake.url);
    await expect(completeDeviceLogin({ issuer: fake.url, codexHome: dir, code })).rejects.toThrow(
      "device code login failed: the sign-in server answered HTTP 400 (access_denied: user said no)",
    );
    expect(existsSync(join(dir, "auth.json"))).toBe(false);
  });

  it("gives up when the code is not approved in time, and stops when aborted", async () => {
    const fake = await issuer({ pendingPolls: 1000 });
    const code: DeviceCode = await requestDeviceCode(fake.url);
    await expect(
      completeDeviceLogin({ issuer: fake.url, codexHome: home(), code, maxWaitMs: 200 }),
    ).rejects.toThrow(/timed out/);
    const controller = new AbortController();
    const pending = completeDeviceLogin({
      issuer: fake.url,
      codexHome: home(),
      code,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it("enforces forced_chatgpt_workspace_id", async () => {
    const fake = await issuer({ accountId: "acct-other", pendingPolls: 0 });
    const dir = home();
    const code = await requestDeviceCode(fake.url);
    await expect(
      completeDeviceLogin({ issuer: fake.url, codexHome: dir, code, forcedWorkspaces: ["ws-ok"] }),
    ).rejects.toThrow(/forced_chatgpt_workspace_id/);
    expect(existsSync(join(dir, "auth.json"))).toBe(false);
  });
});
