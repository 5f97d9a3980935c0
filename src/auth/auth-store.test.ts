// auth.json as a login leaves it: the real Codex's shape, readable by the owner only.
import { readFileSync, rmSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { authJsonPath, readAuthJson, saveApiKey } from "./auth-store.js";
import { storedOpenaiAuth } from "./openai-auth.js";
import { scratchDir } from "../../test/support/scratch.js";

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe("saveApiKey", () => {
  it("writes the key with auth_mode apikey, as `codex login --with-api-key` does, owner-only", () => {
    const codexHome = scratchDir("codex-ts-auth-store-");
    homes.push(codexHome);
    saveApiKey(codexHome, "sk-proj-1");
    const text = readFileSync(authJsonPath(codexHome), "utf8");
    expect(JSON.parse(text)).toEqual({ auth_mode: "apikey", OPENAI_API_KEY: "sk-proj-1" });
    expect(Object.keys(JSON.parse(text) as object)).toEqual(["auth_mode", "OPENAI_API_KEY"]);
    expect(statSync(authJsonPath(codexHome)).mode & 0o777).toBe(0o600);
    expect(storedOpenaiAuth(readAuthJson(codexHome))).toEqual({
      mode: "apikey",
      apiKey: "sk-proj-1",
      source: "auth.json",
    });
  });
});
