import { describe, expect, it } from "vitest";
import { callbackSuffix, listenerPortFor, redirectFor, serverCallbackUrl } from "./callback-url.js";

describe("MCP OAuth callback URLs", () => {
  // Values the real Codex 0.169 printed for these server URLs (`mcp add --oauth-client-id`).
  it("names each server's path as Codex does", () => {
    expect(callbackSuffix("http://127.0.0.1:9/mcp")).toBe("9biCUt7SMRWF");
    expect(callbackSuffix("http://example.com:8080/mcp")).toBe("Yg7CQXB5n9zp");
    expect(serverCallbackUrl("http://127.0.0.1:9/other")).toBe("http://127.0.0.1/callback/ijAb_tAan0it");
    expect(serverCallbackUrl("http://example.com:8080/mcp", "http://localhost:7777/cb")).toBe(
      "http://localhost:7777/cb/Yg7CQXB5n9zp",
    );
  });

  it("adds the segment once, and gives a portless loopback URI the listener's port", () => {
    const stored = serverCallbackUrl("http://127.0.0.1:9/mcp");
    expect(serverCallbackUrl("http://127.0.0.1:9/mcp", stored)).toBe(stored);
    expect(redirectFor(stored, 4321)).toBe("http://127.0.0.1:4321/callback/9biCUt7SMRWF");
    expect(redirectFor("https://tunnel.example/cb/x", 4321)).toBe("https://tunnel.example/cb/x");
    expect(listenerPortFor("http://localhost:5555/cb", undefined)).toBe(5555);
    expect(listenerPortFor("https://tunnel.example/cb", undefined)).toBe(0);
    expect(listenerPortFor("http://127.0.0.1/cb", 7000)).toBe(7000);
    expect(() => serverCallbackUrl("http://x/mcp", "not a url")).toThrow("invalid MCP OAuth callback URL");
  });
});
