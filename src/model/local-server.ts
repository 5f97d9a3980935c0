// The check before a local server's first request: is anything listening, and does it have the model?
// Ollama answers /api/tags (and /api/show for a model's context length and capabilities); LM Studio
// answers the OpenAI /v1/models list (and /api/v0/models/{model} for its context and whether it sees images). What is learned feeds model-info (compaction, tools, images).
import http from "node:http";
import https from "node:https";
import { learnModelDefaults, type ModelInfo } from "./model-info.js";
import { ModelError } from "./model-client.js";
import type { LocalServerKind, ProviderInfo } from "./provider-info.js";

const CHECK_TIMEOUT_MS = 5_000;

interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Ollama's native API lives beside its OpenAI one: http://host:11434/v1 -> http://host:11434. */
export function serverRoot(baseUrl: string): string {
  return baseUrl.replace(/\/v1\/?$/, "");
}

function requestJson(url: URL, signal: AbortSignal, post?: unknown): Promise<JsonAnswer> {
  const lib = url.protocol === "https:" ? https : http;
  const body = post === undefined ? undefined : JSON.stringify(post);
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: body === undefined ? "GET" : "POST",
        headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
        timeout: CHECK_TIMEOUT_MS,
        signal,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (c: string) => (text += c));
        res.on("error", reject);
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body: json });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

const NAMES: Record<LocalServerKind, { server: string; start: string; get: (model: string) => string }> = {
  ollama: {
    server: "Ollama",
    start: "Start it with `ollama serve` (https://ollama.com)",
    get: (model) => `Pull it with \`ollama pull ${model}\`, or choose another with -m.`,
  },
  lmstudio: {
    server: "LM Studio",
    start: "Start LM Studio's server (`lms server start`)",
    get: (model) => `Download it with \`lms get ${model}\` (or in LM Studio), or choose another with -m.`,
  },
};

/** Ollama names a model `name:tag`; `llama3` stands for `llama3:latest`. */
function sameOllamaModel(listed: string, wanted: string): boolean {
  const norm = (n: string) => (n.includes(":") ? n : `${n}:latest`);
  return norm(listed) === norm(wanted);
}

/** The models the server lists, or a ModelError naming the URL when nothing answers there. */
export async function listLocalModels(provider: ProviderInfo, signal: AbortSignal): Promise<string[]> {
  const kind = provider.local ?? "lmstudio";
  const url =
    kind === "ollama"
      ? new URL(`${serverRoot(provider.baseUrl)}/api/tags`)
      : new URL(`${provider.baseUrl}/models`);
  let answer: JsonAnswer;
  try {
    answer = await requestJson(url, signal);
  } catch (err) {
    if (signal.aborted) throw new ModelError("request aborted", "aborted");
    throw new ModelError(
      `No ${NAMES[kind].server} server answers at ${url.origin} (${(err as Error).message}). ` +
        `${NAMES[kind].start}, or point [model_providers.${provider.id}] base_url at yours.`,
      "network",
    );
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ModelError(
      `${NAMES[kind].server} at ${url.href} answered HTTP ${answer.status}`,
      "http",
      answer.status,
    );
  }
  const body = answer.body as {
    models?: Array<{ name?: unknown; model?: unknown }>;
    data?: Array<{ id?: unknown }>;
  };
  const names =
    kind === "ollama"
      ? (body?.models ?? []).map((m) => m.name ?? m.model)
      : (body?.data ?? []).map((m) => m.id);
  return names.filter((n): n is string => typeof n === "string");
}

/** Checks the server and the model once; learns the model's context window and capabilities from Ollama. */
export async function checkLocalServer(
  provider: ProviderInfo,
  model: string,
  signal: AbortSignal,
): Promise<void> {
  const kind = provider.local ?? "lmstudio";
  const models = await listLocalModels(provider, signal);
  const found = models.find((m) => (kind === "ollama" ? sameOllamaModel(m, model) : m === model));
  if (!found) {
    const where = kind === "ollama" ? serverRoot(provider.baseUrl) : provider.baseUrl;
    const have = models.length > 0 ? ` It has: ${models.join(", ")}.` : " It has no models yet.";
    throw new ModelError(
      `model '${model}' is not available on the ${NAMES[kind].server} server at ${where}.${have} ${NAMES[kind].get(model)}`,
      "failed",
      undefined,
      "model_not_found",
    );
  }
  await learnLocalModel(provider, model, signal, found);
}

/** What the server says of one model: Ollama's `/api/show`, LM Studio's `/api/v0/models/{model}`. */
export async function learnLocalModel(
  provider: ProviderInfo,
  model: string,
  signal: AbortSignal,
  /** The server's own name for it (Ollama's `llava:latest` for `llava`). */
  listedAs: string = model,
): Promise<void> {
  if (!provider.local) return;
  const root = serverRoot(provider.baseUrl);
  let answer: JsonAnswer;
  try {
    answer =
      provider.local === "ollama"
        ? await requestJson(new URL(`${root}/api/show`), signal, { model: listedAs })
        : await requestJson(new URL(`${root}/api/v0/models/${encodeURI(listedAs)}`), signal);
  } catch {
    return; // An older server without it: the model still runs, with what config says of it.
  }
  if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null) return;
  learnModelDefaults(
    model,
    provider.local === "ollama" ? fromOllamaShow(answer.body) : fromLmStudioModel(answer.body),
  );
}

/** `capabilities` (tools, thinking, vision) and `model_info["<arch>.context_length"]`. */
function fromOllamaShow(body: object): ModelInfo {
  const show = body as { capabilities?: unknown; model_info?: Record<string, unknown> };
  const caps = Array.isArray(show.capabilities) ? show.capabilities.map(String) : undefined;
  const contextKey = Object.keys(show.model_info ?? {}).find((k) => k.endsWith(".context_length"));
  const context = contextKey ? show.model_info?.[contextKey] : undefined;
  return {
    ...(typeof context === "number" ? { contextWindow: context } : {}),
    ...(caps
      ? {
          supportsTools: caps.includes("tools"),
          supportsReasoning: caps.includes("thinking"),
          supportsImages: caps.includes("vision"),
        }
      : {}),
  };
}

/** `type` ("vlm" takes images) and the context it was loaded with, else the most it can take. */
function fromLmStudioModel(body: object): ModelInfo {
  const info = body as { type?: unknown; loaded_context_length?: unknown; max_context_length?: unknown };
  const context = info.loaded_context_length ?? info.max_context_length;
  return {
    ...(typeof context === "number" ? { contextWindow: context } : {}),
    ...(info.type === "vlm" || info.type === "llm" ? { supportsImages: info.type === "vlm" } : {}),
  };
}
