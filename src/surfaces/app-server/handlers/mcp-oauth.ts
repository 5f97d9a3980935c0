// mcpServer/oauth/login: an OAuth sign-in to one of the configured HTTP MCP servers. The answer carries the
// URL to open; mcpServer/oauthLogin/completed says how it ended. The tokens are kept for the server's
// connections (threads started or reloaded afterwards use them). The server's `oauth` table and
// `oauth_resource` apply as they do to `codex-ts mcp login`.
import { randomUUID } from "node:crypto";
import { startMcpOAuthLogin } from "../../../mcp/oauth/login.js";
import { serverOAuthOptions } from "../../../mcp/oauth/server-options.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

export const mcpServerOauthLogin: Handler<"mcpServer/oauth/login"> = async (params, ctx) => {
  const { services, server, connection } = ctx;
  if (params.clientRegistration === "cimd") {
    throw badRequest("client ID metadata documents (cimd) are not supported: use auto or dcr");
  }
  const thread = params.threadId ? services.threads.get(params.threadId) : undefined;
  if (params.threadId && !thread) throw badRequest(`thread not found: ${params.threadId}`);
  const config = services.loadConfig(thread?.describe().cwd);
  const entry = config.toml.mcp_servers?.[params.name];
  if (!entry) throw badRequest(`no MCP server named ${params.name} in the config`);
  if (!entry.url) throw badRequest(`MCP server ${params.name} is not an HTTP server: OAuth needs a url`);
  const loginId = randomUUID();
  let login;
  try {
    login = await startMcpOAuthLogin({
      codexHome: server.codexHome,
      serverName: params.name,
      serverUrl: entry.url,
      ...(params.scopes ? { scopes: params.scopes } : {}),
      ...(params.timeoutSecs ? { timeoutMs: params.timeoutSecs * 1000 } : {}),
      ...(params.clientRegistration ? { clientRegistration: params.clientRegistration } : {}),
      ...serverOAuthOptions(entry, config.toml),
    });
  } catch (err) {
    throw badRequest(`cannot start the OAuth sign-in for ${params.name}: ${(err as Error).message}`);
  }
  const threadId = params.threadId ?? null;
  login.done.then(
    () =>
      connection.notify({
        method: "mcpServer/oauthLogin/completed",
        params: { name: params.name, success: true, error: null, loginId, threadId },
      }),
    (err: unknown) =>
      connection.notify({
        method: "mcpServer/oauthLogin/completed",
        params: { name: params.name, success: false, error: (err as Error).message, loginId, threadId },
      }),
  );
  connection.onClose(() => login.cancel());
  return { authorizationUrl: login.authorizationUrl, loginId };
};
