// The redirect URI of an MCP OAuth sign-in, laid out as Codex lays it out: a path of its own per server
// (`/callback/<12 characters of the server URL's SHA-256>`), so a client registered for one server is never
// sent another's callback. A loopback URI written without a port gets the listener's port at sign-in, which
// is why `mcp add --oauth-client-id` can print (and store) it before any listener exists.
import { createHash } from "node:crypto";

export const DEFAULT_CALLBACK_BASE = "http://127.0.0.1/callback";
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** The per-server path segment: the first 9 bytes of SHA-256(server URL), base64url. */
export function callbackSuffix(serverUrl: string): string {
  return createHash("sha256").update(serverUrl).digest().subarray(0, 9).toString("base64url");
}

export function parseCallbackUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new Error(`invalid MCP OAuth callback URL \`${text}\``);
  }
}

/** `base` (default http://127.0.0.1/callback) with the server's segment added to its path. */
export function serverCallbackUrl(serverUrl: string, base = DEFAULT_CALLBACK_BASE): string {
  const url = parseCallbackUrl(base);
  const suffix = callbackSuffix(serverUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (!path.endsWith(`/${suffix}`)) url.pathname = `${path}/${suffix}`;
  return url.toString();
}

/** The redirect URI of one sign-in: a loopback template without a port takes the listener's. */
export function redirectFor(template: string, listenerPort: number): string {
  const url = parseCallbackUrl(template);
  if (url.port === "" && isLoopbackHost(url.hostname)) url.port = String(listenerPort);
  return url.toString();
}

/** The port the listener takes: the configured one, else the template's own (loopback), else any. */
export function listenerPortFor(template: string, configuredPort: number | undefined): number {
  if (configuredPort !== undefined) return configuredPort;
  const url = parseCallbackUrl(template);
  return url.port !== "" && isLoopbackHost(url.hostname) ? Number(url.port) : 0;
}
