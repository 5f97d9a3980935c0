// `cli_auth_credentials_store`: "file" and "auto" keep logins in auth.json (codex-ts has no OS keyring, so
// auto takes the file as Codex does without one); "keyring" and "ephemeral" stop with the reason instead of
// writing a file the user asked not to have.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

const NO_MODEL = "http://127.0.0.1:9";

describe("cli_auth_credentials_store", () => {
  it('"auto" logs in to auth.json', async () => {
    const home = makeHome(NO_MODEL, 'cli_auth_credentials_store = "auto"');
    const run = await runCli(["login", "--with-api-key"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "sk-auto\n",
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(home.codexHome, "auth.json"))).toBe(true);
  });

  it('"keyring" and "ephemeral" (-c) are refused with the reason, and nothing is written', async () => {
    const home = makeHome(NO_MODEL, 'cli_auth_credentials_store = "keyring"');
    const login = await runCli(["login", "--with-api-key"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "sk-1\n",
    });
    expect(login.code).toBe(1);
    expect(login.stderr).toContain(
      'cli_auth_credentials_store = "keyring": codex-ts has no OS keyring support',
    );
    const exec = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(exec.code).toBe(1);
    expect(exec.stderr).toContain("no OS keyring support");

    const other = makeHome(NO_MODEL);
    const ephemeral = await runCli(
      ["login", "--with-api-key", "-c", 'cli_auth_credentials_store="ephemeral"'],
      { env: other.env, cwd: other.cwd, stdin: "sk-2\n" },
    );
    expect(ephemeral.code).toBe(1);
    expect(ephemeral.stderr).toContain("cannot keep logins in memory only");
    expect(existsSync(join(home.codexHome, "auth.json"))).toBe(false);
    expect(existsSync(join(other.codexHome, "auth.json"))).toBe(false);
  });
});
