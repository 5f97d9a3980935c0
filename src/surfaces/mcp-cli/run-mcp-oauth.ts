// `codex-ts mcp login|logout` and the sign-in `mcp add` starts for an HTTP server that takes OAuth, as Codex
// has them: the sign-in opens the browser (or, with --no-browser, prints the URL and reads the URL the
// browser ended on from stdin) and keeps the tokens in $CODEX_HOME/mcp-oauth.json, where the server's
// connections and the app-server find them. The flow itself is mcp/oauth/login.ts.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { ConfigError, type Config } from "../../config/load.js";
import type { McpServerToml } from "../../config/schema.js";
import { startMcpOAuthLogin, type ClientRegistration, type McpOAuthLogin } from "../../mcp/oauth/login.js";
import type { OAuthServerInfo } from "@modelcontextprotocol/sdk/client/auth.js";
import { discoverOAuthSupport, hasBearerAuth } from "../../mcp/oauth/oauth-support.js";
import { serverOAuthOptions } from "../../mcp/oauth/server-options.js";
import { McpOAuthStore } from "../../mcp/oauth/token-store.js";
import type { ConfigOverrideFlags } from "../shared/cli-config.js";
import { openBrowser } from "../web/open-browser.js";
import { loadMcpConfig } from "./run-mcp-command.js";

export interface McpLoginFlags extends ConfigOverrideFlags {
  scopes?: string;
  /** False with --no-browser. */
  browser?: boolean;
  oauthClientRegistration?: ClientRegistration;
}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

function parseScopes(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const scopes = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return scopes.length > 0 ? scopes : undefined;
}

async function guarded(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
}

interface SignIn {
  name: string;
  server: McpServerToml & { url: string };
  config: Config;
  scopes?: string[];
  browser: boolean;
  registration?: ClientRegistration;
  /** What `mcp add`'s probe discovered: the sign-in reuses it. */
  discovery?: OAuthServerInfo;
}

/**
 * Reads pasted callback URLs until one finishes the sign-in: a paste that does not (a typo, another
 * sign-in's URL) is reported and the URL asked for again. Ends at EOF, on a refusal, or once the sign-in is
 * done or has timed out.
 */
function readPastedCallback(login: McpOAuthLogin): Promise<void> {
  // On a terminal the URL (it carries the authorization code) is not echoed, as Codex hides it.
  const hidden = process.stdin.isTTY;
  const prompt = () => process.stderr.write(hidden ? "Callback URL (input hidden): " : "Callback URL: ");
  prompt();
  const lines = createInterface({
    input: process.stdin,
    ...(hidden
      ? { output: new Writable({ write: (_chunk, _encoding, next) => next() }), terminal: true }
      : {}),
  });
  return new Promise<void>((resolve, reject) => {
    let finished = false;
    const end = (err?: Error) => {
      if (finished) return;
      finished = true;
      lines.close();
      process.stdin.pause();
      if (err) reject(err);
      else resolve();
    };
    // One paste at a time, in the order given, so each answer follows its own paste.
    let queue = Promise.resolve();
    const attempt = async (line: string) => {
      if (finished) return;
      try {
        await login.complete(line);
        end();
      } catch (err) {
        // The sign-in itself failed (refused, exchange failed): `login.done` has ended the read already.
        if (finished) return;
        process.stderr.write(`Error: ${(err as Error).message}\n`);
        prompt();
      }
    };
    lines.on("line", (line) => {
      if (hidden) process.stderr.write("\n");
      if (line.trim() === "") return;
      queue = queue.then(() => attempt(line));
    });
    lines.on("close", () => {
      void queue.then(() => end(new Error("no callback URL was given (stdin closed)")));
    });
    // A terminal in raw mode turns Ctrl+C into this event rather than a signal.
    lines.on("SIGINT", () => end(new Error("the sign-in was cancelled")));
    login.done.then(() => end(), end);
  });
}

async function signIn(run: SignIn): Promise<void> {
  const login = await startMcpOAuthLogin({
    codexHome: run.config.codexHome,
    serverName: run.name,
    serverUrl: run.server.url,
    ...(run.scopes ? { scopes: run.scopes } : {}),
    ...(run.registration ? { clientRegistration: run.registration } : {}),
    ...(run.discovery ? { discovery: run.discovery } : {}),
    ...serverOAuthOptions(run.server, run.config.toml),
  });
  if (run.browser) {
    process.stdout.write(
      `Authorize \`${run.name}\` by opening this URL in your browser:\n${login.authorizationUrl}\n\n`,
    );
    openBrowser(login.authorizationUrl);
    return login.done;
  }
  process.stdout.write(
    "Authorize the MCP server by opening this URL in your browser:\n" +
      `${login.authorizationUrl}\n\n` +
      "After signing in, copy the full URL from your browser's address bar.\n" +
      "If the callback page cannot load, paste that URL here anyway.\n",
  );
  try {
    await readPastedCallback(login);
  } catch (err) {
    login.cancel();
    throw err;
  }
}

export function runMcpLogin(name: string, flags: McpLoginFlags): Promise<number> {
  return guarded(async () => {
    const config = loadMcpConfig(flags);
    const server = config.toml.mcp_servers?.[name];
    if (!server) return fail(`No MCP server named '${name}' found.`);
    if (!server.url) return fail("OAuth login is only supported for streamable HTTP servers.");
    const scopes = parseScopes(flags.scopes);
    try {
      await signIn({
        name,
        server: { ...server, url: server.url },
        config,
        browser: flags.browser !== false,
        ...(scopes ? { scopes } : {}),
        ...(flags.oauthClientRegistration ? { registration: flags.oauthClientRegistration } : {}),
      });
    } catch (err) {
      return fail((err as Error).message);
    }
    process.stdout.write(`Successfully logged in to MCP server '${name}'.\n`);
    return 0;
  });
}

export function runMcpLogout(name: string, flags: ConfigOverrideFlags): Promise<number> {
  return guarded(() => {
    const config = loadMcpConfig(flags);
    const server = config.toml.mcp_servers?.[name];
    if (!server) return Promise.resolve(fail(`No MCP server named '${name}' found in configuration.`));
    if (!server.url)
      return Promise.resolve(fail("OAuth logout is only supported for streamable_http transports."));
    const removed = new McpOAuthStore(config.codexHome).remove(server.url);
    process.stdout.write(
      removed ? `Removed OAuth credentials for '${name}'.\n` : `No OAuth credentials stored for '${name}'.\n`,
    );
    return Promise.resolve(0);
  });
}

/**
 * After `mcp add NAME --url URL`: a server that takes OAuth is signed in to at once (in the browser), as
 * Codex does, unless it has a bearer token or Authorization header; one that cannot be reached gets a hint. Returns the exit code.
 */
export async function signInAfterAdd(
  name: string,
  flags: ConfigOverrideFlags,
  registration?: ClientRegistration,
): Promise<number> {
  return guarded(async () => {
    const config = loadMcpConfig(flags);
    const server = config.toml.mcp_servers?.[name];
    // A bearer token or Authorization header is the server's credential: no sign-in to offer, as in Codex.
    if (!server?.url || hasBearerAuth(server)) return 0;
    const { support, discovery } = await discoverOAuthSupport(server.url);
    if (support === "unreachable") {
      process.stdout.write(
        `MCP server may or may not require login. Run \`codex-ts mcp login ${name}\` to login.\n`,
      );
      return 0;
    }
    if (support === "none") return 0;
    process.stdout.write("Detected OAuth support. Starting OAuth flow…\n");
    try {
      await signIn({
        name,
        server: { ...server, url: server.url },
        config,
        browser: true,
        ...(registration ? { registration } : {}),
        ...(discovery ? { discovery } : {}),
      });
    } catch (err) {
      return fail((err as Error).message);
    }
    process.stdout.write("Successfully logged in.\n");
    return 0;
  });
}
