// `forced_login_method`: the CLI's login and the app-server's account/login/start refuse the other way of
// signing in, with the real Codex's words, and write nothing; the allowed way still works.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();
// No model: a login never reaches one.
const NO_MODEL = "http://127.0.0.1:9";

describe("forced_login_method", () => {
  it('"chatgpt": login --with-api-key is refused and auth.json stays absent', async () => {
    const home = makeHome(NO_MODEL, 'forced_login_method = "chatgpt"');
    const run = await runCli(["login", "--with-api-key"], { env: home.env, cwd: home.cwd, stdin: "sk-1\n" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("API key login is disabled. Use ChatGPT login instead.");
    expect(existsSync(join(home.codexHome, "auth.json"))).toBe(false);
  });

  it('"api" (-c override): the browser and device-code logins are refused before anything starts', async () => {
    const home = makeHome(NO_MODEL);
    for (const args of [["login"], ["login", "--device-auth"]]) {
      const run = await runCli([...args, "-c", 'forced_login_method="api"'], {
        env: home.env,
        cwd: home.cwd,
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe("ChatGPT login is disabled. Use API key login instead.");
    }
    const ok = await runCli(["login", "--with-api-key", "-c", 'forced_login_method="api"'], {
      env: home.env,
      cwd: home.cwd,
      stdin: "sk-allowed\n",
    });
    expect(ok.code).toBe(0);
    expect(existsSync(join(home.codexHome, "auth.json"))).toBe(true);
  });

  it("a value other than chatgpt or api is a config error", async () => {
    const home = makeHome(NO_MODEL, 'forced_login_method = "sso"');
    const run = await runCli(["login", "--with-api-key"], { env: home.env, cwd: home.cwd, stdin: "sk-1\n" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("forced_login_method");
  });

  it("app-server account/login/start answers the refused kinds with an invalid-request error", async () => {
    const home = makeHome(NO_MODEL, 'forced_login_method = "api"');
    const c = await app.spawn(home, { initialize: "ide" });
    for (const [params, message] of [
      [{ type: "chatgpt" }, "ChatGPT login is disabled. Use API key login instead."],
      [{ type: "chatgptDeviceCode" }, "ChatGPT login is disabled. Use API key login instead."],
    ] as const) {
      const response = await c.waitResponse(c.request("account/login/start", params));
      expect(response.error).toMatchObject({ code: -32600, message });
    }
    expect(await c.call("account/login/start", { type: "apiKey", apiKey: "sk-ok" })).toEqual({
      type: "apiKey",
    });

    const chatgptOnly = makeHome(NO_MODEL, 'forced_login_method = "chatgpt"');
    const d = await app.spawn(chatgptOnly, { initialize: "ide" });
    const refused = await d.waitResponse(
      d.request("account/login/start", { type: "apiKey", apiKey: "sk-no" }),
    );
    expect(refused.error).toMatchObject({
      code: -32600,
      message: "API key login is disabled. Use ChatGPT login instead.",
    });
    expect(existsSync(join(chatgptOnly.codexHome, "auth.json"))).toBe(false);
  });
});
