// Does an HTTP MCP server take an OAuth sign-in? Asked by `mcp add` (to sign in at once, as Codex does) and
// for a server's auth status: its protected-resource metadata, else its authorization-server metadata.
import { McpOAuthStore } from "./token-store.js";

export type OAuthSupport = "oauth" | "none" | "unreachable";

const PROBE_TIMEOUT_MS = 5_000;

export async function probeOAuthSupport(serverUrl: string): Promise<OAuthSupport> {
  const { discoverOAuthServerInfo } = await import("@modelcontextprotocol/sdk/client/auth.js");
  const fetchFn = (url: string | URL, init?: RequestInit) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  try {
    const info = await discoverOAuthServerInfo(serverUrl, { fetchFn });
    return info.authorizationServerMetadata ? "oauth" : "none";
  } catch (err) {
    // A network failure (nothing listening, a timeout) says nothing; a bad answer means no OAuth.
    return err instanceof TypeError || (err as Error).name === "TimeoutError" ? "unreachable" : "none";
  }
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
