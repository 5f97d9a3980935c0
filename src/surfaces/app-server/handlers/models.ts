// model/list: the provider's models (or the built-in list), a page at a time.
import { resolveCredentials, type Credentials } from "../../../auth/credentials.js";
import { resolveProvider } from "../../../model/providers.js";
import { listModels } from "../model-list.js";
import { badRequest, type Handler } from "../router.js";

export const modelList: Handler<"model/list"> = async (params, { server, services }) => {
  const config = services.loadConfig(undefined, {}, { projectConfig: false });
  let provider = config.provider;
  if (params.modelProvider && params.modelProvider !== config.modelProviderId) {
    try {
      provider = resolveProvider(params.modelProvider, config.toml, server.options.env);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
  }
  let credentials: Credentials | undefined = services.accounts.hooks.credentialsFor?.(provider);
  try {
    credentials ??= resolveCredentials(provider, config.codexHome, server.options.env);
  } catch {
    // No key: the provider may still list its models, or the built-in list answers.
  }
  const all = await listModels({ provider, credentials, defaultModel: config.model });
  const start = params.cursor ? Number.parseInt(params.cursor, 10) : 0;
  if (!Number.isInteger(start) || start < 0 || start > all.length)
    throw badRequest(`invalid cursor '${params.cursor}'`);
  const end = params.limit ? Math.min(all.length, start + params.limit) : all.length;
  return { data: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
};
