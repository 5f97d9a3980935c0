// `--listen`: where the app-server takes its clients, in Codex 0.169's forms and words.
import { isIP } from "node:net";

export type ListenTarget =
  | { kind: "stdio" }
  | { kind: "off" }
  /** WebSocket over a Unix domain socket; no path: the home's control socket. */
  | { kind: "unix"; path?: string }
  | { kind: "ws"; host: string; port: number };

export class ListenUrlError extends Error {}

export function parseListenUrl(url: string): ListenTarget {
  if (url === "stdio://" || url === "stdio") return { kind: "stdio" };
  if (url === "off") return { kind: "off" };
  if (url.startsWith("unix://")) {
    const path = url.slice("unix://".length);
    return path === "" ? { kind: "unix" } : { kind: "unix", path };
  }
  if (url.startsWith("ws://")) return parseWebSocketUrl(url);
  throw new ListenUrlError(
    `unsupported --listen URL \`${url}\`; expected \`stdio://\`, \`unix://\`, \`unix://PATH\`, \`ws://IP:PORT\`, or \`off\``,
  );
}

/** `ws://IP:PORT`: an IP address (v4, or v6 in brackets) and a port; a host name is refused, as in Codex. */
function parseWebSocketUrl(url: string): ListenTarget {
  const invalid = new ListenUrlError(`invalid websocket --listen URL \`${url}\`; expected \`ws://IP:PORT\``);
  const m = /^ws:\/\/(\[[^\]]+\]|[^:/]+):(\d{1,5})$/.exec(url);
  const host = m?.[1]?.replace(/^\[|\]$/g, "");
  const port = Number(m?.[2]);
  if (host === undefined || isIP(host) === 0 || !(port >= 0 && port <= 65535)) throw invalid;
  return { kind: "ws", host, port };
}

/** Loopback addresses: a listener on any other needs `--ws-auth`. */
export function isLoopback(host: string): boolean {
  return host === "::1" || /^127\./.test(host);
}
