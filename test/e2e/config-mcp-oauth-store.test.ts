// `mcp_oauth_credentials_store`: "file" and "auto" keep MCP OAuth tokens in $CODEX_HOME/mcp-oauth.json
// (mode 600); "keyring" is refused with the reason (codex-ts has no OS keyring) and nothing is written.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { startMcpOAuthServer, type McpOAuthServer } from "../support/mcp-oauth-server.js";
import { makeHome, runCli } from "../support/cli.js";

const app = useAppServer();
const servers: McpOAuthServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe("mcp_oauth_credentials_store", () => {
  it('"file" signs in to mcp-oauth.json', async () => {
    const mcp = await startMcpOAuthServer();
    servers.push(mcp);
    const toml = `mcp_oauth_credentials_store = "file"\n[mcp_servers.docs]\nurl = "${mcp.url}"\n`;
    const { home, client: c } = await app.start({ toml });
    const from = c.received.length;
    const login = await c.call("mcpServer/oauth/login", { name: "docs" });
    expect((await fetch(login.authorizationUrl as string)).status).toBe(200);
    const done = await c.waitNotification("mcpServer/oauthLogin/completed", () => true, { from });
    expect(done).toMatchObject({ name: "docs", success: true });
    const storePath = join(home.codexHome, "mcp-oauth.json");
    expect(statSync(storePath).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(storePath, "utf8")) as Record<string, Json>;
    expect((stored[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued[0]);
  });

  it('"keyring" is refused with the reason, and no token file is written', async () => {
    const mcp = await startMcpOAuthServer();
    servers.push(mcp);
    const toml = `mcp_oauth_credentials_store = "keyring"\n[mcp_servers.docs]\nurl = "${mcp.url}"\n`;
    const { home, client: c } = await app.start({ toml });
    const refused = await c.waitResponse(c.request("mcpServer/oauth/login", { name: "docs" }));
    expect(refused.error).toMatchObject({
      message: expect.stringContaining(
        'mcp_oauth_credentials_store = "keyring": codex-ts has no OS keyring support',
      ),
    });
    expect(existsSync(join(home.codexHome, "mcp-oauth.json"))).toBe(false);
    expect(mcp.registered).toHaveLength(0);
  });

  it("an unknown store is a clear error", async () => {
    const home = makeHome("http://127.0.0.1:9", 'mcp_oauth_credentials_store = "vault"');
    const run = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("mcp_oauth_credentials_store");
  });
});
