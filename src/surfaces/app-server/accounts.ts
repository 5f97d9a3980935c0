// Who the server talks to the model as: an API key stored in $CODEX_HOME/auth.json, or ChatGPT tokens a
// client handed in (kept in memory only, refreshed by asking that client when the model answers 401).
import { readAuthJson, type Credentials } from "../../auth/credentials.js";
import { removeAuthJson, saveApiKey } from "../../auth/auth-store.js";
import { DEFAULT_ISSUER, startBrowserLogin, type BrowserLogin } from "../../auth/browser-login.js";
import { decodeChatgptClaims } from "../../auth/jwt-claims.js";
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { ProviderInfo } from "../../model/providers.js";
import {
  PlanType,
  type Account,
  type AuthMode,
  type LoginAccountParams,
} from "../../protocol/app-server/v2/account.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import { askClient } from "./client-requests.js";
import type { Connection } from "./connection.js";
import { ServerRequestError } from "./pending-server-requests.js";
import { badRequest } from "./router.js";

interface ExternalTokens {
  accessToken: string;
  accountId: string | undefined;
  planType: PlanType;
  email: string | undefined;
  /** The connection that handed the tokens in, and is asked for new ones. */
  owner: Connection;
}

export interface AccountManagerOptions {
  codexHome: string;
  env: NodeJS.ProcessEnv;
  refreshTimeoutMs: number;
  /** forced_chatgpt_workspace_id from the current config. */
  forcedWorkspaces: () => string[] | undefined;
  broadcast: (notification: ServerNotification) => void;
}

/** Fails a model request whose credentials could not be refreshed; the turn shows this message. */
export class AuthRefreshError extends Error {
  readonly code = "unauthorized";
}

function toPlanType(raw: string | null | undefined): PlanType {
  const parsed = PlanType.safeParse(raw);
  return parsed.success ? parsed.data : "unknown";
}

type TokenLogin = Extract<LoginAccountParams, { type: "chatgptAuthTokens" }>;

export class AccountManager {
  private external: ExternalTokens | undefined;
  private pendingLogin: BrowserLogin | undefined;

  constructor(private readonly options: AccountManagerOptions) {}

  /** Hooks for every engine the server starts: external tokens win, and a 401 asks their owner. */
  readonly hooks: ModelAuthHooks = {
    credentialsFor: (provider: ProviderInfo): Credentials | undefined => {
      const ext = this.external;
      if (!ext || !provider.requiresOpenaiAuth) return undefined;
      return {
        bearer: ext.accessToken,
        headers: ext.accountId ? { "chatgpt-account-id": ext.accountId } : {},
      };
    },
    onUnauthorized: (signal) => this.refresh(signal),
  };

  get authMode(): AuthMode | null {
    if (this.external) return "chatgptAuthTokens";
    const stored = readAuthJson(this.options.codexHome);
    if (stored?.OPENAI_API_KEY || this.options.env.CODEX_API_KEY || this.options.env.OPENAI_API_KEY)
      return "apikey";
    return stored?.tokens?.access_token ? "chatgpt" : null;
  }

  loginApiKey(apiKey: string): void {
    saveApiKey(this.options.codexHome, apiKey);
    this.external = undefined;
  }

  /** Starts the browser login; account/login/completed (and account/updated) follow when it ends. */
  async loginChatgpt(): Promise<{ type: "chatgpt"; loginId: string; authUrl: string }> {
    if (this.external) {
      throw badRequest(
        "ChatGPT login is not allowed while external auth (chatgptAuthTokens) is active: call account/logout first",
      );
    }
    this.pendingLogin?.cancel();
    const login: BrowserLogin = await startBrowserLogin({
      issuer: (this.options.env.CODEX_TS_LOGIN_ISSUER ?? DEFAULT_ISSUER).replace(/\/+$/, ""),
      codexHome: this.options.codexHome,
      forcedWorkspaces: this.options.forcedWorkspaces(),
      onDone: (outcome) => {
        if (this.pendingLogin === login) this.pendingLogin = undefined;
        const { broadcast } = this.options;
        const error = outcome.success ? null : outcome.error;
        broadcast({
          method: "account/login/completed",
          params: { success: outcome.success, loginId: login.loginId, error },
        });
        if (!outcome.success) return;
        this.external = undefined;
        const planType = toPlanType(outcome.claims.planType);
        broadcast({ method: "account/updated", params: { authMode: "chatgpt", planType } });
      },
    });
    this.pendingLogin = login;
    return { type: "chatgpt", loginId: login.loginId, authUrl: login.authUrl };
  }

  /** Stops a browser login that has not finished; it ends with login/completed (success false). */
  cancelLogin(loginId: string): { status: "canceled" | "notFound" } {
    const login = this.pendingLogin;
    if (!login || login.loginId !== loginId) return { status: "notFound" };
    login.cancel();
    return { status: "canceled" };
  }

  loginTokens(params: TokenLogin, owner: Connection): void {
    const tokens = this.tokensFrom(
      params.accessToken,
      params.chatgptAccountId,
      params.chatgptPlanType,
      params.idToken,
    );
    const refusal = this.workspaceRefusal(tokens.accountId);
    if (refusal) throw badRequest(refusal);
    this.external = { ...tokens, owner };
    owner.onClose(() => {
      if (this.external?.owner === owner) this.external = undefined;
    });
  }

  /** Forgets the external tokens and the stored key (a key in the environment still counts). */
  logout(): void {
    this.external = undefined;
    removeAuthJson(this.options.codexHome);
  }

  announceLogout(): void {
    this.options.broadcast({
      method: "account/updated",
      params: { authMode: this.authMode, planType: null },
    });
  }

  read(requiresOpenaiAuth: boolean): { account: Account | null; requiresOpenaiAuth: boolean } {
    const ext = this.external;
    if (ext)
      return {
        account: { type: "chatgpt", email: ext.email ?? null, planType: ext.planType },
        requiresOpenaiAuth,
      };
    const mode = this.authMode;
    if (mode === "apikey") return { account: { type: "apiKey" }, requiresOpenaiAuth };
    const stored = readAuthJson(this.options.codexHome)?.tokens as { id_token?: string } | null | undefined;
    if (mode === "chatgpt") {
      const claims = decodeChatgptClaims(stored?.id_token ?? "");
      return {
        account: { type: "chatgpt", email: claims.email ?? null, planType: toPlanType(claims.planType) },
        requiresOpenaiAuth,
      };
    }
    return { account: null, requiresOpenaiAuth };
  }

  /** Asks the tokens' owner for new ones (bounded by the refresh timeout). */
  private async refresh(signal: AbortSignal): Promise<boolean> {
    const ext = this.external;
    if (!ext) return false;
    const request = askClient(
      ext.owner,
      "account/chatgptAuthTokens/refresh",
      { reason: "unauthorized", previousAccountId: ext.accountId ?? null },
      { timeoutMs: this.options.refreshTimeoutMs, signal },
    );
    let answer;
    try {
      answer = await request.result;
    } catch (err) {
      const why =
        err instanceof ServerRequestError && err.kind === "timeout"
          ? `the client did not answer account/chatgptAuthTokens/refresh within ${this.options.refreshTimeoutMs / 1000} s`
          : (err as Error).message;
      throw new AuthRefreshError(
        `The model rejected the ChatGPT access token (HTTP 401) and refreshing it failed: ${why}`,
      );
    }
    const tokens = this.tokensFrom(
      answer.accessToken,
      answer.chatgptAccountId,
      answer.chatgptPlanType,
      answer.idToken,
    );
    const refusal = this.workspaceRefusal(tokens.accountId);
    // The old tokens stay: the next request gets a 401 again and asks again.
    if (refusal) throw new AuthRefreshError(`refreshed ChatGPT tokens rejected: ${refusal}`);
    if (this.external === ext) this.external = { ...tokens, owner: ext.owner };
    return true;
  }

  private tokensFrom(accessToken: string, accountId?: string, planType?: string | null, idToken?: string) {
    const claims = { ...decodeChatgptClaims(accessToken), ...(idToken ? decodeChatgptClaims(idToken) : {}) };
    return {
      accessToken,
      accountId: accountId ?? claims.accountId,
      planType: toPlanType(planType ?? claims.planType),
      email: claims.email,
    };
  }

  private workspaceRefusal(accountId: string | undefined): string | undefined {
    const forced = this.options.forcedWorkspaces();
    if (!forced || forced.length === 0) return undefined;
    if (accountId && forced.includes(accountId)) return undefined;
    return `this server only accepts ChatGPT workspace ${forced.join(" or ")} (forced_chatgpt_workspace_id), not ${accountId ?? "an unknown workspace"}`;
  }

  /** A login is synchronous, but clients of the browser flow wait for login/completed: send it anyway. */
  announceLogin(): void {
    this.options.broadcast({
      method: "account/login/completed",
      params: { success: true, loginId: null, error: null },
    });
    const planType = this.external?.planType ?? null;
    this.options.broadcast({ method: "account/updated", params: { authMode: this.authMode, planType } });
  }
}
