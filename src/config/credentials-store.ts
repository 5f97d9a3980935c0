// `cli_auth_credentials_store`: where logins are kept. codex-ts keeps them in $CODEX_HOME/auth.json (mode
// 600) and links no OS keyring library, so "auto" takes the file, as the real Codex does on a machine with no
// keyring. "keyring" and "ephemeral" (memory only) would each need a store codex-ts does not have: rather
// than write the file the user asked it not to write, loading the config stops with the reason.
// `mcp_oauth_credentials_store` is the same choice for MCP servers' OAuth tokens (mcp/oauth/token-store.ts).
import { CONFIG_DEFAULTS } from "./config-defaults.js";
import type { ConfigToml } from "./schema.js";

/** Why the configured store cannot be honoured, or undefined when the file store serves it. */
export function credentialsStoreProblem(toml: ConfigToml): string | undefined {
  const mode = toml.cli_auth_credentials_store ?? CONFIG_DEFAULTS.cli_auth_credentials_store;
  if (mode === "keyring")
    return 'cli_auth_credentials_store = "keyring": codex-ts has no OS keyring support; use "file" (auth.json, readable only by you) or "auto" (the file here)';
  if (mode === "ephemeral")
    return 'cli_auth_credentials_store = "ephemeral": codex-ts cannot keep logins in memory only; use "file" or "auto"';
  const mcpMode = toml.mcp_oauth_credentials_store ?? CONFIG_DEFAULTS.mcp_oauth_credentials_store;
  if (mcpMode === "keyring")
    return 'mcp_oauth_credentials_store = "keyring": codex-ts has no OS keyring support; use "file" (mcp-oauth.json, readable only by you) or "auto" (the file here)';
  return undefined;
}
