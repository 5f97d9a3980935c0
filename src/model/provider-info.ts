// What the model client needs to know of a provider; config/providers.ts resolves it from the config.
export interface ProviderInfo {
  id: string;
  name: string;
  baseUrl: string;
  envKey?: string;
  envKeyInstructions?: string;
  wireApi: "responses" | "chat";
  queryParams: Record<string, string>;
  httpHeaders: Record<string, string>;
  envHttpHeaders: Record<string, string>;
  requestMaxRetries: number;
  streamMaxRetries: number;
  streamIdleTimeoutMs: number;
  /** Uses the OpenAI key sources (OPENAI_API_KEY, CODEX_API_KEY, auth.json). */
  requiresOpenaiAuth: boolean;
  /** The model used with this provider when no config layer names one. */
  defaultModel?: string;
  /** A local server whose model list is checked before the first request (`--oss`). */
  local?: LocalServerKind;
}

export type LocalServerKind = "ollama" | "lmstudio";

/** The providers `--oss` can use, as `--local-provider` / `oss_provider` name them. */
export const LOCAL_PROVIDERS: readonly LocalServerKind[] = ["ollama", "lmstudio"];
export const DEFAULT_OSS_PROVIDER: LocalServerKind = "ollama";

export const DEFAULT_REQUEST_MAX_RETRIES = 4;
export const DEFAULT_STREAM_MAX_RETRIES = 5;
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 300_000;
