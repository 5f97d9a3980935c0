// An OAuth-protected MCP server over streamable HTTP on 127.0.0.1, made with the official SDK's server-side
// auth (mcpAuthRouter: metadata, dynamic client registration, /authorize, /token with PKCE checks;
// requireBearerAuth in front of /mcp). Its /authorize approves at once, as a user clicking "allow" would, by
// redirecting to the client's redirect URI with a code; everything else is the SDK's.
import { randomUUID } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import express from "express";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  mcpAuthRouter,
  getOAuthProtectedResourceMetadataUrl,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type {
  OAuthServerProvider,
  AuthorizationParams,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export interface McpOAuthServer {
  url: string;
  /** Clients registered dynamically. */
  registered: OAuthClientInformationFull[];
  /** Authorization requests approved, in order: the client, its redirect URI, scopes and resource. */
  authorizations: Array<{ clientId: string; redirectUri: string; scopes: string[]; resource?: string }>;
  /** Authorization codes exchanged, in order: the client and the resource asked for. */
  exchanges: Array<{ clientId: string; resource?: string }>;
  /** Access tokens issued, in order. */
  issued: string[];
  /** Bearer tokens the MCP endpoint accepted. */
  accepted: string[];
  /** Tool calls served. */
  calls: string[];
  /** Requests for the authorization server's metadata (RFC 8414), counted to see discovery made once. */
  readonly metadataRequests: number;
  close(): Promise<void>;
}

/** Clients known beforehand only: the server then advertises no registration endpoint. */
class FixedClients implements OAuthRegisteredClientsStore {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  getClient(clientId: string) {
    return this.clients.get(clientId);
  }
}

class MemoryClients extends FixedClients {
  registerClient(client: OAuthClientInformationFull) {
    this.clients.set(client.client_id, client);
    return client;
  }
}

class ApprovingProvider implements OAuthServerProvider {
  constructor(readonly clientsStore: FixedClients) {}
  private readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  readonly tokens = new Map<string, AuthInfo>();
  readonly issued: string[] = [];
  readonly authorizations: McpOAuthServer["authorizations"] = [];
  readonly exchanges: McpOAuthServer["exchanges"] = [];

  authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: express.Response) {
    this.authorizations.push({
      clientId: client.client_id,
      redirectUri: params.redirectUri,
      scopes: params.scopes ?? [],
      ...(params.resource ? { resource: params.resource.href } : {}),
    });
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state) target.searchParams.set("state", params.state);
    res.redirect(target.toString());
    return Promise.resolve();
  }

  challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string) {
    const entry = this.codes.get(code);
    if (!entry) return Promise.reject(new Error("unknown authorization code"));
    return Promise.resolve(entry.params.codeChallenge);
  }

  exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _verifier?: string,
    _redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    this.exchanges.push({ clientId: client.client_id, ...(resource ? { resource: resource.href } : {}) });
    const entry = this.codes.get(code);
    if (!entry || entry.clientId !== client.client_id) return Promise.reject(new Error("invalid code"));
    this.codes.delete(code);
    return Promise.resolve(this.issue(client.client_id, entry.params.scopes ?? []));
  }

  exchangeRefreshToken(client: OAuthClientInformationFull): Promise<OAuthTokens> {
    return Promise.resolve(this.issue(client.client_id, []));
  }

  verifyAccessToken(token: string): Promise<AuthInfo> {
    const info = this.tokens.get(token);
    return info ? Promise.resolve(info) : Promise.reject(new Error("invalid token"));
  }

  private issue(clientId: string, scopes: string[]): OAuthTokens {
    const token = randomUUID();
    this.issued.push(token);
    this.tokens.set(token, { token, clientId, scopes, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    return { access_token: token, token_type: "Bearer", expires_in: 3600, refresh_token: randomUUID() };
  }
}

/** `dynamicRegistration: false`: no registration endpoint (and no client can sign in). */
export async function startMcpOAuthServer(
  options: { dynamicRegistration?: boolean } = {},
): Promise<McpOAuthServer> {
  const provider = new ApprovingProvider(
    options.dynamicRegistration === false ? new FixedClients() : new MemoryClients(),
  );
  const accepted: string[] = [];
  const calls: string[] = [];
  const app = express();
  const listening: HttpServer = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const address = listening.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = new URL(`http://127.0.0.1:${port}`);
  const mcpUrl = new URL("/mcp", base);
  let metadataRequests = 0;
  app.use((req, _res, next) => {
    if (req.path.startsWith("/.well-known/oauth-authorization-server")) metadataRequests++;
    next();
  });
  app.use(
    mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl, scopesSupported: ["tools"] }),
  );
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  app.post("/mcp", bearer, express.json(), (req, res) => {
    accepted.push((req as express.Request & { auth?: AuthInfo }).auth?.token ?? "");
    const server = new Server({ name: "oauth-test", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: "whoami", description: "who is signed in", inputSchema: { type: "object" } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      calls.push(request.params.name);
      return { content: [{ type: "text", text: `client ${extra.authInfo?.clientId ?? "none"}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res, req.body));
  });
  return {
    url: mcpUrl.toString(),
    get registered() {
      return [...provider.clientsStore.clients.values()];
    },
    get issued() {
      return provider.issued;
    },
    get authorizations() {
      return provider.authorizations;
    },
    get exchanges() {
      return provider.exchanges;
    },
    accepted,
    calls,
    get metadataRequests() {
      return metadataRequests;
    },
    close: () =>
      new Promise((resolve) => {
        listening.closeAllConnections();
        listening.close(() => resolve());
      }),
  };
}
