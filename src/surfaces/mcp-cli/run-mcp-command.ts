// `codex-ts mcp list|get|add|remove`: the `[mcp_servers]` table of $CODEX_HOME/config.toml, read and edited
// in place (comments, order and every other setting kept).
import { join } from "node:path";
import { ConfigError, loadConfig, readTomlFile, type Config } from "../../config/load.js";
import { ConfigOverrideError, overridesToObject } from "../../config/overrides.js";
import { ConfigWriteError, writeUserConfig } from "../../config/config-write.js";
import { resolveCodexHome } from "../../config/home.js";
import type { McpServerToml } from "../../config/schema.js";
import { serverCallbackUrl } from "../../mcp/oauth/callback-url.js";
import type { ClientRegistration } from "../../mcp/oauth/login.js";
import { mcpAuthStatus, type McpAuthStatus } from "../../mcp/oauth/oauth-support.js";
import { SERVER_NAME_PATTERN } from "../../mcp/server-config.js";
import { configOverrides, type ConfigOverrideFlags } from "../shared/cli-config.js";
import { describeServer, serverRows, renderTable } from "./server-listing.js";

export interface McpAddFlags extends ConfigOverrideFlags {
  env?: string[];
  url?: string;
  bearerTokenEnvVar?: string;
  startupTimeoutSec?: string;
  toolTimeoutSec?: string;
  oauthClientId?: string;
  oauthClientSecret?: string;
  /** For the sign-in that follows only: not written (run-mcp-oauth.ts). */
  oauthClientRegistration?: ClientRegistration;
  oauthResource?: string;
}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

/** The user's config (no project layers) with the command's `-c` / `--enable` / `--disable` on top. */
export function loadMcpConfig(flags: ConfigOverrideFlags): Config {
  return loadConfig({ projectConfig: false, overrides: configOverrides(flags) });
}

function configuredServers(flags: ConfigOverrideFlags): Record<string, McpServerToml> {
  return loadMcpConfig(flags).toml.mcp_servers ?? {};
}

function guarded(run: () => number): number {
  try {
    return run();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ConfigWriteError || err instanceof ConfigOverrideError)
      return fail(err.message);
    throw err;
  }
}

const AUTH_LABELS: Record<McpAuthStatus, [json: string, table: string]> = {
  unknown: ["unknown", "Unknown"],
  unsupported: ["unsupported", "Unsupported"],
  notLoggedIn: ["not_logged_in", "Not logged in"],
  bearerToken: ["bearer_token", "Bearer token"],
  oAuth: ["o_auth", "OAuth"],
};

/** Each server's auth status, as Codex lists it (an HTTP server is asked whether it takes OAuth). */
async function authStatuses(servers: Record<string, McpServerToml>): Promise<Map<string, McpAuthStatus>> {
  const codexHome = resolveCodexHome();
  const entries = await Promise.all(
    Object.entries(servers).map(
      async ([name, server]) => [name, await mcpAuthStatus(server, codexHome)] as const,
    ),
  );
  return new Map(entries);
}

export async function runMcpList(flags: { json?: boolean } & ConfigOverrideFlags): Promise<number> {
  try {
    const servers = configuredServers(flags);
    const auth = await authStatuses(servers);
    const label = (name: string, which: 0 | 1) => AUTH_LABELS[auth.get(name) ?? "unknown"][which];
    if (flags.json) {
      const list = Object.entries(servers)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, server]) => ({ ...describeServer(name, server), auth_status: label(name, 0) }));
      process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      return 0;
    }
    const rows = serverRows(servers).map((row) => [...row, label(row[0] ?? "", 1)]);
    if (rows.length === 0) {
      process.stdout.write("No MCP servers configured yet. Try `codex-ts mcp add my-tool -- my-command`.\n");
      return 0;
    }
    process.stdout.write(renderTable(["Name", "Command / URL", "Args", "Env", "Status", "Auth"], rows));
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
}

export function runMcpGet(name: string, flags: { json?: boolean } & ConfigOverrideFlags): number {
  return guarded(() => {
    const server = configuredServers(flags)[name];
    if (!server) return fail(`no MCP server named '${name}'`);
    const described = describeServer(name, server);
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(described, null, 2)}\n`);
      return 0;
    }
    const lines = Object.entries(described)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `  ${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
    process.stdout.write(`${name}\n${lines.join("\n")}\n`);
    return 0;
  });
}

function parseEnv(pairs: readonly string[]): Record<string, string> | string {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) return `--env expects KEY=VALUE, got '${pair}'`;
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

function parseSeconds(flag: string, value: string | undefined): number | undefined | string {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : `${flag} expects a positive number of seconds, got '${value}'`;
}

/** The OAuth keys `mcp add` writes for an HTTP server, or why the flags cannot be taken. */
function oauthKeys(url: string, flags: McpAddFlags): Partial<McpServerToml> | string {
  const { oauthClientId: clientId, oauthClientSecret: clientSecret, oauthResource: resource } = flags;
  if (clientSecret !== undefined && !clientId) return "--oauth-client-secret needs --oauth-client-id";
  if (clientId === "" || clientSecret === "")
    return "--oauth-client-id and --oauth-client-secret must not be empty";
  if (resource !== undefined && !URL.canParse(resource))
    return `--oauth-resource expects an absolute URL, got '${resource}'`;
  if (flags.oauthClientRegistration === "cimd" && !clientId)
    return "client ID metadata documents (cimd) are not supported: use auto or dcr";
  const keys: Partial<McpServerToml> = resource !== undefined ? { oauth_resource: resource } : {};
  if (clientId) {
    const callbackBase = loadMcpConfig(flags).toml.mcp_oauth_callback_url;
    keys.oauth = {
      client_id: clientId,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
      // The redirect URI to register with the authorization server (the port is the listener's).
      callback_url: serverCallbackUrl(url, callbackBase),
    };
  }
  return keys;
}

export function runMcpAdd(name: string, command: string[], flags: McpAddFlags): number {
  return guarded(() => {
    if (!SERVER_NAME_PATTERN.test(name))
      return fail(`invalid server name '${name}': use letters, digits, '_' and '-'`);
    const [program, ...args] = command;
    if (program !== undefined && flags.url)
      return fail("give either a command (after --) or --url, not both");
    if (program === undefined && !flags.url)
      return fail("give the server's command after --, or --url for an HTTP server");
    const oauthFlag = [
      flags.oauthClientId,
      flags.oauthClientSecret,
      flags.oauthClientRegistration,
      flags.oauthResource,
    ].some((v) => v !== undefined);
    if (program !== undefined && oauthFlag) return fail("the --oauth-* options need --url (an HTTP server)");
    const oauth = flags.url ? oauthKeys(flags.url, flags) : {};
    if (typeof oauth === "string") return fail(oauth);
    const env = parseEnv(flags.env ?? []);
    if (typeof env === "string") return fail(env);
    const startup = parseSeconds("--startup-timeout-sec", flags.startupTimeoutSec);
    const tool = parseSeconds("--tool-timeout-sec", flags.toolTimeoutSec);
    if (typeof startup === "string") return fail(startup);
    if (typeof tool === "string") return fail(tool);
    const server: McpServerToml = program
      ? {
          command: program,
          ...(args.length > 0 ? { args } : {}),
          ...(Object.keys(env).length > 0 ? { env } : {}),
        }
      : {
          url: flags.url,
          ...(flags.bearerTokenEnvVar ? { bearer_token_env_var: flags.bearerTokenEnvVar } : {}),
          ...oauth,
        };
    if (startup !== undefined) server.startup_timeout_sec = startup;
    if (tool !== undefined) server.tool_timeout_sec = tool;
    const codexHome = resolveCodexHome();
    const result = writeUserConfig(
      codexHome,
      [{ keyPath: `mcp_servers.${name}`, value: server, mergeStrategy: "replace" }],
      { secret: server.oauth?.client_secret !== undefined },
    );
    if (result.narrowedFrom !== undefined)
      process.stderr.write(
        `${result.filePath} now holds an OAuth client secret: its mode was changed from ` +
          `${result.narrowedFrom.toString(8).padStart(4, "0")} to 0600 so that only you can read it.\n`,
      );
    process.stdout.write(`Added MCP server '${name}' to ${result.filePath}.\n`);
    if (server.oauth?.callback_url)
      process.stdout.write(`OAuth callback URL: ${server.oauth.callback_url}\n`);
    return 0;
  });
}

export function runMcpRemove(name: string, flags: ConfigOverrideFlags): number {
  return guarded(() => {
    // The file alone is edited, as Codex does: overrides change nothing in it, but a malformed one is refused.
    overridesToObject(configOverrides(flags));
    const codexHome = resolveCodexHome();
    const user = readTomlFile(join(codexHome, "config.toml"));
    const servers = user?.mcp_servers;
    if (typeof servers !== "object" || servers === null || !(name in servers)) {
      process.stdout.write(`No MCP server named '${name}' in ${codexHome}/config.toml.\n`);
      return 0;
    }
    const result = writeUserConfig(codexHome, [
      { keyPath: `mcp_servers.${name}`, value: null, mergeStrategy: "replace" },
    ]);
    process.stdout.write(`Removed MCP server '${name}' from ${result.filePath}.\n`);
    return 0;
  });
}
