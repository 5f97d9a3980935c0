// Which credentials a model request carries: the provider's env key, or the OpenAI account in force
// (openai-auth.ts decides which one when several exist).
import type { ProviderInfo } from "../model/provider-info.js";
import { authJsonPath } from "./auth-store.js";
import { openaiAuthHeaders, resolveOpenaiAuth, type OpenaiAuthOptions } from "./openai-auth.js";

export { readAuthJson } from "./auth-store.js";

export interface Credentials {
  bearer?: string;
  headers: Record<string, string>;
}

export class MissingCredentialsError extends Error {
  readonly code = "missing_credentials";
}

/** The provider's `env_http_headers` whose variables are set. */
export function providerEnvHeaders(provider: ProviderInfo, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [header, variable] of Object.entries(provider.envHttpHeaders)) {
    const value = env[variable];
    if (value) headers[header] = value;
  }
  return headers;
}

export function resolveCredentials(
  provider: ProviderInfo,
  codexHome: string,
  env: NodeJS.ProcessEnv = process.env,
  options: OpenaiAuthOptions = {},
): Credentials {
  const headers = providerEnvHeaders(provider, env);
  if (provider.envKey) {
    const key = env[provider.envKey];
    if (!key) {
      // Without the provider's own instructions, say both ways out: a server started without a key needs none.
      const hint = provider.envKeyInstructions
        ? ` ${provider.envKeyInstructions}`
        : ` Set it, or remove env_key from [model_providers.${provider.id}] if the server takes no key.`;
      throw new MissingCredentialsError(
        `Missing environment variable ${provider.envKey} for model provider '${provider.id}'.${hint}`,
      );
    }
    return { bearer: key, headers };
  }
  if (!provider.requiresOpenaiAuth) return { headers };

  const auth = resolveOpenaiAuth(codexHome, env, options);
  if (auth) {
    const found = openaiAuthHeaders(auth);
    return { bearer: found.bearer, headers: { ...headers, ...found.headers } };
  }
  // Reached from every surface; only `exec` reads CODEX_API_KEY, so say so rather than suggest it everywhere.
  const variables =
    options.codexApiKeyEnv === false
      ? "OPENAI_API_KEY in the environment"
      : "OPENAI_API_KEY in the environment (`codex-ts exec` also reads CODEX_API_KEY)";
  throw new MissingCredentialsError(
    `Not logged in: no API key or ChatGPT login found. Set ${variables}, or put ` +
      `{"OPENAI_API_KEY": "sk-..."} in ${authJsonPath(codexHome)}.`,
  );
}
