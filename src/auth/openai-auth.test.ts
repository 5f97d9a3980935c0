// Which credential wins, case by case as the real Codex 0.169 was seen to decide (docs/auth.md).
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AuthJson } from "./auth-store.js";
import { resolveOpenaiAuth, storedOpenaiAuth, type OpenaiAuthOptions } from "./openai-auth.js";
import { scratchDir } from "../../test/support/scratch.js";

const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const jwt = (claims: Record<string, unknown>) => `${part({ alg: "none" })}.${part(claims)}.sig`;
const idToken = jwt({
  email: "dev@example.com",
  "https://api.openai.com/auth": { chatgpt_plan_type: "pro", chatgpt_account_id: "acct-claims" },
});
const tokens = { id_token: idToken, access_token: "at-1", refresh_token: "rt-1", account_id: "acct-1" };

const CHATGPT = { mode: "chatgpt", accessToken: "at-1", accountId: "acct-1", idToken };
const STORED_KEY = { mode: "apikey", apiKey: "sk-stored", source: "auth.json" };
const ENV_KEY = { mode: "apikey", apiKey: "sk-env", source: "OPENAI_API_KEY" };
const CODEX_KEY = { mode: "apikey", apiKey: "sk-codex", source: "CODEX_API_KEY" };

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function home(file: AuthJson | undefined): string {
  const dir = scratchDir("codex-ts-auth-");
  homes.push(dir);
  if (file) writeFileSync(join(dir, "auth.json"), JSON.stringify(file));
  return dir;
}

const EXEC: OpenaiAuthOptions = {};
const APP_SERVER: OpenaiAuthOptions = { codexApiKeyEnv: false };

describe("resolveOpenaiAuth", () => {
  it.each([
    [
      "(1) only OPENAI_API_KEY: used, as codex-ts's last resort",
      undefined,
      { OPENAI_API_KEY: "sk-env" },
      APP_SERVER,
      ENV_KEY,
    ],
    [
      "(2) ChatGPT login only",
      { auth_mode: "chatgpt", OPENAI_API_KEY: null, tokens },
      {},
      APP_SERVER,
      CHATGPT,
    ],
    [
      "(3) ChatGPT login beats OPENAI_API_KEY",
      { auth_mode: "chatgpt", OPENAI_API_KEY: null, tokens },
      { OPENAI_API_KEY: "sk-env" },
      APP_SERVER,
      CHATGPT,
    ],
    [
      "(4) a key from `login --with-api-key` beats OPENAI_API_KEY",
      { auth_mode: "apikey", OPENAI_API_KEY: "sk-stored" },
      { OPENAI_API_KEY: "sk-env" },
      APP_SERVER,
      STORED_KEY,
    ],
    ["codex-ts's own key file (no auth_mode)", { OPENAI_API_KEY: "sk-stored" }, {}, APP_SERVER, STORED_KEY],
    [
      "exec: CODEX_API_KEY beats a ChatGPT login",
      { auth_mode: "chatgpt", tokens },
      { CODEX_API_KEY: "sk-codex", OPENAI_API_KEY: "sk-env" },
      EXEC,
      CODEX_KEY,
    ],
    [
      "exec: CODEX_API_KEY beats a stored key",
      { OPENAI_API_KEY: "sk-stored" },
      { CODEX_API_KEY: "sk-codex" },
      EXEC,
      CODEX_KEY,
    ],
    [
      "app-server: CODEX_API_KEY is not read",
      { auth_mode: "chatgpt", tokens },
      { CODEX_API_KEY: "sk-codex" },
      APP_SERVER,
      CHATGPT,
    ],
    [
      "app-server: CODEX_API_KEY alone is no account",
      undefined,
      { CODEX_API_KEY: "sk-codex" },
      APP_SERVER,
      undefined,
    ],
    ["nothing", undefined, {}, EXEC, undefined],
    [
      "an empty variable does not count",
      undefined,
      { OPENAI_API_KEY: "", CODEX_API_KEY: " " },
      EXEC,
      undefined,
    ],
  ])("%s", (_name, file, env, options, expected) => {
    expect(resolveOpenaiAuth(home(file as AuthJson | undefined), env, options)).toEqual(expected);
  });

  it("an unreadable auth.json counts as none", () => {
    const dir = home(undefined);
    writeFileSync(join(dir, "auth.json"), "{not json");
    expect(resolveOpenaiAuth(dir, { OPENAI_API_KEY: "sk-env" })).toEqual(ENV_KEY);
  });
});

describe("storedOpenaiAuth", () => {
  it.each([
    [
      "auth_mode chatgpt wins over a stored key",
      { auth_mode: "chatgpt", OPENAI_API_KEY: "sk-stored", tokens },
      CHATGPT,
    ],
    [
      "auth_mode apikey wins over tokens",
      { auth_mode: "apikey", OPENAI_API_KEY: "sk-stored", tokens },
      STORED_KEY,
    ],
    ["no auth_mode: the key wins over tokens", { OPENAI_API_KEY: "sk-stored", tokens }, STORED_KEY],
    ["no auth_mode, tokens only: ChatGPT", { OPENAI_API_KEY: null, tokens }, CHATGPT],
    [
      "auth_mode chatgpt without tokens: the key",
      { auth_mode: "chatgpt", OPENAI_API_KEY: "sk-stored" },
      STORED_KEY,
    ],
    ["tokens without an access token do not count", { tokens: { id_token: idToken } }, undefined],
  ])("%s", (_name, file, expected) => {
    expect(storedOpenaiAuth(file as AuthJson)).toEqual(expected);
  });

  it("takes the account id from the id token when the file has none", () => {
    expect(storedOpenaiAuth({ tokens: { id_token: idToken, access_token: "at-1" } })).toEqual({
      mode: "chatgpt",
      accessToken: "at-1",
      accountId: "acct-claims",
      idToken,
    });
  });
});
