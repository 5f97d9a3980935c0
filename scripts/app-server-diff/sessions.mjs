/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// The sessions the differential run plays against both servers, in order. A session may carry `config`: a
// function of the driver's paths returning lines added to config.toml before the server starts.
import { approvalSessions } from "./sessions-approvals.mjs";
import { serviceSessions } from "./sessions-services.mjs";
import { threadSessions } from "./sessions-threads.mjs";

const stdioServer = new URL("../../test/support/mcp-stdio-server.mjs", import.meta.url).pathname;

serviceSessions.mcp.config = () =>
  [
    "[mcp_servers.local]",
    `command = ${JSON.stringify(process.execPath)}`,
    `args = ${JSON.stringify([stdioServer])}`,
    "startup_timeout_sec = 20",
    // A server that cannot start: how each lists a failure.
    "[mcp_servers.broken]",
    'command = "/nonexistent/mcp-server"',
    "",
  ].join("\n");

export const sessions = { ...threadSessions, ...serviceSessions, ...approvalSessions };
