// An OAuth 2.1 sign-in to an HTTP MCP server: a one-shot listener takes the redirect (or the user pastes the
// URL the browser ended on), and the SDK's `auth()` does the rest (protected-resource and authorization-server
// discovery, dynamic client registration unless a client is configured, PKCE, the code exchange). The tokens
// land in the store, where the server's connections find them. The redirect URI is laid out in
// callback-url.ts; `mcp_oauth_callback_port` fixes the listener's port, and a redirect to a host that is not
// loopback (a tunnel, a devbox's ingress) makes the listener answer on every interface.
import { randomBytes } from "node:crypto";
import type { OAuthServerInfo } from "@modelcontextprotocol/sdk/client/auth.js";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpOAuthStore } from "./token-store.js";
import { StoredOAuthProvider, type ConfiguredClient } from "./provider.js";
import {
  isLoopbackHost,
  listenerPortFor,
  parseCallbackUrl,
  redirectFor,
  serverCallbackUrl,
} from "./callback-url.js";

export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60 * 1000;

/** How the client is made known to the authorization server when none is configured. */
export type ClientRegistration = "auto" | "dcr" | "cimd";

export interface McpOAuthLogin {
  authorizationUrl: string;
  /** The redirect URI sent: the callback URL the browser ends on starts with it. */
  redirectUrl: string;
  /** Resolves when the tokens are stored; rejects on refusal, timeout or cancel. */
  done: Promise<void>;
  /** Finishes the sign-in with the URL the browser was redirected to (pasted by the user). */
  complete(callbackUrl: string): Promise<void>;
  cancel(): void;
}

export interface McpOAuthLoginOptions {
  codexHome: string;
  serverName: string;
  serverUrl: string;
  scopes?: readonly string[];
  timeoutMs?: number;
  /** `mcp_oauth_callback_port`: the listener's port (default: any free one). */
  callbackPort?: number;
  /** The redirect URI's base: the server's `oauth.callback_url`, else `mcp_oauth_callback_url`. */
  callbackUrl?: string;
  /** `[mcp_servers.NAME.oauth] client_id / client_secret`: a client registered beforehand. */
  client?: ConfiguredClient;
  /** `oauth_resource`: the resource indicator sent instead of the server's own. */
  resource?: string;
  clientRegistration?: ClientRegistration;
  /** The server's OAuth discovery when the caller made it already (`mcp add` probes first). */
  discovery?: OAuthServerInfo;
}

interface CallbackAnswer {
  status: number;
  text: string;
}

function page(res: http.ServerResponse, answer: CallbackAnswer): void {
  res.writeHead(answer.status, { "content-type": "text/plain; charset=utf-8", connection: "close" });
  res.end(answer.text);
}

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Without a configured or stored client one is registered dynamically (codex-ts has no client metadata
 * document for cimd, so `auto` comes to that too): an authorization server that advertises no registration
 * endpoint is refused here with what to do instead, before a listener is opened.
 */
const PRE_REGISTER =
  "register a client with the provider and set it as the server's oauth.client_id (mcp add --oauth-client-id)";

function checkRegistrationPossible(discovery: OAuthServerInfo, registration: ClientRegistration): void {
  const metadata = discovery.authorizationServerMetadata;
  if (!metadata || metadata.registration_endpoint) return;
  const cimdOnly = registration === "auto" && metadata.client_id_metadata_document_supported === true;
  throw new Error(
    cimdOnly
      ? "the authorization server takes client ID metadata documents (cimd), which codex-ts does not " +
          "support, and no dynamic client registration: " +
          PRE_REGISTER
      : "Dynamic client registration not supported: the authorization server advertises no " +
          "registration endpoint; " +
          PRE_REGISTER,
  );
}

export async function startMcpOAuthLogin(options: McpOAuthLoginOptions): Promise<McpOAuthLogin> {
  if (options.clientRegistration === "cimd" && !options.client) {
    // CIMD needs a client metadata document published at an HTTPS URL; codex-ts has none.
    throw new Error("client ID metadata documents (cimd) are not supported: use auto or dcr");
  }
  if (options.resource !== undefined && !URL.canParse(options.resource))
    throw new Error(`invalid oauth_resource \`${options.resource}\`: an absolute URI is expected`);
  const { auth, discoverOAuthServerInfo } = await import("@modelcontextprotocol/sdk/client/auth.js");
  const store = new McpOAuthStore(options.codexHome);
  // One discovery per sign-in: the check below and both `auth()` calls (through the provider) share it.
  const discovery = options.discovery ?? (await discoverOAuthServerInfo(options.serverUrl));
  if (!options.client && !store.get(options.serverUrl).clientInformation)
    checkRegistrationPossible(discovery, options.clientRegistration ?? "auto");
  const template = serverCallbackUrl(options.serverUrl, options.callbackUrl);
  const host = isLoopbackHost(parseCallbackUrl(template).hostname) ? "127.0.0.1" : "0.0.0.0";
  const server = http.createServer();
  const port = await listen(server, listenerPortFor(template, options.callbackPort), host);
  const redirectUrl = redirectFor(template, port);
  const expected = new URL(redirectUrl);
  const state = randomBytes(16).toString("base64url");
  let authorizationUrl: URL | undefined;
  const provider = new StoredOAuthProvider({
    store,
    serverUrl: options.serverUrl,
    serverName: options.serverName,
    redirectUrl,
    state,
    ...(options.scopes ? { scopes: options.scopes } : {}),
    ...(options.client ? { client: options.client } : {}),
    ...(options.resource ? { resource: options.resource } : {}),
    onAuthorizationUrl: (url) => (authorizationUrl = url),
    discovery,
  });
  const scope = options.scopes?.length ? options.scopes.join(" ") : undefined;
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  try {
    const result = await auth(provider, { serverUrl: options.serverUrl, ...(scope ? { scope } : {}) });
    if (result !== "REDIRECT" || !authorizationUrl) throw new Error("the server did not ask for a sign-in");
  } catch (err) {
    close();
    throw err;
  }

  let settled = false;
  let settle: { resolve: () => void; reject: (err: Error) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const finish = (err?: Error) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    close();
    if (err) settle?.reject(err);
    else settle?.resolve();
  };
  const timer = setTimeout(
    () => finish(new Error("the sign-in timed out")),
    options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
  );

  /**
   * One callback, from the listener or pasted: checked, then the code exchanged. The answer carries how the
   * sign-in ends, applied once the page is sent (closing the listener would cut the page short).
   */
  let exchanging = false;
  const handle = async (url: URL): Promise<CallbackAnswer & { outcome?: Error | "ok" }> => {
    if (url.searchParams.get("state") !== state)
      return { status: 400, text: "This sign-in link is not the one expected." };
    const error = url.searchParams.get("error");
    if (error) {
      const text = `Sign-in refused: ${url.searchParams.get("error_description") ?? error}`;
      return { status: 400, text, outcome: new Error(`the authorization server refused: ${error}`) };
    }
    const code = url.searchParams.get("code");
    if (!code) return { status: 400, text: "The redirect carries no authorization code." };
    if (settled || exchanging) return { status: 409, text: "This sign-in is already finished." };
    exchanging = true;
    try {
      await auth(provider, {
        serverUrl: options.serverUrl,
        authorizationCode: code,
        ...(scope ? { scope } : {}),
      });
    } catch (err) {
      return { status: 500, text: `Sign-in failed: ${(err as Error).message}`, outcome: err as Error };
    }
    return {
      status: 200,
      text: `Signed in to ${options.serverName}. You can close this tab.`,
      outcome: "ok",
    };
  };
  const conclude = (outcome: Error | "ok" | undefined) => {
    if (outcome === "ok") finish();
    else if (outcome) finish(outcome);
  };

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname !== expected.pathname) return page(res, { status: 404, text: "Not found" });
    void handle(url).then((answer) => {
      res.on("finish", () => conclude(answer.outcome));
      page(res, answer);
    });
  });

  const complete = async (callbackUrl: string): Promise<void> => {
    // The browser reached the listener first: the pasted URL has nothing left to do.
    if (settled) return done;
    let url: URL;
    try {
      url = new URL(callbackUrl.trim());
    } catch {
      throw new Error("Invalid OAuth callback URL");
    }
    if (url.origin !== expected.origin || url.pathname !== expected.pathname)
      throw new Error(`the callback URL does not match this sign-in's redirect URI ${redirectUrl}`);
    const answer = await handle(url);
    conclude(answer.outcome);
    if (answer.outcome) return done;
    throw new Error(answer.text);
  };

  return {
    authorizationUrl: authorizationUrl.toString(),
    redirectUrl,
    done,
    complete,
    cancel: () => finish(new Error("the sign-in was cancelled")),
  };
}
