// The current account's token for the connector directory: tokens a client handed in (app-server), the
// ChatGPT login in auth.json, or an API key (CODEX_API_KEY, OPENAI_API_KEY, then auth.json).
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import { readAuthJson } from "../../auth/credentials.js";
import type { Config } from "../../config/load.js";

export function connectorAuthHeaders(
  config: Pick<Config, "codexHome" | "provider">,
  env: NodeJS.ProcessEnv,
  auth?: ModelAuthHooks,
): Record<string, string> | undefined {
  const handedIn = auth?.credentialsFor?.(config.provider);
  if (handedIn?.bearer) return { ...handedIn.headers, Authorization: `Bearer ${handedIn.bearer}` };
  const file = readAuthJson(config.codexHome);
  const tokens = file?.tokens;
  if (tokens?.access_token) {
    return {
      Authorization: `Bearer ${tokens.access_token}`,
      ...(tokens.account_id ? { "chatgpt-account-id": tokens.account_id } : {}),
    };
  }
  const key = env.CODEX_API_KEY || env.OPENAI_API_KEY || file?.OPENAI_API_KEY;
  return key ? { Authorization: `Bearer ${key}` } : undefined;
}
