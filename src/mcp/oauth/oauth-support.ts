// Does an HTTP MCP server take an OAuth sign-in? Asked by `mcp add` (to sign in at once, as Codex does) and
// for a server's auth status: its protected-resource metadata, else its authorization-server metadata.
import type { OAuthServerInfo } from "@modelcontextprotocol/sdk/client/auth.js";
import { McpOAuthStore } from "./token-store.js";

export type OAuthSupport = "oauth" | "none" | "unreachable";

const PROBE_TIMEOUT_MS = 5_000;

export async function probeOAuthSupport(serverUrl: string): Promise<OAuthSupport> {
  return (await discoverOAuthSupport(serverUrl)).support;
}

/** The probe with what it discovered, for a sign-in that follows (it then discovers nothing again). */
export async function discoverOAuthSupport(
  serverUrl: string,
): Promise<{ support: OAuthSupport; discovery?: OAuthServerInfo }> {
  const { discoverOAuthServerInfo } = await import("@modelcontextprotocol/sdk/client/auth.js");
  // The SDK takes a failed request for "no metadata here": whether the server answered at all is noted aside.
  let answered = false;
  const fetchFn = async (url: string | URL, init?: RequestInit) => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    answered = true;
    return response;
  };
  try {
    const discovery = await discoverOAuthServerInfo(serverUrl, { fetchFn });
    if (discovery.authorizationServerMetadata) return { support: "oauth", discovery };
  } catch {
    // A malformed metadata document: no sign-in to offer.
  }
  return { support: answered ? "none" : "unreachable" };
}

/** Whether headers carry their own credentials (an `Authorization` header, in any case). */
export function hasAuthorizationHeader(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((h) => h.toLowerCase() === "authorization");
}

/** A server configured with a bearer token or an Authorization header: no OAuth sign-in is offered. */
export function hasBearerAuth(server: {
  bearer_token_env_var?: string;
  http_headers?: Record<string, string>;
}): boolean {
  return Boolean(server.bearer_token_env_var) || hasAuthorizationHeader(server.http_headers);
}

export type McpAuthStatus = "unknown" | "unsupported" | "notLoggedIn" | "bearerToken" | "oAuth";

/**
 * Codex's McpAuthStatus of a configured server: a bearer token or a stored OAuth login as configured, else
 * whether the server takes an OAuth sign-in (notLoggedIn), does not (unsupported), or could not be asked
 * (unknown). A disabled server is not asked.
 */
export async function mcpAuthStatus(
  server: {
    url?: string;
    enabled?: boolean;
    bearer_token_env_var?: string;
    http_headers?: Record<string, string>;
  },
  codexHome: string,
): Promise<McpAuthStatus> {
  const stored = storedAuthStatus(server, codexHome);
  if (stored) return stored;
  if (!server.url || server.enabled === false) return "unsupported";
  const support = await probeOAuthSupport(server.url);
  return support === "oauth" ? "notLoggedIn" : support === "none" ? "unsupported" : "unknown";
}

/** Codex's McpAuthStatus of a configured server, without asking the server. */
export function storedAuthStatus(
  server: { url?: string; bearer_token_env_var?: string; http_headers?: Record<string, string> },
  codexHome: string,
): "unsupported" | "bearerToken" | "oAuth" | undefined {
  if (!server.url) return "unsupported";
  if (hasBearerAuth(server)) return "bearerToken";
  if (new McpOAuthStore(codexHome).get(server.url).tokens) return "oAuth";
  return undefined;
}
