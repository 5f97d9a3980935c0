// Builds the model client for a session: the provider, where credentials come from, and who is asking.
import { resolveCredentials } from "../auth/credentials.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
import { refreshingCredentials } from "../auth/refreshing-credentials.js";
import type { Config } from "../config/load.js";
import { resolveProvider } from "../model/providers.js";
import { ResponsesClient } from "../model/responses-client.js";
import { VERSION } from "../version.js";

export const USER_AGENT = `codex-ts/${VERSION} (${process.platform} ${process.arch}; node ${process.versions.node})`;

export function makeModelClient(options: {
  config: Config;
  env: NodeJS.ProcessEnv;
  providerId: string;
  threadId: string;
  originator: string;
  auth?: ModelAuthHooks;
}): ResponsesClient {
  const { config, env, providerId } = options;
  const provider =
    providerId === config.modelProviderId ? config.provider : resolveProvider(providerId, config.toml, env);
  const auth = options.auth ?? {};
  // CODEX_API_KEY is exec's alone (exec hands in credentials that read it); other surfaces ignore it.
  const resolve = () =>
    auth.credentialsFor?.(provider) ??
    resolveCredentials(provider, config.codexHome, env, { codexApiKeyEnv: false });
  // The ChatGPT login in auth.json is refreshed when stale and after a 401, for every surface; the
  // surface's own 401 hook (the app-server asking its client for tokens) is asked first.
  const login = refreshingCredentials({
    codexHome: config.codexHome,
    env,
    resolve,
    ...(auth.onUnauthorized ? { upstream: auth.onUnauthorized } : {}),
  });
  return new ResponsesClient(
    provider,
    login.credentials,
    { originator: options.originator, userAgent: USER_AGENT, sessionId: options.threadId },
    { onUnauthorized: login.onUnauthorized },
  );
}
