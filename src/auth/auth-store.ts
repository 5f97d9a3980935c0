// $CODEX_HOME/auth.json: what a login leaves behind (readable by the owner only), in the real Codex's shape:
// `{"auth_mode": "apikey" | "chatgpt", "OPENAI_API_KEY": "sk-..." | null, "tokens": {...} | null}`.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface AuthJson {
  /** Which of the two the file stands for; older files (and codex-ts before it wrote one) have none. */
  auth_mode?: string | null;
  OPENAI_API_KEY?: string | null;
  tokens?: {
    id_token?: string | null;
    access_token?: string | null;
    refresh_token?: string | null;
    account_id?: string | null;
  } | null;
  last_refresh?: string | null;
}

export function authJsonPath(codexHome: string): string {
  return join(codexHome, "auth.json");
}

/** The parsed file, or undefined when it is missing or not JSON. */
export function readAuthJson(codexHome: string): AuthJson | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(authJsonPath(codexHome), "utf8"));
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replaces auth.json as one step: the JSON goes to a temporary file beside it (owner-only), which is then
 * renamed over the old one, so a reader (another codex-ts process) never sees half a file.
 */
export function writeAuthJson(codexHome: string, json: object): void {
  mkdirSync(codexHome, { recursive: true });
  const target = authJsonPath(codexHome);
  const temporary = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    renameSync(temporary, target);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}

/** An API-key login, as `codex login --with-api-key` writes it: `{"auth_mode": "apikey", "OPENAI_API_KEY"}`. */
export function saveApiKey(codexHome: string, apiKey: string): void {
  writeAuthJson(codexHome, { auth_mode: "apikey", OPENAI_API_KEY: apiKey });
}

export function removeAuthJson(codexHome: string): void {
  rmSync(authJsonPath(codexHome), { force: true });
}
