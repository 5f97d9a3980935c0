// $CODEX_HOME/auth.json: where an API key given at login is kept (readable by the owner only).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function authJsonPath(codexHome: string): string {
  return join(codexHome, "auth.json");
}

export function saveApiKey(codexHome: string, apiKey: string): void {
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(authJsonPath(codexHome), `${JSON.stringify({ OPENAI_API_KEY: apiKey }, null, 2)}\n`, {
    mode: 0o600,
  });
}

export function removeAuthJson(codexHome: string): void {
  rmSync(authJsonPath(codexHome), { force: true });
}
