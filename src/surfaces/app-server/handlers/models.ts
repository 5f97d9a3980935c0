// model/list: the provider's models (or the built-in list), a page at a time. The request for the provider's
// list is made as the account the model requests use, with the same refresh of a stored ChatGPT login:
// before the request when it is stale, and once after a 401 (auth/refreshing-credentials.ts).
import { resolveCredentials, type Credentials } from "../../../auth/credentials.js";
import { refreshingCredentials, sendWithCredentials } from "../../../auth/refreshing-credentials.js";
import { TokenRefreshError } from "../../../auth/token-refresh.js";
import { learnLocalModel } from "../../../model/local-server.js";
import { resolveProvider } from "../../../config/providers.js";
import type { ProviderInfo } from "../../../model/provider-info.js";
import { AuthRefreshError } from "../accounts.js";
import { catalogModels, fetchProviderModels, modelsFrom, type ProviderModels } from "../model-list.js";
import { badRequest } from "../errors.js";
import type { Handler, RequestContext } from "../handler-types.js";
import type { Model } from "../../../protocol/app-server/v2/model.js";

async function providerModels(
  provider: ProviderInfo,
  codexHome: string,
  { server, services }: RequestContext<"model/list">,
): Promise<ProviderModels> {
  const env = server.options.env;
  const { credentialsFor, onUnauthorized } = services.accounts.hooks;
  const resolve = (): Credentials => {
    const handedIn = credentialsFor?.(provider);
    if (handedIn) return handedIn;
    try {
      return resolveCredentials(provider, codexHome, env, { codexApiKeyEnv: false });
    } catch {
      // No key: the provider may still list its models, or the built-in list answers.
      return { headers: {} };
    }
  };
  // Tokens a client handed in stand for an OpenAI account only: only such a provider's 401 asks the client.
  const upstream = provider.requiresOpenaiAuth ? onUnauthorized : undefined;
  const login = refreshingCredentials({ codexHome, env, resolve, ...(upstream ? { upstream } : {}) });
  try {
    return await sendWithCredentials(login, (credentials) => fetchProviderModels(provider, credentials));
  } catch (err) {
    if (!(err instanceof TokenRefreshError || err instanceof AuthRefreshError)) throw err;
    // Refused with a login that could not be renewed: as for any refusal, the built-in list answers.
    server.logger.warn(`model/list: ${(err as Error).message}`);
    return { status: 401, ids: undefined };
  }
}

export const modelList: Handler<"model/list"> = async (params, ctx) => {
  const { server, services } = ctx;
  const config = services.loadConfig(undefined, {}, { projectConfig: false });
  let provider = config.provider;
  if (params.modelProvider && params.modelProvider !== config.modelProviderId) {
    try {
      provider = resolveProvider(params.modelProvider, config.toml, server.options.env);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
  }
  // A model catalog (model_catalog_json) is the whole list: the provider is not asked.
  if (config.modelCatalog) {
    return page(catalogModels(config.modelCatalog, config.model, params.includeHidden === true), params);
  }
  const { ids } = await providerModels(provider, config.codexHome, ctx);
  // A local server's models: their context windows and capabilities come from the server (Ollama's /api/show).
  if (provider.local && ids) {
    const signal = AbortSignal.timeout(5_000);
    await Promise.all(ids.map((id) => learnLocalModel(provider, id, signal)));
  }
  return page(modelsFrom(ids, config.model), params);
};

function page(all: Model[], params: { cursor?: string | null; limit?: number | null }) {
  const start = params.cursor ? Number.parseInt(params.cursor, 10) : 0;
  if (!Number.isInteger(start) || start < 0 || start > all.length)
    throw badRequest(`invalid cursor '${params.cursor}'`);
  const end = params.limit ? Math.min(all.length, start + params.limit) : all.length;
  return { data: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
}
