// The provider's own model list, asked as the account the model requests use (the same refresh of a stored
// ChatGPT login: before the request when stale, once after a 401), a local server's models learned too
// (their context windows and capabilities: Ollama's /api/show). model/list and `debug models` both ask here.
import { resolveCredentials, type Credentials } from "../../auth/credentials.js";
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import { refreshingCredentials, sendWithCredentials } from "../../auth/refreshing-credentials.js";
import { TokenRefreshError } from "../../auth/token-refresh.js";
import { learnLocalModel } from "../../model/local-server.js";
import type { ProviderInfo } from "../../model/provider-info.js";
import { fetchProviderModels } from "./model-list.js";

export interface ModelsAccount {
  codexHome: string;
  env: NodeJS.ProcessEnv;
  /** Credentials a client handed in (asked again after a refresh), used before the stored ones. */
  handedIn?: () => Credentials | undefined;
  /** Asked after a 401 that renewing the stored login did not cure (a client's own tokens). */
  upstream?: ModelAuthHooks["onUnauthorized"];
  /** Besides TokenRefreshError, what else means the login was refused (then undefined: the built-in list). */
  refused?: (err: unknown) => boolean;
  onRefused?: (err: Error) => void;
}

/** The ids the provider lists, or undefined (no answer, a refusal, an empty list). */
export async function providerModelIds(
  provider: ProviderInfo,
  account: ModelsAccount,
): Promise<string[] | undefined> {
  const { codexHome, env, handedIn, upstream } = account;
  const resolve = (): Credentials => {
    const given = handedIn?.();
    if (given) return given;
    try {
      return resolveCredentials(provider, codexHome, env, { codexApiKeyEnv: false });
    } catch {
      // No key: the provider may still list its models, or the built-in list answers.
      return { headers: {} };
    }
  };
  const login = refreshingCredentials({ codexHome, env, resolve, ...(upstream ? { upstream } : {}) });
  let ids: string[] | undefined;
  try {
    ({ ids } = await sendWithCredentials(login, (credentials) => fetchProviderModels(provider, credentials)));
  } catch (err) {
    if (!(err instanceof TokenRefreshError || account.refused?.(err))) throw err;
    // Refused with a login that could not be renewed: as for any refusal, the built-in list answers.
    account.onRefused?.(err as Error);
    return undefined;
  }
  if (provider.local && ids) {
    const signal = AbortSignal.timeout(5_000);
    await Promise.all(ids.map((id) => learnLocalModel(provider, id, signal)));
  }
  return ids;
}
