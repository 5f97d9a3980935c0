// A real stdio server (test/support/mcp-stdio-server.mjs) that keeps dying: restarted on next use, at most
// MAX_RESTARTS times, then failed for good.
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_RESTARTS, McpServerConnection } from "./server-connection.js";
import type { McpServerConfig } from "./server-config.js";

const script = resolve(import.meta.dirname, "../../test/support/mcp-stdio-server.mjs");

const config: McpServerConfig = {
  name: "flaky",
  transport: {
    kind: "stdio",
    command: process.execPath,
    args: [script],
    env: {},
  },
  startupTimeoutMs: 20_000,
  toolTimeoutMs: 10_000,
  disabledTools: [],
  trusted: false,
};

let connection: McpServerConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

describe("McpServerConnection", () => {
  it("restarts a server that died on its next use, then gives up", async () => {
    const warnings: string[] = [];
    const states: string[] = [];
    connection = new McpServerConnection(config, {
      onChange: (c) => states.push(c.state),
      onWarning: (m) => warnings.push(m),
    });
    await connection.settled;
    expect(connection.state).toBe("ready");
    expect(connection.tools.map((t) => t.name)).toEqual(["echo", "add_note", "die"]);
    const signal = new AbortController().signal;

    for (let i = 1; i <= MAX_RESTARTS; i++) {
      await expect(connection.call("die", {}, signal)).rejects.toThrow(/the connection closed/);
      const result = await connection.call("echo", { text: `run ${i}` }, signal);
      expect(result.content).toEqual([{ type: "text", text: `echo: run ${i}` }]);
    }
    await expect(connection.call("die", {}, signal)).rejects.toThrow(/the connection closed/);
    await expect(connection.call("echo", { text: "again" }, signal)).rejects.toThrow(
      `the server is not available (stopped ${MAX_RESTARTS + 1} times; not restarted again)`,
    );
    expect(connection.state).toBe("failed");
    expect(connection.tools).toEqual([]);
    expect(warnings).toEqual([
      `MCP server 'flaky' stopped ${MAX_RESTARTS + 1} times; not restarted again; its tools are unavailable`,
    ]);
    expect(states.at(-1)).toBe("failed");
  });
});
