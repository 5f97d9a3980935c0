// What a model request carries, from the account in force or the provider's own env key.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ProviderInfo } from "../model/provider-info.js";
import { MissingCredentialsError, resolveCredentials } from "./credentials.js";
import { scratchDir } from "../../test/support/scratch.js";

const openai = {
  id: "openai",
  requiresOpenaiAuth: true,
  envHttpHeaders: { "openai-organization": "ORG_VAR" },
} as unknown as ProviderInfo;
const local = {
  id: "local",
  requiresOpenaiAuth: false,
  envKey: "LOCAL_KEY",
  envKeyInstructions: "Ask the admin.",
  envHttpHeaders: {},
} as unknown as ProviderInfo;

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function home(file?: unknown): string {
  const dir = scratchDir("codex-ts-creds-");
  homes.push(dir);
  if (file !== undefined) writeFileSync(join(dir, "auth.json"), JSON.stringify(file));
  return dir;
}

const chatgptLogin = {
  auth_mode: "chatgpt",
  OPENAI_API_KEY: null,
  tokens: { id_token: "x.e30.y", access_token: "at-1", refresh_token: "rt", account_id: "acct-1" },
};

describe("resolveCredentials", () => {
  it("a ChatGPT login: its access token and workspace, even with OPENAI_API_KEY set", () => {
    expect(
      resolveCredentials(openai, home(chatgptLogin), { OPENAI_API_KEY: "sk-env", ORG_VAR: "org-1" }),
    ).toEqual({
      bearer: "at-1",
      headers: { "openai-organization": "org-1", "chatgpt-account-id": "acct-1" },
    });
  });

  it("exec's CODEX_API_KEY beats the login; the app-server's sources skip it", () => {
    const dir = home(chatgptLogin);
    expect(resolveCredentials(openai, dir, { CODEX_API_KEY: "sk-codex" }).bearer).toBe("sk-codex");
    expect(
      resolveCredentials(openai, dir, { CODEX_API_KEY: "sk-codex" }, { codexApiKeyEnv: false }).bearer,
    ).toBe("at-1");
  });

  it("no account: a clear error naming what to set", () => {
    expect(() => resolveCredentials(openai, home(), {})).toThrow(MissingCredentialsError);
    expect(() => resolveCredentials(openai, home(), {})).toThrow(
      /OPENAI_API_KEY in the environment \(`codex-ts exec` also reads CODEX_API_KEY\).*auth\.json/,
    );
    expect(() =>
      resolveCredentials(openai, home(), { CODEX_API_KEY: "sk" }, { codexApiKeyEnv: false }),
    ).toThrow(/Set OPENAI_API_KEY in the environment/);
  });

  it("a provider's env key is its only credential", () => {
    expect(resolveCredentials(local, home(chatgptLogin), { LOCAL_KEY: "lk", OPENAI_API_KEY: "sk" })).toEqual({
      bearer: "lk",
      headers: {},
    });
    expect(() => resolveCredentials(local, home(), { OPENAI_API_KEY: "sk" })).toThrow(
      "Missing environment variable LOCAL_KEY for model provider 'local'. Ask the admin.",
    );
    expect(() => resolveCredentials({ ...local, envKeyInstructions: undefined }, home(), {})).toThrow(
      "Missing environment variable LOCAL_KEY for model provider 'local'. Set it, or remove env_key from [model_providers.local] if the server takes no key.",
    );
  });
});
