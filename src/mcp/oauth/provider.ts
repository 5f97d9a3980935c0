// The SDK's OAuthClientProvider over the credential store: what `auth()` (discovery, dynamic client
// registration, PKCE, the code exchange, refresh) and the HTTP transport read and save. Made for a login
// (with a redirect URL on the loopback listener) or for use (no redirect: a server that wants a new login
// fails with a message saying how to sign in).
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { McpOAuthStore } from "./token-store.js";

export interface ConfiguredClient {
  clientId: string;
  clientSecret?: string;
}

export interface ProviderOptions {
  store: McpOAuthStore;
  serverUrl: string;
  serverName: string;
  /** The loopback callback of a login; absent when the provider only uses stored tokens. */
  redirectUrl?: string;
  /** The state sent with the authorization request (checked on the callback). */
  state?: string;
  scopes?: readonly string[];
  /** A client registered beforehand (`[mcp_servers.NAME.oauth]`): used instead of registering one. */
  client?: ConfiguredClient;
  /** `oauth_resource`: the resource indicator sent in place of the one the server's metadata names. */
  resource?: string;
  /** Called with the authorization URL the user must open. */
  onAuthorizationUrl?: (url: URL) => void;
  /** What the sign-in already discovered (authorization server and its metadata): `auth()` asks no more. */
  discovery?: OAuthDiscoveryState;
}

export class StoredOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  /** Kept for this provider's life only: each `auth()` call (authorize, then exchange) reuses it. */
  private discovery: OAuthDiscoveryState | undefined;

  /** Present only with `oauth_resource`: without it the SDK sends the resource the server's metadata names. */
  validateResourceURL?: () => Promise<URL | undefined>;

  constructor(private readonly options: ProviderOptions) {
    this.discovery = options.discovery;
    if (options.resource) {
      const resource = new URL(options.resource);
      this.validateResourceURL = () => Promise.resolve(resource);
    }
  }

  get redirectUrl(): string | undefined {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "codex-ts",
      redirect_uris: this.options.redirectUrl ? [this.options.redirectUrl] : [],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...(this.options.scopes?.length ? { scope: this.options.scopes.join(" ") } : {}),
    };
  }

  state(): string {
    return this.options.state ?? "";
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { client } = this.options;
    if (client) {
      // The configured client wins over a stored one, and keeps the issuer it was bound to after its first use.
      const stored = this.options.store.get(this.options.serverUrl).clientInformation;
      const issuer = stored?.client_id === client.clientId ? stored.issuer : undefined;
      return {
        client_id: client.clientId,
        ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
        ...(issuer ? { issuer } : {}),
      };
    }
    const info = this.options.store.get(this.options.serverUrl).clientInformation;
    // Each login listens on a new loopback port: a registration made for another redirect is registered again.
    const redirects = (info as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    const { redirectUrl } = this.options;
    if (redirectUrl && Array.isArray(redirects) && !redirects.includes(redirectUrl)) return undefined;
    return info;
  }

  saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
    this.options.store.update(this.options.serverUrl, (current) => ({ ...current, clientInformation }));
  }

  tokens(): OAuthTokens | undefined {
    // A login starts from no tokens, so `auth()` goes to the authorization step.
    if (this.options.redirectUrl) return undefined;
    return this.options.store.get(this.options.serverUrl).tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.options.store.update(this.options.serverUrl, (current) => ({
      ...current,
      tokens,
      savedAtMs: Date.now(),
    }));
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (!this.options.onAuthorizationUrl) {
      throw new Error(
        `MCP server ${this.options.serverName} needs a sign-in: run \`codex-ts mcp login ${this.options.serverName}\` (or mcpServer/oauth/login) for it (its stored login is missing or expired)`,
      );
    }
    this.options.onAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("no PKCE code verifier: the login was not started here");
    return this.verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
    if (scope === "verifier" || scope === "discovery") return;
    this.options.store.update(this.options.serverUrl, (current) => ({
      ...(scope === "tokens" ? { clientInformation: current.clientInformation } : {}),
    }));
  }
}
