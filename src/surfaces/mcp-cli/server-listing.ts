// How `codex-ts mcp list|get` show a configured server: a plain record (for --json) and table rows.
import type { McpServerToml } from "../../config/schema.js";

export function describeServer(name: string, server: McpServerToml): Record<string, unknown> {
  const transport = server.url
    ? {
        type: "streamable_http",
        url: server.url,
        bearer_token_env_var: server.bearer_token_env_var ?? null,
        http_headers: server.http_headers ?? null,
      }
    : {
        type: "stdio",
        command: server.command ?? null,
        args: server.args ?? [],
        env: server.env ?? null,
        cwd: server.cwd ?? null,
      };
  return {
    name,
    enabled: server.enabled !== false,
    transport,
    startup_timeout_sec: server.startup_timeout_sec ?? null,
    tool_timeout_sec: server.tool_timeout_sec ?? null,
    enabled_tools: server.enabled_tools ?? null,
    disabled_tools: server.disabled_tools ?? null,
    trusted: server.trusted ?? false,
  };
}

export function serverRows(servers: Record<string, McpServerToml>): string[][] {
  return Object.entries(servers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, s]) => [
      name,
      s.url ?? s.command ?? "-",
      s.args && s.args.length > 0 ? s.args.join(" ") : "-",
      // Values may be secrets: names only.
      s.env && Object.keys(s.env).length > 0 ? Object.keys(s.env).join(", ") : "-",
      s.enabled === false ? "disabled" : "enabled",
    ]);
}

export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}
