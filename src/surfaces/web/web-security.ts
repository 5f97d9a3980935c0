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

const WILDCARD = new Set(["0.0.0.0", "::", ""]);

/**
 * Which `Host` headers this server answers. Bound to one address, only that address at its port (for
 * loopback, also localhost and [::1]): a page on another name that resolves here (DNS rebinding) is
 * refused. Bound to every address (0.0.0.0, ::), the names it is reached by are not known, so any Host is
 * taken and the token alone guards it.
 */
export function hostPolicy(bindHost: string, port: number): (host: string | undefined) => boolean {
  if (WILDCARD.has(bindHost)) return (host) => typeof host === "string" && host.length > 0;
  const names = isLoopback(bindHost) ? [bindHost, "127.0.0.1", "localhost", "[::1]"] : [bindHost];
  const allowed = new Set(
    names.map((name) => `${name.includes(":") && !name.startsWith("[") ? `[${name}]` : name}:${port}`),
  );
  return (host) => host !== undefined && allowed.has(host);
}

/** A WebSocket's Origin must be this very page: http:// and the Host the request was sent to. */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || host === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === "http:" && url.host === host;
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
