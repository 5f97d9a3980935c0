// What keeps other sites and other users away from `codex-ts web`: a random token for the page and the
// WebSocket, a Host check (DNS rebinding), an Origin check for the WebSocket, and a strict CSP.
import { randomBytes, timingSafeEqual } from "node:crypto";

export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith("127.");
}

/** host:port forms a browser may send in `Host` for this server (IPv6 in brackets). */
export function allowedHosts(bindHost: string, port: number): Set<string> {
  const names = isLoopback(bindHost) ? [bindHost, "127.0.0.1", "localhost", "[::1]"] : [bindHost];
  return new Set(
    names.map((name) => `${name.includes(":") && !name.startsWith("[") ? `[${name}]` : name}:${port}`),
  );
}

/** The Origin a page served by this server has: http:// and one of the allowed hosts. */
export function originAllowed(origin: string | undefined, hosts: Set<string>): boolean {
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === "http:" && url.pathname === "/" && hosts.has(url.host);
}

/**
 * Scripts and styles only from this server (no inline code, no eval); connections only back to it.
 * `connect-src` names ws:// explicitly, as 'self' does not cover it in every browser.
 */
export function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ws://${host}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  // The page URL holds the token: never send it to a site a link in a message points at.
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};
