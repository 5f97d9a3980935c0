// mcpServer/oauth/login against an OAuth-protected MCP server made with the official SDK's server-side
// auth: discovery, dynamic client registration, PKCE through the loopback redirect, the tokens stored and then
// sent on the server's requests.
import { createHash } from "node:crypto";
import { statSync, readFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { startMcpOAuthServer, type McpOAuthServer } from "../support/mcp-oauth-server.js";

const app = useAppServer();

/** A port nobody listens on now (taken from the system, then let go). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const servers: McpOAuthServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe("app-server mcpServer/oauth/login", () => {
  it("signs in to an HTTP MCP server and its requests then carry the token", async () => {
    const mcp = await startMcpOAuthServer();
    servers.push(mcp);
    const toml = `[mcp_servers.docs]\nurl = "${mcp.url}"\n\n[mcp_servers.local]\ncommand = "true"\n`;
    const { home, client: c } = await app.start({ toml });

    const from = c.received.length;
    const login = await c.call("mcpServer/oauth/login", { name: "docs", scopes: ["tools"] });
    const url = new URL(login.authorizationUrl as string);
    expect(url.origin).toBe(new URL(mcp.url).origin);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("tools");
    const redirect = new URL(url.searchParams.get("redirect_uri") ?? "");
    expect(redirect.hostname).toBe("127.0.0.1");
    expect(mcp.registered.map((client) => client.client_id)).toEqual([url.searchParams.get("client_id")]);

    // The user approves in the browser: the authorization server redirects to the loopback listener.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Signed in to docs");
    const done = await c.waitNotification("mcpServer/oauthLogin/completed", () => true, { from });
    expect(done).toMatchObject({ name: "docs", success: true, loginId: login.loginId });

    const storePath = join(home.codexHome, "mcp-oauth.json");
    expect(statSync(storePath).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(storePath, "utf8")) as Record<string, Json>;
    expect((stored[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued[0]);

    // A thread's connection to the server now sends the stored token.
    const threadId = await startThread(c, { cwd: home.cwd });
    await c.waitNotification(
      "mcpServer/startupStatus/updated",
      (p) => p.name === "docs" && p.status === "ready",
      {
        timeoutMs: 20_000,
      },
    );
    const called = await c.call("mcpServer/tool/call", { threadId, server: "docs", tool: "whoami" });
    expect(called.content).toEqual([{ type: "text", text: `client ${url.searchParams.get("client_id")}` }]);
    expect(mcp.accepted.length).toBeGreaterThan(0);
    expect(new Set(mcp.accepted)).toEqual(new Set([mcp.issued[0]]));

    // The listener is gone after the sign-in; bad requests get clear errors.
    await expect(fetch(redirect)).rejects.toThrow();
    const unknown = await c.waitResponse(c.request("mcpServer/oauth/login", { name: "nope" }));
    expect(unknown.error).toMatchObject({
      code: -32600,
      message: expect.stringContaining("no MCP server named nope"),
    });
    const stdio = await c.waitResponse(c.request("mcpServer/oauth/login", { name: "local" }));
    expect(stdio.error).toMatchObject({
      code: -32600,
      message: expect.stringContaining("not an HTTP server"),
    });
  });

  it("a refused or abandoned sign-in ends with a failure notification", async () => {
    const mcp = await startMcpOAuthServer();
    servers.push(mcp);
    const { client: c } = await app.start({ toml: `[mcp_servers.docs]\nurl = "${mcp.url}"\n` });
    const from = c.received.length;
    const login = await c.call("mcpServer/oauth/login", { name: "docs" });
    const redirect = new URL(
      new URL(login.authorizationUrl as string).searchParams.get("redirect_uri") ?? "",
    );
    const state = new URL(login.authorizationUrl as string).searchParams.get("state") ?? "";
    redirect.searchParams.set("state", "forged");
    redirect.searchParams.set("code", "x");
    expect((await fetch(redirect)).status).toBe(400);
    redirect.searchParams.set("state", state);
    redirect.searchParams.delete("code");
    redirect.searchParams.set("error", "access_denied");
    expect((await fetch(redirect)).status).toBe(400);
    const done = await c.waitNotification("mcpServer/oauthLogin/completed", () => true, { from });
    expect(done).toMatchObject({
      name: "docs",
      success: false,
      error: expect.stringContaining("access_denied"),
    });

    const from2 = c.received.length;
    await c.call("mcpServer/oauth/login", { name: "docs", timeoutSecs: 1 });
    const timedOut = await c.waitNotification("mcpServer/oauthLogin/completed", () => true, { from: from2 });
    expect(timedOut).toMatchObject({ success: false, error: expect.stringContaining("timed out") });
  });

  it("mcp_oauth_callback_port and mcp_oauth_callback_url set the listener's port and the redirect sent", async () => {
    const mcp = await startMcpOAuthServer();
    servers.push(mcp);
    const port = await freePort();
    const callbackUrl = `http://localhost:${port}/oauth/done`;
    const toml =
      `mcp_oauth_callback_port = ${port}\nmcp_oauth_callback_url = "${callbackUrl}"\n\n` +
      `[mcp_servers.docs]\nurl = "${mcp.url}"\n`;
    const { client: c } = await app.start({ toml });
    const from = c.received.length;
    const login = await c.call("mcpServer/oauth/login", { name: "docs" });
    const url = new URL(login.authorizationUrl as string);
    // As Codex sends it: the configured URL with the server's own segment (9 bytes of SHA-256 of its URL).
    const suffix = createHash("sha256").update(mcp.url).digest().subarray(0, 9).toString("base64url");
    expect(url.searchParams.get("redirect_uri")).toBe(`${callbackUrl}/${suffix}`);
    expect(mcp.registered[0]?.redirect_uris).toEqual([`${callbackUrl}/${suffix}`]);
    // Other paths are not served: the listener answers on the redirect's path only.
    expect((await fetch(`http://127.0.0.1:${port}/callback/${suffix}`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/oauth/done`)).status).toBe(404);
    const page = await fetch(url);
    expect(await page.text()).toContain("Signed in to docs");
    const done = await c.waitNotification("mcpServer/oauthLogin/completed", () => true, { from });
    expect(done).toMatchObject({ name: "docs", success: true });

    const bad = await app.start({
      toml: `mcp_oauth_callback_url = "not a url"\n[mcp_servers.docs]\nurl = "${mcp.url}"\n`,
    });
    const refused = await bad.client.waitResponse(
      bad.client.request("mcpServer/oauth/login", { name: "docs" }),
    );
    expect(refused.error).toMatchObject({
      code: -32600,
      message: expect.stringContaining("invalid MCP OAuth callback URL `not a url`"),
    });
  });

  it("signs in with the client and resource the server's config names", async () => {
    const mcp = await startMcpOAuthServer();
    servers.push(mcp);
    // A client registered with the provider beforehand, for the redirect Codex's layout gives this server.
    const port = await freePort();
    const suffix = createHash("sha256").update(mcp.url).digest().subarray(0, 9).toString("base64url");
    const redirect = `http://127.0.0.1:${port}/callback/${suffix}`;
    const answer = await fetch(new URL("/register", mcp.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: [redirect], token_endpoint_auth_method: "client_secret_post" }),
    });
    const client = (await answer.json()) as { client_id: string; client_secret: string };
    const toml =
      `mcp_oauth_callback_port = ${port}\n\n[mcp_servers.docs]\nurl = "${mcp.url}"\n` +
      `oauth_resource = "https://api.example/v1"\n` +
      `oauth = { client_id = "${client.client_id}", client_secret = "${client.client_secret}" }\n`;
    const { client: c } = await app.start({ toml });
    const from = c.received.length;
    const login = await c.call("mcpServer/oauth/login", { name: "docs" });
    const url = new URL(login.authorizationUrl as string);
    expect(url.searchParams.get("client_id")).toBe(client.client_id);
    expect(url.searchParams.get("redirect_uri")).toBe(redirect);
    expect(url.searchParams.get("resource")).toBe("https://api.example/v1");
    expect((await fetch(url)).status).toBe(200);
    const done = await c.waitNotification("mcpServer/oauthLogin/completed", () => true, { from });
    expect(done).toMatchObject({ name: "docs", success: true });
    expect(mcp.registered).toHaveLength(1);
    expect(mcp.exchanges).toEqual([{ clientId: client.client_id, resource: "https://api.example/v1" }]);
  });
});
