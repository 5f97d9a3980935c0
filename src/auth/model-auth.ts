// How a surface can take over the credentials of model requests: tokens handed in by a client, and a refresh
// when the model answers 401. The engine passes these through to the model client untouched.
import type { ProviderInfo } from "../model/provider-info.js";
import type { Credentials } from "./credentials.js";

export interface ModelAuthHooks {
  /** Credentials that replace the configured ones for this provider, or undefined to use the usual sources. */
  credentialsFor?: (provider: ProviderInfo) => Credentials | undefined;
  /**
   * Called at most once per model request after an HTTP 401, with the credentials the refused request
   * carried. Resolve true to retry the request with fresh credentials, false to fail as usual; throw to
   * fail the request with that error. (The stored ChatGPT login's own refresh comes after a false: see
   * refreshing-credentials.ts.)
   */
  onUnauthorized?: (signal: AbortSignal, rejected?: Credentials) => Promise<boolean>;
}
