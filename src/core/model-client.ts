// Builds the model client for a session: the provider, where credentials come from, and who is asking.
import { resolveCredentials } from "../auth/credentials.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
import { refreshingCredentials } from "../auth/refreshing-credentials.js";
import type { Config } from "../config/load.js";
import { chatWire } from "../model/chat/chat-wire.js";
import { HttpModelClient } from "../model/http-model-client.js";
import { checkLocalServer } from "../model/local-server.js";
import type { ModelClient, ResponsesRequest } from "../model/model-client.js";
import { resolveProvider } from "../config/providers.js";
import type { ProviderInfo } from "../model/provider-info.js";
import { responsesWire } from "../model/responses-wire.js";
import { VERSION } from "../version.js";

export const USER_AGENT = `codex-ts/${VERSION} (${process.platform} ${process.arch}; node ${process.versions.node})`;

export function makeModelClient(options: {
  config: Config;
  env: NodeJS.ProcessEnv;
  providerId: string;
  threadId: string;
  originator: string;
  auth?: ModelAuthHooks;
}): ModelClient {
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
  return new HttpModelClient(
    provider,
    provider.wireApi === "chat" ? chatWire : responsesWire,
    login.credentials,
    { originator: options.originator, userAgent: USER_AGENT, sessionId: options.threadId },
    { onUnauthorized: login.onUnauthorized },
    provider.local ? localServerCheck(provider) : undefined,
  );
}

/** A local server is checked before the first request for each model (a failed check is asked again). */
function localServerCheck(provider: ProviderInfo) {
  const checked = new Set<string>();
  return async (request: ResponsesRequest, signal: AbortSignal): Promise<void> => {
    if (checked.has(request.model)) return;
    await checkLocalServer(provider, request.model, signal);
    checked.add(request.model);
  };
}
