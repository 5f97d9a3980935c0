// config.toml snippets for MCP servers started by the e2e tests.
import { resolve } from "node:path";

/** Plain JavaScript: node runs it without a loader, so it starts fast even on a loaded machine. */
export const STDIO_SERVER_SCRIPT = resolve(import.meta.dirname, "mcp-stdio-server.mjs");

const toml = (value: unknown) => JSON.stringify(value);

/** The stdio test server (mcp-stdio-server.mjs), optionally with its misbehaving tools. */
export function stdioServerToml(name: string, options: { bad?: boolean; extra?: string } = {}): string {
  const args = stdioServerArgs(options);
  return (
    `\n[mcp_servers.${name}]\ncommand = ${toml(process.execPath)}\nargs = ${toml(args)}\n` +
    `startup_timeout_sec = 20\n${options.extra ?? ""}`
  );
}

/** The arguments of `node` that run the stdio test server (for a server given other than as toml text). */
export function stdioServerArgs(options: { bad?: boolean } = {}): string[] {
  return [STDIO_SERVER_SCRIPT, ...(options.bad ? ["--bad"] : [])];
}

export function httpServerToml(name: string, url: string, extra = ""): string {
  return `\n[mcp_servers.${name}]\nurl = ${toml(url)}\n${extra}`;
}

/** A stdio server that never answers `initialize` (and ignores its closed stdin). */
export function hungServerToml(name: string, startupTimeoutSec: number): string {
  const args = ["-e", "process.stdin.resume(); setInterval(() => {}, 1000)"];
  return (
    `\n[mcp_servers.${name}]\ncommand = ${toml(process.execPath)}\nargs = ${toml(args)}\n` +
    `startup_timeout_sec = ${startupTimeoutSec}\n`
  );
}
