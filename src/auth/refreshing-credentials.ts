// The credentials of model requests, with the ChatGPT login in auth.json kept fresh (token-refresh.ts): a
// request made with that login's access token first refreshes it when it is stale, and a 401 refreshes it
// once (unless auth.json already holds newer tokens) before the request is retried. Credentials from
// anywhere else (an API key, a provider's env_key, tokens an app-server client handed in) pass through as
// they are; the surface's own 401 hook (the app-server asking its client) runs first.
//
// Model requests (core/model-client.ts) use these hooks through the model client's retry loop; any other
// request made as the account (model/list, the connector directory) goes through sendWithCredentials.
import { readAuthJson, type AuthJson } from "./auth-store.js";
import type { Credentials } from "./credentials.js";
import type { ModelAuthHooks } from "./model-auth.js";
import { storedOpenaiAuth } from "./openai-auth.js";
import { refreshStoredLogin, storedTokensAreStale, TokenRefreshError } from "./token-refresh.js";

export interface RefreshingCredentialsOptions {
  codexHome: string;
  env: NodeJS.ProcessEnv;
  /** The credentials a request would carry now (may throw when there are none). */
  resolve: () => Credentials;
  /** The surface's own 401 hook; asked first. */
  upstream?: ModelAuthHooks["onUnauthorized"];
}

export interface RefreshingCredentials {
  credentials: (signal?: AbortSignal) => Promise<Credentials>;
  onUnauthorized: (signal: AbortSignal, rejected?: Credentials) => Promise<boolean>;
}

/** Waits for `promise`, or rejects when `signal` aborts (the promise itself, shared, goes on). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new Error("request aborted"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("request aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export function refreshingCredentials(options: RefreshingCredentialsOptions): RefreshingCredentials {
  const { codexHome, env, resolve, upstream } = options;

  /** auth.json, when these credentials are its ChatGPT login's. */
  const storedLoginOf = (credentials: Credentials): AuthJson | undefined => {
    if (!credentials.bearer) return undefined;
    const file = readAuthJson(codexHome);
    const auth = storedOpenaiAuth(file);
    return auth?.mode === "chatgpt" && auth.accessToken === credentials.bearer ? file : undefined;
  };

  return {
    async credentials(signal) {
      const current = resolve();
      const file = storedLoginOf(current);
      if (!file || !storedTokensAreStale(file)) return current;
      try {
        await abortable(
          refreshStoredLogin(codexHome, env, { accessToken: current.bearer, reason: "scheduled" }),
          signal,
        );
      } catch (err) {
        // As the real Codex: the request goes out with the old token. If that gets a 401, the refresh is
        // tried again (a refused refresh token is remembered, so without asking) and its error reported.
        if (!(err instanceof TokenRefreshError)) throw err;
        return current;
      }
      return resolve();
    },

    async onUnauthorized(signal, rejected) {
      if (upstream && (await upstream(signal, rejected))) return true;
      if (!rejected?.bearer) return false;
      let current: Credentials;
      try {
        current = resolve();
      } catch {
        return false;
      }
      // Changed since the request was made (another turn refreshed, or a new login): retry with those.
      if (current.bearer && current.bearer !== rejected.bearer) return true;
      if (!storedLoginOf(rejected)) return false;
      await abortable(
        refreshStoredLogin(codexHome, env, { accessToken: rejected.bearer, reason: "unauthorized_recovery" }),
        signal,
      );
      return true;
    },
  };
}

export interface SendOptions<R> {
  signal?: AbortSignal;
  /** Called with the refused answer before the request is sent again (to free its body). */
  release?: (refused: R) => void;
}

/**
 * Sends one request as the account: with the credentials (refreshed first when stale), and, when the answer
 * is a 401 and the credentials could be renewed, once more with the new ones. Whatever the second answer is,
 * it is returned. A renewal that fails after the 401 throws (a TokenRefreshError says why).
 */
export async function sendWithCredentials<R extends { status: number }>(
  login: RefreshingCredentials,
  send: (credentials: Credentials) => Promise<R>,
  options: SendOptions<R> = {},
): Promise<R> {
  const signal = options.signal ?? new AbortController().signal;
  const sent = await login.credentials(signal);
  const answer = await send(sent);
  if (answer.status !== 401) return answer;
  let renewed: boolean;
  try {
    renewed = await login.onUnauthorized(signal, sent);
  } catch (err) {
    options.release?.(answer);
    throw err;
  }
  if (!renewed) return answer;
  options.release?.(answer);
  return send(await login.credentials(signal));
}
