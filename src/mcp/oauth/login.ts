// An OAuth 2.1 sign-in to an HTTP MCP server: a one-shot listener on 127.0.0.1 takes the redirect, and the
// SDK's `auth()` does the rest (protected-resource and authorization-server discovery, dynamic client
// registration when the server offers it, PKCE, the code exchange). The tokens land in the store, where the
// server's connections find them. `mcp_oauth_callback_port` fixes the listener's port and
// `mcp_oauth_callback_url` the redirect URI sent (for a callback that reaches this machine through a proxy
// or tunnel): the listener then answers on that URL's path, on every interface unless its host is loopback.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpOAuthStore } from "./token-store.js";
import { StoredOAuthProvider } from "./provider.js";

export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60 * 1000;
const CALLBACK_PATH = "/callback";

export interface McpOAuthLogin {
  authorizationUrl: string;
  /** Resolves when the tokens are stored; rejects on refusal, timeout or cancel. */
  done: Promise<void>;
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
  /** `mcp_oauth_callback_url`: the redirect URI to send instead of http://127.0.0.1:PORT/callback. */
  callbackUrl?: string;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The configured redirect URI, checked; undefined when none is configured. */
function configuredCallback(callbackUrl: string | undefined): URL | undefined {
  if (callbackUrl === undefined) return undefined;
  try {
    return new URL(callbackUrl);
  } catch {
    throw new Error(`invalid MCP OAuth callback URL \`${callbackUrl}\``);
  }
}

function page(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", connection: "close" });
  res.end(text);
}

export async function startMcpOAuthLogin(options: McpOAuthLoginOptions): Promise<McpOAuthLogin> {
  const { auth } = await import("@modelcontextprotocol/sdk/client/auth.js");
  const configured = configuredCallback(options.callbackUrl);
  // A redirect to another host reaches this machine from outside (a tunnel, a devbox's ingress).
  const host = !configured || LOOPBACK_HOSTS.has(configured.hostname) ? "127.0.0.1" : "0.0.0.0";
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.callbackPort ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // Sent as written, as the real Codex does (a parsed URL would gain a trailing slash).
  const redirectUrl = options.callbackUrl ?? `http://127.0.0.1:${port}${CALLBACK_PATH}`;
  const callbackPath = configured?.pathname ?? CALLBACK_PATH;
  const state = randomBytes(16).toString("hex");
  let authorizationUrl: URL | undefined;
  const provider = new StoredOAuthProvider({
    store: new McpOAuthStore(options.codexHome),
    serverUrl: options.serverUrl,
    serverName: options.serverName,
    redirectUrl,
    state,
    ...(options.scopes ? { scopes: options.scopes } : {}),
    onAuthorizationUrl: (url) => (authorizationUrl = url),
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

  let settle: { resolve: () => void; reject: (err: Error) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const finish = (err?: Error) => {
    clearTimeout(timer);
    close();
    if (err) settle?.reject(err);
    else settle?.resolve();
  };
  const timer = setTimeout(
    () => finish(new Error("the sign-in timed out")),
    options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
  );
  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname !== callbackPath) return page(res, 404, "Not found");
    if (url.searchParams.get("state") !== state)
      return page(res, 400, "This sign-in link is not the one expected.");
    const error = url.searchParams.get("error");
    if (error) {
      page(res, 400, `Sign-in refused: ${url.searchParams.get("error_description") ?? error}`);
      return finish(new Error(`the authorization server refused: ${error}`));
    }
    const code = url.searchParams.get("code");
    if (!code) return page(res, 400, "The redirect carries no authorization code.");
    auth(provider, {
      serverUrl: options.serverUrl,
      authorizationCode: code,
      ...(scope ? { scope } : {}),
    }).then(
      () => {
        page(res, 200, `Signed in to ${options.serverName}. You can close this tab.`);
        finish();
      },
      (err: unknown) => {
        page(res, 500, `Sign-in failed: ${(err as Error).message}`);
        finish(err as Error);
      },
    );
  });
  return {
    authorizationUrl: authorizationUrl.toString(),
    done,
    cancel: () => finish(new Error("the sign-in was cancelled")),
  };
}
