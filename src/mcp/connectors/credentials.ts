// The current account's token for the connector directory: the same account the model requests use (tokens
// a client handed in, exec's credentials, else auth.json then OPENAI_API_KEY; see src/auth/openai-auth.ts).
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import { openaiAuthHeaders, resolveOpenaiAuth } from "../../auth/openai-auth.js";
import type { Config } from "../../config/load.js";

export function connectorAuthHeaders(
  config: Pick<Config, "codexHome" | "provider">,
  env: NodeJS.ProcessEnv,
  auth?: ModelAuthHooks,
): Record<string, string> | undefined {
  // Another provider's key (its env_key) is not an OpenAI account: only an OpenAI provider's count.
  const handedIn = config.provider.requiresOpenaiAuth ? credentialsOrNone(auth, config) : undefined;
  if (handedIn?.bearer) return { ...handedIn.headers, Authorization: `Bearer ${handedIn.bearer}` };
  const account = resolveOpenaiAuth(config.codexHome, env, { codexApiKeyEnv: false });
  if (!account) return undefined;
  const { bearer, headers } = openaiAuthHeaders(account);
  return { ...headers, Authorization: `Bearer ${bearer}` };
}

function credentialsOrNone(auth: ModelAuthHooks | undefined, config: Pick<Config, "provider">) {
  try {
    return auth?.credentialsFor?.(config.provider);
  } catch {
    // No credentials at all: the directory is asked without any, and says so.
    return undefined;
  }
}
