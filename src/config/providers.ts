// Model providers: the built-in `openai`, `ollama` and `lmstudio` ones and those declared under
// [model_providers.NAME] (a declaration named like a built-in one changes only the keys it sets).
import { PROVIDER_DEFAULTS } from "./config-defaults.js";
import type { ConfigToml, ProviderToml } from "./schema.js";
import {
  DEFAULT_REQUEST_MAX_RETRIES,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_STREAM_MAX_RETRIES,
  LOCAL_PROVIDERS,
  type ProviderInfo,
} from "../model/provider-info.js";

function builtInOpenAi(config: ConfigToml, env: NodeJS.ProcessEnv): ProviderToml {
  return {
    name: "OpenAI",
    base_url: config.openai_base_url ?? env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
    wire_api: "responses",
    requires_openai_auth: true,
  };
}

function builtInLocal(id: string, env: NodeJS.ProcessEnv): ProviderToml | undefined {
  if (id === "ollama") {
    return {
      name: "Ollama",
      base_url: env.CODEX_OSS_BASE_URL ?? `http://localhost:${env.CODEX_OSS_PORT ?? "11434"}/v1`,
      wire_api: "chat",
      default_model: "gpt-oss:20b",
    };
  }
  if (id === "lmstudio") {
    return {
      name: "LM Studio",
      base_url: "http://localhost:1234/v1",
      wire_api: "chat",
      default_model: "openai/gpt-oss-20b",
    };
  }
  return undefined;
}

export class UnknownProviderError extends Error {}

export function resolveProvider(
  id: string,
  config: ConfigToml,
  env: NodeJS.ProcessEnv = process.env,
): ProviderInfo {
  const declared = config.model_providers?.[id];
  const builtIn = id === "openai" ? builtInOpenAi(config, env) : builtInLocal(id, env);
  if (!declared && !builtIn) {
    const known = ["openai", ...LOCAL_PROVIDERS, ...Object.keys(config.model_providers ?? {})].join(", ");
    throw new UnknownProviderError(`unknown model provider '${id}' (known: ${known})`);
  }
  const p: ProviderToml = { ...builtIn, ...declared };
  if (!p.base_url) {
    throw new UnknownProviderError(`model provider '${id}' has no base_url`);
  }
  return {
    id,
    name: p.name ?? id,
    baseUrl: p.base_url.replace(/\/+$/, ""),
    ...(p.env_key ? { envKey: p.env_key } : {}),
    ...(p.env_key_instructions ? { envKeyInstructions: p.env_key_instructions } : {}),
    wireApi: p.wire_api ?? PROVIDER_DEFAULTS.wire_api,
    queryParams: p.query_params ?? {},
    httpHeaders: p.http_headers ?? {},
    envHttpHeaders: p.env_http_headers ?? {},
    requestMaxRetries: p.request_max_retries ?? DEFAULT_REQUEST_MAX_RETRIES,
    streamMaxRetries: p.stream_max_retries ?? DEFAULT_STREAM_MAX_RETRIES,
    streamIdleTimeoutMs: p.stream_idle_timeout_ms ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
    requiresOpenaiAuth: p.requires_openai_auth ?? PROVIDER_DEFAULTS.requires_openai_auth,
    ...(p.default_model ? { defaultModel: p.default_model } : {}),
    ...(id === "ollama" || id === "lmstudio" ? { local: id } : {}),
  };
}
