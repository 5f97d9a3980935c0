// The current account's credentials for the connector directory: the same account the model requests use
// (tokens a client handed in, exec's credentials, else auth.json then OPENAI_API_KEY; see
// src/auth/openai-auth.ts), kept fresh the same way (src/auth/refreshing-credentials.ts): every request to
// the directory carries the account's current token, a stale ChatGPT login is refreshed before it, and a
// 401 renews the credentials once and sends the request again.
import { MissingCredentialsError, type Credentials } from "../../auth/credentials.js";
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import { openaiAuthHeaders, resolveOpenaiAuth } from "../../auth/openai-auth.js";
import { refreshingCredentials, sendWithCredentials } from "../../auth/refreshing-credentials.js";
import type { Config } from "../../config/load.js";

type ConnectorConfig = Pick<Config, "codexHome" | "provider">;

/** A fetch that makes the directory's HTTP requests as the account. */
export type ConnectorFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export const NO_CONNECTOR_ACCOUNT = "connectors need an account: log in, or set OPENAI_API_KEY";

/** The account's credentials now, or undefined when there is no account. */
export function connectorCredentials(
  config: ConnectorConfig,
  env: NodeJS.ProcessEnv,
  auth?: ModelAuthHooks,
): Credentials | undefined {
  // Another provider's key (its env_key) is not an OpenAI account: only an OpenAI provider's count.
  const handedIn = config.provider.requiresOpenaiAuth ? credentialsOrNone(auth, config) : undefined;
  if (handedIn?.bearer) return handedIn;
  const account = resolveOpenaiAuth(config.codexHome, env, { codexApiKeyEnv: false });
  return account ? openaiAuthHeaders(account) : undefined;
}

/**
 * The fetch for the directory's connection, or undefined when there is no account now. Each request gets
 * the credentials in force when it is made, refreshed first when they are a stale ChatGPT login; a 401
 * renews them once (a client that handed in tokens is asked first, as for model requests) and resends.
 */
export function connectorFetch(
  config: ConnectorConfig,
  env: NodeJS.ProcessEnv,
  auth?: ModelAuthHooks,
): ConnectorFetch | undefined {
  if (!connectorCredentials(config, env, auth)) return undefined;
  const upstream = config.provider.requiresOpenaiAuth ? auth?.onUnauthorized : undefined;
  const login = refreshingCredentials({
    codexHome: config.codexHome,
    env,
    resolve: () => {
      const credentials = connectorCredentials(config, env, auth);
      if (!credentials) throw new MissingCredentialsError(NO_CONNECTOR_ACCOUNT);
      return credentials;
    },
    ...(upstream ? { upstream } : {}),
  });
  return (url, init) =>
    sendWithCredentials(
      login,
      (credentials) => fetch(url, { ...init, headers: withCredentials(init, credentials) }),
      {
        ...(init?.signal ? { signal: init.signal } : {}),
        release: (refused) => void refused.body?.cancel().catch(() => undefined),
      },
    );
}

/** The request's headers with the credentials' (Authorization and the workspace) in place of any earlier. */
function withCredentials(init: RequestInit | undefined, credentials: Credentials): Headers {
  const headers = new Headers(init?.headers);
  headers.delete("authorization");
  headers.delete("chatgpt-account-id");
  for (const [name, value] of Object.entries(credentials.headers)) headers.set(name, value);
  if (credentials.bearer) headers.set("authorization", `Bearer ${credentials.bearer}`);
  return headers;
}

function credentialsOrNone(auth: ModelAuthHooks | undefined, config: Pick<Config, "provider">) {
  try {
    return auth?.credentialsFor?.(config.provider);
  } catch {
    // No credentials at all: the directory is asked without any, and says so.
    return undefined;
  }
}
