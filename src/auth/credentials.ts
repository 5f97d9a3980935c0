// Which credentials a model request carries: the provider's env key, or the OpenAI key sources.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ProviderInfo } from "../model/providers.js";

export interface Credentials {
  bearer?: string;
  headers: Record<string, string>;
}

export class MissingCredentialsError extends Error {
  readonly code = "missing_credentials";
}

interface AuthJson {
  OPENAI_API_KEY?: string | null;
  tokens?: { access_token?: string; account_id?: string } | null;
}

export function readAuthJson(codexHome: string): AuthJson | undefined {
  try {
    return JSON.parse(readFileSync(join(codexHome, "auth.json"), "utf8")) as AuthJson;
  } catch {
    return undefined;
  }
}

export function resolveCredentials(
  provider: ProviderInfo,
  codexHome: string,
  env: NodeJS.ProcessEnv = process.env,
): Credentials {
  const headers: Record<string, string> = {};
  for (const [header, variable] of Object.entries(provider.envHttpHeaders)) {
    const value = env[variable];
    if (value) headers[header] = value;
  }
  if (provider.envKey) {
    const key = env[provider.envKey];
    if (!key) {
      const hint = provider.envKeyInstructions ? ` ${provider.envKeyInstructions}` : "";
      throw new MissingCredentialsError(
        `Missing environment variable ${provider.envKey} for model provider '${provider.id}'.${hint}`,
      );
    }
    return { bearer: key, headers };
  }
  if (!provider.requiresOpenaiAuth) return { headers };

  const key = env.CODEX_API_KEY || env.OPENAI_API_KEY;
  if (key) return { bearer: key, headers };
  const auth = readAuthJson(codexHome);
  if (auth?.OPENAI_API_KEY) return { bearer: auth.OPENAI_API_KEY, headers };
  if (auth?.tokens?.access_token) {
    if (auth.tokens.account_id) headers["chatgpt-account-id"] = auth.tokens.account_id;
    return { bearer: auth.tokens.access_token, headers };
  }
  throw new MissingCredentialsError(
    "No API key found. Set OPENAI_API_KEY (or CODEX_API_KEY) in the environment, or put " +
      `{"OPENAI_API_KEY": "sk-..."} in ${join(codexHome, "auth.json")}.`,
  );
}
