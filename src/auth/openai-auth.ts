// Which OpenAI account codex-ts acts as when several credentials exist: the one place that decides, so that
// what a surface reports (app-server `account/read`) and what the model request carries never disagree.
//
// The order is the real Codex's (0.169, observed black-box; see docs/auth.md):
//   1. CODEX_API_KEY in the environment, for `exec` only (the real TUI and app-server ignore it);
//   2. $CODEX_HOME/auth.json: its `auth_mode` says which of key and tokens it stands for; a file without one
//      is an API-key login when it holds a key, else a ChatGPT login when it holds tokens;
//   3. OPENAI_API_KEY in the environment. The real Codex never reads it (it wants `codex login
//      --with-api-key`); codex-ts keeps it as the last resort, so a ChatGPT or API-key login always beats it.
import { readAuthJson, type AuthJson } from "./auth-store.js";
import { decodeChatgptClaims } from "./jwt-claims.js";

export type OpenaiAuth =
  | { mode: "apikey"; apiKey: string; source: OpenaiKeySource }
  | { mode: "chatgpt"; accessToken: string; accountId: string | undefined; idToken: string | undefined };

export type OpenaiKeySource = "CODEX_API_KEY" | "auth.json" | "OPENAI_API_KEY";

export interface OpenaiAuthOptions {
  /**
   * Whether CODEX_API_KEY counts (and then beats auth.json). The real Codex reads it in `exec` only; the
   * app-server passes false. Default true.
   */
  codexApiKeyEnv?: boolean;
}

const nonEmpty = (value: string | null | undefined): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** The login auth.json stands for, if any. */
export function storedOpenaiAuth(file: AuthJson | undefined): OpenaiAuth | undefined {
  if (!file) return undefined;
  const apiKey = nonEmpty(file.OPENAI_API_KEY);
  const accessToken = nonEmpty(file.tokens?.access_token);
  const key = apiKey ? ({ mode: "apikey", apiKey, source: "auth.json" } as const) : undefined;
  let chatgpt: OpenaiAuth | undefined;
  if (accessToken) {
    const idToken = nonEmpty(file.tokens?.id_token);
    chatgpt = {
      mode: "chatgpt",
      accessToken,
      accountId: nonEmpty(file.tokens?.account_id) ?? decodeChatgptClaims(idToken ?? accessToken).accountId,
      idToken,
    };
  }
  if (file.auth_mode === "chatgpt") return chatgpt ?? key;
  return key ?? chatgpt;
}

/** The credential in force, or undefined when there is none. */
export function resolveOpenaiAuth(
  codexHome: string,
  env: NodeJS.ProcessEnv,
  options: OpenaiAuthOptions = {},
): OpenaiAuth | undefined {
  const codexKey = options.codexApiKeyEnv === false ? undefined : nonEmpty(env.CODEX_API_KEY);
  if (codexKey) return { mode: "apikey", apiKey: codexKey, source: "CODEX_API_KEY" };
  const stored = storedOpenaiAuth(readAuthJson(codexHome));
  if (stored) return stored;
  const envKey = nonEmpty(env.OPENAI_API_KEY);
  return envKey ? { mode: "apikey", apiKey: envKey, source: "OPENAI_API_KEY" } : undefined;
}

/** What a request made as this account carries: the bearer, and the workspace for a ChatGPT login. */
export function openaiAuthHeaders(auth: OpenaiAuth): { bearer: string; headers: Record<string, string> } {
  if (auth.mode === "apikey") return { bearer: auth.apiKey, headers: {} };
  return {
    bearer: auth.accessToken,
    headers: auth.accountId ? { "chatgpt-account-id": auth.accountId } : {},
  };
}
