// Keeping the ChatGPT login in $CODEX_HOME/auth.json alive, as the real Codex does (0.169, observed):
//   - the tokens are stale when the access token's `exp` has passed, or, for a token that does not say, when
//     `last_refresh` is more than 8 days old;
//   - a refresh is `POST {issuer}/oauth/token` with JSON {client_id, grant_type: "refresh_token",
//     refresh_reason, refresh_token}; the answer's id_token, access_token and refresh_token (each optional)
//     replace the stored ones, and last_refresh becomes now. The file keeps its other fields and is replaced
//     in one step (owner-only);
//   - a refresh token the server refuses (expired, already used, revoked, invalid_grant: any 4xx) is a
//     permanent failure: remembered for that refresh token, so nothing asks the server again, and reported
//     with "run `codex-ts login`". A 5xx or an unreachable server is transient and tried again next time.
// Refreshes of one auth.json in one process are coalesced: whoever asks while one runs gets its outcome;
// across processes they take turns (auth-lock.ts), and the later one finds the new tokens.
import { withFileLock } from "./auth-lock.js";
import { authJsonPath, readAuthJson, writeAuthJson, type AuthJson } from "./auth-store.js";
import { CLIENT_ID, loginIssuer } from "./chatgpt-tokens.js";
import { jwtExpiry } from "./jwt-claims.js";

export const TOKEN_REFRESH_INTERVAL_MS = 8 * 24 * 60 * 60 * 1000;
const REFRESH_TIMEOUT_MS = 30_000;
const RELOGIN = "Run `codex-ts login` to sign in again.";
const RETRY = "Try again later, or run `codex-ts login` to sign in again.";

/** Why the refresh happens, as the real Codex tells the server. */
export type RefreshReason = "scheduled" | "unauthorized_recovery";

/** A refresh that failed. The engine reports `code` as the turn's error kind (app-server: "unauthorized"). */
export class TokenRefreshError extends Error {
  readonly code = "unauthorized";
  constructor(
    message: string,
    /** The refresh token itself was refused: only a new login helps. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Whether stored ChatGPT tokens should be refreshed before they are used. */
export function storedTokensAreStale(file: AuthJson, now: number = Date.now()): boolean {
  const accessToken = file.tokens?.access_token;
  if (!accessToken) return false;
  const expiry = jwtExpiry(accessToken);
  if (expiry !== undefined) return expiry <= now;
  const lastRefresh = file.last_refresh ? Date.parse(file.last_refresh) : Number.NaN;
  return !Number.isNaN(lastRefresh) && lastRefresh < now - TOKEN_REFRESH_INTERVAL_MS;
}

export interface RefreshedTokens {
  idToken?: string;
  accessToken?: string;
  refreshToken?: string;
}

/** auth.json after a refresh: the new tokens over the old ones, every other field kept, last_refresh now. */
export function withRefreshedTokens(file: AuthJson, fresh: RefreshedTokens, now: Date): AuthJson {
  return {
    ...file,
    tokens: {
      ...(file.tokens ?? {}),
      ...(fresh.idToken !== undefined ? { id_token: fresh.idToken } : {}),
      ...(fresh.accessToken !== undefined ? { access_token: fresh.accessToken } : {}),
      ...(fresh.refreshToken !== undefined ? { refresh_token: fresh.refreshToken } : {}),
    },
    last_refresh: now.toISOString(),
  };
}

/** Where refreshes go: CODEX_REFRESH_TOKEN_URL_OVERRIDE (the real Codex's variable), else the issuer's. */
export function refreshTokenUrl(env: NodeJS.ProcessEnv): string {
  const override = env.CODEX_REFRESH_TOKEN_URL_OVERRIDE?.trim();
  return override ? override : `${loginIssuer(env)}/oauth/token`;
}

/** The error code in a token endpoint's answer: `{"error": "..."}`, `{"error": {"code"}}` or `{"code"}`. */
function errorCodeOf(body: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null) return undefined;
  const { error, code } = json as { error?: unknown; code?: unknown };
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const inner = (error as { code?: unknown }).code;
    if (typeof inner === "string") return inner;
  }
  return typeof code === "string" ? code : undefined;
}

const BECAUSE: Record<string, string> = {
  refresh_token_expired: "because your refresh token has expired",
  refresh_token_reused: "because your refresh token was already used",
  refresh_token_invalidated: "because your refresh token was revoked",
};

/** What a refused refresh means, as a message a person can act on. */
export function refreshFailure(status: number, body: string): TokenRefreshError {
  const code = errorCodeOf(body)?.toLowerCase();
  const detail = `HTTP ${status}${code ? `, ${code}` : ""}`;
  if (status >= 500 || status === 408 || status === 429) {
    return new TokenRefreshError(
      `Your ChatGPT access token could not be refreshed: the sign-in server answered ${detail}. ${RETRY}`,
      false,
    );
  }
  const because = code ? BECAUSE[code] : undefined;
  const why = because ? ` ${because}` : `: the sign-in server refused the refresh token (${detail})`;
  return new TokenRefreshError(`Your ChatGPT access token could not be refreshed${why}. ${RELOGIN}`, true);
}

const stringOrUndefined = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

async function requestRefresh(
  url: string,
  refreshToken: string,
  reason: RefreshReason,
): Promise<RefreshedTokens> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_id: CLIENT_ID,
        grant_type: "refresh_token",
        refresh_reason: reason,
        refresh_token: refreshToken,
      }),
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
    body = await response.text();
  } catch (err) {
    throw new TokenRefreshError(
      `Your ChatGPT access token could not be refreshed: cannot reach the sign-in server at ${new URL(url).origin} ` +
        `(${(err as Error).message}). ${RETRY}`,
      false,
    );
  }
  if (!response.ok) throw refreshFailure(response.status, body);
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null) json = parsed as Record<string, unknown>;
  } catch {
    // Reported below as an answer without tokens.
  }
  const fresh: RefreshedTokens = {};
  const idToken = stringOrUndefined(json.id_token);
  const accessToken = stringOrUndefined(json.access_token);
  const newRefreshToken = stringOrUndefined(json.refresh_token);
  if (idToken) fresh.idToken = idToken;
  if (accessToken) fresh.accessToken = accessToken;
  if (newRefreshToken) fresh.refreshToken = newRefreshToken;
  if (!accessToken) {
    throw new TokenRefreshError(
      `Your ChatGPT access token could not be refreshed: the sign-in server answered without an access token. ${RELOGIN}`,
      false,
    );
  }
  return fresh;
}

/** "refreshed": new tokens are in auth.json. "changed": auth.json already held other tokens; nothing asked. */
export type RefreshOutcome = "refreshed" | "changed";

export interface RefreshRequest {
  /** The access token to replace. When auth.json no longer holds it, someone else refreshed (or logged in). */
  accessToken?: string;
  reason: RefreshReason;
}

const inFlight = new Map<string, Promise<RefreshOutcome>>();
const permanentFailures = new Map<string, TokenRefreshError>();

/**
 * Refreshes the ChatGPT login in auth.json. Coalesced per file: a call while a refresh runs gets that
 * refresh's outcome. Throws TokenRefreshError when it fails.
 */
export function refreshStoredLogin(
  codexHome: string,
  env: NodeJS.ProcessEnv,
  request: RefreshRequest,
): Promise<RefreshOutcome> {
  const key = authJsonPath(codexHome);
  const running = inFlight.get(key);
  if (running) return running;
  // The token this refresh replaces, read before waiting for another process's refresh to end.
  const replacing = request.accessToken ?? readAuthJson(codexHome)?.tokens?.access_token ?? undefined;
  const locked = { ...request, ...(replacing !== undefined ? { accessToken: replacing } : {}) };
  const started = withFileLock(`${key}.lock`, () => refreshOnce(codexHome, env, locked)).finally(() =>
    inFlight.delete(key),
  );
  inFlight.set(key, started);
  return started;
}

async function refreshOnce(
  codexHome: string,
  env: NodeJS.ProcessEnv,
  request: RefreshRequest,
): Promise<RefreshOutcome> {
  const path = authJsonPath(codexHome);
  const file = readAuthJson(codexHome);
  const stored = file?.tokens;
  if (!stored?.access_token) {
    throw new TokenRefreshError(`There is no ChatGPT login in ${path} to refresh. ${RELOGIN}`, true);
  }
  if (request.accessToken !== undefined && stored.access_token !== request.accessToken) return "changed";
  const refreshToken = stored.refresh_token;
  if (!refreshToken) {
    throw new TokenRefreshError(
      `Your ChatGPT access token could not be refreshed: the login in ${path} has no refresh token. ${RELOGIN}`,
      true,
    );
  }
  const failureKey = `${path}\0${refreshToken}`;
  const known = permanentFailures.get(failureKey);
  if (known) throw known;

  let fresh: RefreshedTokens;
  try {
    fresh = await requestRefresh(refreshTokenUrl(env), refreshToken, request.reason);
  } catch (err) {
    // Another process may have refreshed meanwhile, using up this refresh token: its tokens are good.
    if (readAuthJson(codexHome)?.tokens?.refresh_token !== refreshToken) return "changed";
    if (err instanceof TokenRefreshError && err.permanent) permanentFailures.set(failureKey, err);
    throw err;
  }
  // Written over the file as it is now, unless it now holds another login (a new `codex-ts login`).
  const latest = readAuthJson(codexHome);
  if (!latest || latest.tokens?.refresh_token !== refreshToken) return "changed";
  writeAuthJson(codexHome, withRefreshedTokens(latest, fresh, new Date()));
  return "refreshed";
}
