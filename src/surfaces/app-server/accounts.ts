// Who the server talks to the model as: ChatGPT tokens a client handed in (kept in memory only, refreshed by
// asking that client when the model answers 401), else the account auth/openai-auth.ts resolves (auth.json,
// then OPENAI_API_KEY; never CODEX_API_KEY, which the real app-server ignores). `account/read` and every model
// request ask the same question here, so they cannot disagree.
import {
  MissingCredentialsError,
  providerEnvHeaders,
  resolveCredentials,
  type Credentials,
} from "../../auth/credentials.js";
import { removeAuthJson, saveApiKey } from "../../auth/auth-store.js";
import { randomUUID } from "node:crypto";
import {
  loginPort,
  startBrowserLogin,
  type BrowserLogin,
  type LoginOutcome,
} from "../../auth/browser-login.js";
import { loginIssuer } from "../../auth/chatgpt-tokens.js";
import { completeDeviceLogin, requestDeviceCode } from "../../auth/device-login.js";
import { decodeChatgptClaims } from "../../auth/jwt-claims.js";
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import { resolveOpenaiAuth, type OpenaiAuth, type OpenaiAuthOptions } from "../../auth/openai-auth.js";
import { refreshStoredLogin, TokenRefreshError } from "../../auth/token-refresh.js";
import type { ProviderInfo } from "../../model/provider-info.js";
import {
  PlanType,
  type Account,
  type AuthMode,
  type GetAccountResponse,
  type LoginAccountParams,
} from "../../protocol/app-server/v2/account.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import { askClient } from "./client-requests.js";
import type { Connection } from "./connection.js";
import { ServerRequestError } from "./pending-server-requests.js";
import { AppServerError, badRequest } from "./errors.js";
import { ErrorCode } from "../../protocol/app-server/jsonrpc.js";

/** The app-server's sources: as the real one, it does not read CODEX_API_KEY (only `exec` does). */
const APP_SERVER_SOURCES: OpenaiAuthOptions = { codexApiKeyEnv: false };

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

/** A ChatGPT login (browser or device code) that has not finished yet. */
interface PendingLogin {
  loginId: string;
  cancel: () => void;
}

export class AccountManager {
  private external: ExternalTokens | undefined;
  private pendingLogin: PendingLogin | undefined;

  constructor(private readonly options: AccountManagerOptions) {}

  /**
   * Hooks for every engine the server starts: the credentials of any provider that takes OpenAI auth come
   * from here (external tokens first), and a 401 asks the tokens' owner.
   */
  readonly hooks: ModelAuthHooks = {
    credentialsFor: (provider: ProviderInfo): Credentials | undefined => {
      if (!provider.requiresOpenaiAuth) return undefined;
      const ext = this.external;
      if (ext) {
        return {
          bearer: ext.accessToken,
          headers: {
            ...providerEnvHeaders(provider, this.options.env),
            ...(ext.accountId ? { "chatgpt-account-id": ext.accountId } : {}),
          },
        };
      }
      // A provider's own env_key wins over the account: the engine resolves that one.
      if (provider.envKey) return undefined;
      try {
        return resolveCredentials(provider, this.options.codexHome, this.options.env, APP_SERVER_SOURCES);
      } catch (err) {
        if (!(err instanceof MissingCredentialsError)) throw err;
        // No account. Left to the engine, CODEX_API_KEY would be used behind account/read's back: like the
        // real app-server, send no credential then. Otherwise the engine fails the turn with a clear error.
        return this.options.env.CODEX_API_KEY
          ? { headers: providerEnvHeaders(provider, this.options.env) }
          : undefined;
      }
    },
    onUnauthorized: (signal) => this.refresh(signal),
  };

  /** The account in force when no external tokens are (auth.json, then OPENAI_API_KEY). */
  private resolved(): OpenaiAuth | undefined {
    return resolveOpenaiAuth(this.options.codexHome, this.options.env, APP_SERVER_SOURCES);
  }

  get authMode(): AuthMode | null {
    if (this.external) return "chatgptAuthTokens";
    return this.resolved()?.mode ?? null;
  }

  loginApiKey(apiKey: string): void {
    saveApiKey(this.options.codexHome, apiKey);
    this.external = undefined;
  }

  private refuseWhileExternal(): void {
    if (this.external) {
      throw badRequest(
        "ChatGPT login is not allowed while external auth (chatgptAuthTokens) is active: call account/logout first",
      );
    }
  }

  /** How a ChatGPT login ends: account/login/completed, then account/updated when it succeeded. */
  private finishLogin(login: PendingLogin, outcome: LoginOutcome): void {
    if (this.pendingLogin === login) this.pendingLogin = undefined;
    const { broadcast } = this.options;
    const error = outcome.success ? null : outcome.error;
    broadcast({
      method: "account/login/completed",
      params: { success: outcome.success, loginId: login.loginId, error, onboardingEntrypoint: null },
    });
    if (!outcome.success) return;
    this.external = undefined;
    const planType = toPlanType(outcome.claims.planType);
    broadcast({ method: "account/updated", params: { authMode: "chatgpt", planType } });
  }

  /** Starts the browser login; account/login/completed (and account/updated) follow when it ends. */
  async loginChatgpt(): Promise<{ type: "chatgpt"; loginId: string; authUrl: string }> {
    this.refuseWhileExternal();
    this.pendingLogin?.cancel();
    let port: number;
    try {
      port = loginPort(this.options.env);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    let login: BrowserLogin;
    try {
      login = await startBrowserLogin({
        issuer: loginIssuer(this.options.env),
        port,
        codexHome: this.options.codexHome,
        forcedWorkspaces: this.options.forcedWorkspaces(),
        onDone: (outcome) => this.finishLogin(login, outcome),
      });
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    this.pendingLogin = login;
    return { type: "chatgpt", loginId: login.loginId, authUrl: login.authUrl };
  }

  /**
   * Starts the device-code login: the response carries the code and the page to enter it on; the server
   * polls the issuer, and account/login/completed (and account/updated) follow when the user approves,
   * refuses, or the code expires.
   */
  async loginChatgptDeviceCode(): Promise<{
    type: "chatgptDeviceCode";
    loginId: string;
    verificationUrl: string;
    userCode: string;
  }> {
    this.refuseWhileExternal();
    const issuer = loginIssuer(this.options.env);
    let code;
    try {
      code = await requestDeviceCode(issuer);
    } catch (err) {
      throw new AppServerError(
        ErrorCode.internalError,
        `device code login failed to start: ${(err as Error).message}`,
      );
    }
    this.pendingLogin?.cancel();
    const controller = new AbortController();
    let canceled = false;
    const login: PendingLogin = {
      loginId: randomUUID(),
      cancel: () => {
        canceled = true;
        controller.abort();
      },
    };
    this.pendingLogin = login;
    completeDeviceLogin({
      issuer,
      codexHome: this.options.codexHome,
      code,
      forcedWorkspaces: this.options.forcedWorkspaces(),
      signal: controller.signal,
    }).then(
      (claims) => this.finishLogin(login, { success: true, claims }),
      (err: unknown) =>
        this.finishLogin(login, {
          success: false,
          error: canceled ? "login canceled" : (err as Error).message,
        }),
    );
    return {
      type: "chatgptDeviceCode",
      loginId: login.loginId,
      verificationUrl: code.verificationUrl,
      userCode: code.userCode,
    };
  }

  /** Stops a ChatGPT login that has not finished; it ends with login/completed (success false). */
  cancelLogin(loginId: string): { status: "canceled" | "notFound" } {
    // Login ids are UUIDs; anything else is refused, as Codex 0.169 does, rather than "not found".
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(loginId))
      throw badRequest(`invalid login id: ${loginId}`);
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

  read(requiresOpenaiAuth: boolean): GetAccountResponse {
    const answer = (account: Account | null, userId: string | null = null): GetAccountResponse => ({
      account,
      userId,
      requiresOpenaiAuth,
      workspaceRouting: null,
    });
    const ext = this.external;
    if (ext) {
      const claims = decodeChatgptClaims(ext.accessToken);
      return answer(
        { type: "chatgpt", email: ext.email ?? null, planType: ext.planType },
        claims.userId ?? null,
      );
    }
    const auth = this.resolved();
    // OPENAI_API_KEY from the environment is used for requests but is no login: Codex reports no account.
    if (!auth || (auth.mode === "apikey" && auth.source === "OPENAI_API_KEY")) return answer(null);
    if (auth.mode === "apikey") return answer({ type: "apiKey" });
    const claims = { ...decodeChatgptClaims(auth.accessToken), ...decodeChatgptClaims(auth.idToken ?? "") };
    return answer(
      { type: "chatgpt", email: claims.email ?? null, planType: toPlanType(claims.planType) },
      claims.userId ?? null,
    );
  }

  /**
   * `account/read {refreshToken: true}`: refreshes the ChatGPT login in auth.json now, stale or not. Tokens a
   * client handed in are the client's to refresh, and an API key has nothing to refresh: both are left alone.
   * A failed refresh is a JSON-RPC error saying why (auth.json is not touched), where the real Codex only
   * logs it and answers as if nothing happened.
   */
  async refreshStoredTokens(): Promise<void> {
    if (this.external || this.resolved()?.mode !== "chatgpt") return;
    try {
      await refreshStoredLogin(this.options.codexHome, this.options.env, { reason: "scheduled" });
    } catch (err) {
      if (!(err instanceof TokenRefreshError)) throw err;
      throw new AppServerError(ErrorCode.internalError, err.message);
    }
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
      params: { success: true, loginId: null, error: null, onboardingEntrypoint: null },
    });
    const planType = this.external?.planType ?? null;
    this.options.broadcast({ method: "account/updated", params: { authMode: this.authMode, planType } });
  }
}
