import { describe, expect, it } from "vitest";
import { resolveMcpServers } from "./server-config.js";

describe("resolveMcpServers", () => {
  it("resolves stdio and HTTP servers with defaults, skipping disabled ones", () => {
    const entries = resolveMcpServers(
      {
        mcp_servers: {
          web: { url: "https://x/mcp", bearer_token_env_var: "TOKEN", http_headers: { "x-a": "1" } },
          local: { command: "srv", args: ["--x"], cwd: "sub", tool_timeout_sec: 1.5, disabled_tools: ["rm"] },
          off: { command: "nope", enabled: false },
        },
      },
      "/work",
      { TOKEN: "t0k" },
    );
    expect(entries).toEqual([
      {
        name: "local",
        config: {
          name: "local",
          transport: { kind: "stdio", command: "srv", args: ["--x"], env: {}, cwd: "/work/sub" },
          startupTimeoutMs: 10_000,
          toolTimeoutMs: 1_500,
          disabledTools: ["rm"],
          trusted: false,
        },
      },
      {
        name: "web",
        config: {
          name: "web",
          transport: {
            kind: "streamable_http",
            url: "https://x/mcp",
            headers: { "x-a": "1", Authorization: "Bearer t0k" },
          },
          startupTimeoutMs: 10_000,
          toolTimeoutMs: 60_000,
          disabledTools: [],
          trusted: false,
        },
      },
    ]);
  });

  it("turns a broken entry into a reason instead of failing the session", () => {
    const entries = resolveMcpServers(
      {
        mcp_servers: {
          both: { command: "a", url: "https://x" },
          neither: {},
          "bad.name": { command: "a" },
          nokey: { url: "https://x", bearer_token_env_var: "MISSING" },
          badurl: { url: "not a url" },
        },
      },
      "/",
      {},
    );
    expect(entries).toEqual([
      { name: "bad.name", error: "invalid server name 'bad.name': use letters, digits, '_' and '-' only" },
      { name: "badurl", error: "url 'not a url' is not a valid URL" },
      {
        name: "both",
        error: "set either command (a stdio server) or url (a streamable HTTP server), not both",
      },
      { name: "neither", error: "set command (a stdio server) or url (a streamable HTTP server)" },
      { name: "nokey", error: "environment variable MISSING (bearer_token_env_var) is not set" },
    ]);
  });

  it("gives an HTTP server's transport its OAuth client and resource, checked as a sign-in checks them", () => {
    const entries = resolveMcpServers(
      {
        mcp_servers: {
          good: {
            url: "https://x/mcp",
            oauth: { client_id: "c", client_secret: "s" },
            oauth_resource: "https://api.x/",
          },
          orphan: { url: "https://x/mcp", oauth: { client_secret: "s" } },
        },
      },
      "/",
      {},
      "/home/codex",
    );
    expect(entries).toEqual([
      {
        name: "good",
        config: expect.objectContaining({
          transport: {
            kind: "streamable_http",
            url: "https://x/mcp",
            headers: {},
            oauth: {
              codexHome: "/home/codex",
              serverName: "good",
              client: { clientId: "c", clientSecret: "s" },
              resource: "https://api.x/",
            },
          },
        }),
      },
      { name: "orphan", error: "MCP OAuth client_secret requires a nonempty client_id" },
    ]);
  });
});
