// What both ChatGPT logins (browser and device code) share: the issuer, the client id, the exchange of an
// authorization code for tokens at `{issuer}/oauth/token`, the workspace rule, and how the tokens are kept in
// $CODEX_HOME/auth.json (the real Codex's shape, owner-only).
import { writeAuthJson } from "./auth-store.js";
import type { ChatgptClaims } from "./jwt-claims.js";

export const DEFAULT_ISSUER = "https://auth.openai.com";
export const CLIENT_ID = "app_EMoamEEZ73f0CkXaXp7hrann";

/** The OAuth issuer: https://auth.openai.com, or CODEX_TS_LOGIN_ISSUER (tests, staging). */
export function loginIssuer(env: NodeJS.ProcessEnv): string {
  const override = env.CODEX_TS_LOGIN_ISSUER?.trim();
  return (override ? override : DEFAULT_ISSUER).replace(/\/+$/, "");
}

export interface ChatgptTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

interface TokenResponse {
  id_token?: unknown;
  access_token?: unknown;
  refresh_token?: unknown;
}

/** Exchanges an authorization code (with its PKCE verifier) for the login's tokens. */
export async function exchangeAuthorizationCode(
  issuer: string,
  code: string,
  redirectUri: string,
  verifier: string,
  signal?: AbortSignal,
): Promise<ChatgptTokens> {
  const response = await fetch(`${issuer}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`the token endpoint answered HTTP ${response.status}`);
  const body = (await response.json()) as TokenResponse;
  if (typeof body.id_token !== "string" || typeof body.access_token !== "string")
    throw new Error("the token endpoint answered without id_token and access_token");
  return {
    idToken: body.id_token,
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : "",
  };
}

/** Why a login ending in this workspace is refused under forced_chatgpt_workspace_id, if it is. */
export function workspaceRefusal(
  forcedWorkspaces: string[] | undefined,
  claims: ChatgptClaims,
): string | undefined {
  const forced = forcedWorkspaces?.filter((w) => w !== "") ?? [];
  if (forced.length === 0 || (claims.accountId && forced.includes(claims.accountId))) return undefined;
  return `this server only accepts ChatGPT workspace ${forced.join(" or ")} (forced_chatgpt_workspace_id), not ${claims.accountId ?? "an unknown workspace"}`;
}

/** Writes a fresh ChatGPT login to auth.json, replacing whatever login was there. */
export function saveChatgptLogin(codexHome: string, tokens: ChatgptTokens, accountId?: string): void {
  writeAuthJson(codexHome, {
    auth_mode: "chatgpt",
    OPENAI_API_KEY: null,
    tokens: {
      id_token: tokens.idToken,
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      account_id: accountId ?? null,
    },
    last_refresh: new Date().toISOString(),
  });
}
