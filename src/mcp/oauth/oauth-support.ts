// Does an HTTP MCP server take an OAuth sign-in? Asked by `mcp add` (to sign in at once, as Codex does) and
// for a server's auth status: its protected-resource metadata, else its authorization-server metadata.
import { McpOAuthStore } from "./token-store.js";

export type OAuthSupport = "oauth" | "none" | "unreachable";

const PROBE_TIMEOUT_MS = 5_000;

export async function probeOAuthSupport(serverUrl: string): Promise<OAuthSupport> {
  const { discoverOAuthServerInfo } = await import("@modelcontextprotocol/sdk/client/auth.js");
  // The SDK takes a failed request for "no metadata here": whether the server answered at all is noted aside.
  let answered = false;
  const fetchFn = async (url: string | URL, init?: RequestInit) => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    answered = true;
    return response;
  };
  try {
    const info = await discoverOAuthServerInfo(serverUrl, { fetchFn });
    if (info.authorizationServerMetadata) return "oauth";
  } catch {
    // A malformed metadata document: no sign-in to offer.
  }
  return answered ? "none" : "unreachable";
}

/** Codex's McpAuthStatus of a configured server, without asking the server. */
export function storedAuthStatus(
  server: { url?: string; bearer_token_env_var?: string; http_headers?: Record<string, string> },
  codexHome: string,
): "unsupported" | "bearerToken" | "oAuth" | undefined {
  if (!server.url) return "unsupported";
  if (server.bearer_token_env_var) return "bearerToken";
  if (Object.keys(server.http_headers ?? {}).some((h) => h.toLowerCase() === "authorization"))
    return "bearerToken";
  if (new McpOAuthStore(codexHome).get(server.url).tokens) return "oAuth";
  return undefined;
}
