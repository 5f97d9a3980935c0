// Builds the model client for a session: the provider, where credentials come from, and who is asking.
import { resolveCredentials } from "../auth/credentials.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
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
  const credentials = () =>
    auth.credentialsFor?.(provider) ?? resolveCredentials(provider, config.codexHome, env);
  return new ResponsesClient(
    provider,
    credentials,
    { originator: options.originator, userAgent: USER_AGENT, sessionId: options.threadId },
    auth,
  );
}
