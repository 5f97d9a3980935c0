// `codex-ts login status` and `login --with-api-key` as Codex 0.169 word them: auth.json decides (a key in the
// environment is no login), exit 0 for a login and 1 for none or an unreadable file.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

function setup() {
  const home = makeHome("http://127.0.0.1:1/v1");
  const env = {
    ...home.env,
    OPENAI_API_KEY: "sk-env-1234567890ABCDE",
    CODEX_API_KEY: "sk-env-1234567890FGHIJ",
  };
  const status = () => runCli(["login", "status"], { env, cwd: home.cwd });
  return { home, env, status, file: join(home.codexHome, "auth.json") };
}

describe("login status", () => {
  it("says Not logged in (exit 1) with keys in the environment only", async () => {
    const { status } = setup();
    const result = await status();
    expect({ code: result.code, stderr: result.stderr, stdout: result.stdout }).toEqual({
      code: 1,
      stderr: "Not logged in\n",
      stdout: "",
    });
  });

  it("words an API-key login as Codex does, after --with-api-key says the key was saved", async () => {
    const { home, env, status, file } = setup();
    const login = await runCli(["login", "--with-api-key"], {
      env,
      cwd: home.cwd,
      stdin: "sk-proj-abcdefghijklmnopqrstuvwxyz\n",
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toBe(
      "Reading API key from stdin...\nAPI key saved. Authentication is checked when you send a request.\n",
    );
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: "sk-proj-abcdefghijklmnopqrstuvwxyz",
    });
    const result = await status();
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: 0,
      stderr: "API key configured - sk-proj-***vwxyz\nAuthentication is checked when you send a request.\n",
    });
    writeFileSync(file, JSON.stringify({ auth_mode: "apikey", OPENAI_API_KEY: "short" }));
    expect((await status()).stderr).toBe(
      "API key configured - ***\nAuthentication is checked when you send a request.\n",
    );
  });

  it("reports an auth.json that is not JSON (exit 1)", async () => {
    const { status, file } = setup();
    writeFileSync(file, "garbage");
    const result = await status();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error checking login status: failed to deserialize CLI auth from file: /);
  });

  it("reports an auth.json it cannot read as an error, not as no login (exit 1)", async () => {
    const { status, file } = setup();
    mkdirSync(file);
    const result = await status();
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: 1,
      stderr: "Error checking login status: Is a directory (os error 21)\n",
    });
  });
});
