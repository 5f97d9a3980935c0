// What a server's `[mcp_servers.NAME]` entry and the global settings say about its OAuth sign-in: the
// redirect URI's base and port, a client registered beforehand, the resource indicator. The app-server's
// mcpServer/oauth/login and `codex-ts mcp login` both take their options from here.
import type { ConfigToml, McpServerToml } from "../../config/schema.js";
import type { McpOAuthLoginOptions } from "./login.js";

export type ServerOAuthOptions = Pick<
  McpOAuthLoginOptions,
  "callbackPort" | "callbackUrl" | "client" | "resource"
>;

export function serverOAuthOptions(
  server: McpServerToml,
  toml: Pick<ConfigToml, "mcp_oauth_callback_port" | "mcp_oauth_callback_url">,
): ServerOAuthOptions {
  const { client_id: clientId, client_secret: clientSecret, callback_url } = server.oauth ?? {};
  if (clientSecret !== undefined && !clientId)
    throw new Error("MCP OAuth client_secret requires a nonempty client_id");
  if (clientSecret === "") throw new Error("MCP OAuth client_secret must not be empty");
  const callbackUrl = callback_url ?? toml.mcp_oauth_callback_url;
  return {
    ...(toml.mcp_oauth_callback_port !== undefined ? { callbackPort: toml.mcp_oauth_callback_port } : {}),
    ...(callbackUrl !== undefined ? { callbackUrl } : {}),
    ...(clientId ? { client: { clientId, ...(clientSecret ? { clientSecret } : {}) } } : {}),
    ...(server.oauth_resource ? { resource: server.oauth_resource } : {}),
  };
}
