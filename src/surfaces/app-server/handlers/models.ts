// model/list: the provider's models (or the built-in list), a page at a time. The provider is asked as the
// account the model requests use (provider-models.ts), with the client's handed-in tokens when it gave some.
import { resolveProvider } from "../../../config/providers.js";
import { AuthRefreshError } from "../accounts.js";
import { catalogModels, modelsFrom } from "../model-list.js";
import { providerModelIds } from "../provider-models.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import type { Model } from "../../../protocol/app-server/v2/model.js";

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
  const { credentialsFor, onUnauthorized } = services.accounts.hooks;
  const ids = await providerModelIds(provider, {
    codexHome: config.codexHome,
    env: server.options.env,
    handedIn: () => credentialsFor?.(provider),
    // Tokens a client handed in stand for an OpenAI account only: only such a provider's 401 asks the client.
    ...(provider.requiresOpenaiAuth && onUnauthorized ? { upstream: onUnauthorized } : {}),
    refused: (err) => err instanceof AuthRefreshError,
    onRefused: (err) => server.logger.warn(`model/list: ${err.message}`),
  });
  return page(modelsFrom(ids, config.model), params);
};

function page(all: Model[], params: { cursor?: string | null; limit?: number | null }) {
  const start = params.cursor ? Number.parseInt(params.cursor, 10) : 0;
  if (!Number.isInteger(start) || start < 0 || start > all.length)
    throw badRequest(`invalid cursor '${params.cursor}'`);
  const end = params.limit ? Math.min(all.length, start + params.limit) : all.length;
  return { data: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
}
