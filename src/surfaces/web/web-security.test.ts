import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hostPolicy, newToken, originAllowed, tokenMatches } from "./web-security.js";

describe("web security", () => {
  it("tokens are random and compared whole", () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(newToken()).not.toBe(token);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, token.slice(0, -1))).toBe(false);
    expect(tokenMatches(token, `${token}x`)).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
  });

  it("a loopback server answers its own names at its port, and nothing else", () => {
    const allowed = hostPolicy("127.0.0.1", 4000);
    for (const host of ["127.0.0.1:4000", "localhost:4000", "[::1]:4000"]) expect(allowed(host)).toBe(true);
    for (const host of ["evil.example:4000", "127.0.0.1:4001", "localhost", undefined])
      expect(allowed(host)).toBe(false);
    expect(hostPolicy("::1", 80)("[::1]:80")).toBe(true);
    expect(hostPolicy("192.168.1.5", 80)("localhost:80")).toBe(false);
    // Bound to every address, the names are unknown: any Host, the token guards.
    expect(hostPolicy("0.0.0.0", 80)("box.lan:80")).toBe(true);
  });

  it("a WebSocket's Origin must be the page's own", () => {
    expect(originAllowed("http://127.0.0.1:4000", "127.0.0.1:4000")).toBe(true);
    expect(originAllowed("http://127.0.0.1:4001", "127.0.0.1:4000")).toBe(false);
    expect(originAllowed("https://127.0.0.1:4000", "127.0.0.1:4000")).toBe(false);
    expect(originAllowed("http://evil.example", "127.0.0.1:4000")).toBe(false);
    expect(originAllowed("null", "127.0.0.1:4000")).toBe(false);
    expect(originAllowed(undefined, "127.0.0.1:4000")).toBe(false);
  });

  it("the CSP allows only the server's own scripts and connections", () => {
    const csp = contentSecurityPolicy("127.0.0.1:4000");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:4000");
    expect(csp).not.toContain("unsafe");
  });
});
