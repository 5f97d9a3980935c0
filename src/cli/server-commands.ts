// The commands that serve a protocol: proto, app-server (and its schema generators), web, mcp-server, acp.
import { Option, type Command } from "commander";
import { sharedOptions } from "./options.js";
import { registerAppServerClients } from "./app-server-clients.js";
import type { SharedFlags } from "../surfaces/shared/cli-config.js";
import { strictConfigOption } from "./exec-run-options.js";
import { WS_AUTH_MODES } from "../surfaces/app-server/ws-auth.js";
import { appServerFlags, checkListenUrl, seconds, type AppServerCliFlags } from "./app-server-flags.js";

export function registerServerCommands(program: Command): void {
  sharedOptions(
    program
      .command("proto")
      .description("speak the queue protocol: Submissions on stdin, Events on stdout (JSONL)"),
  ).action(async (flags: SharedFlags) => {
    const { runProto } = await import("../surfaces/proto/run-proto.js");
    process.exitCode = await runProto(flags);
  });

  const appServerCommand = sharedOptions(
    program
      .command("app-server")
      .description('serve IDE clients: JSON-RPC (no "jsonrpc" field) over stdio, or WebSocket with --listen'),
  )
    .addOption(
      new Option("--listen <url>", "stdio:// (default), unix://, unix://PATH, ws://IP:PORT or off")
        .default("stdio://")
        .argParser(checkListenUrl),
    )
    .addOption(
      new Option("--stdio", "use stdio as the transport (the same as --listen stdio://)").conflicts("listen"),
    )
    .option("--analytics-default-enabled", "accepted for Codex's IDE clients; codex-ts sends no analytics")
    .addOption(strictConfigOption())
    .addOption(
      new Option("--ws-auth <mode>", "who may connect to --listen ws://: a token, or a signed JWT").choices(
        WS_AUTH_MODES,
      ),
    )
    .option("--ws-token-file <path>", "capability-token: the file holding the token")
    .option("--ws-token-sha256 <hex>", "capability-token: the token's SHA-256, in hex")
    .option("--ws-shared-secret-file <path>", "signed-bearer-token: the file holding the HS256 secret")
    .option("--ws-issuer <issuer>", "signed-bearer-token: the `iss` the JWT must have")
    .option("--ws-audience <audience>", "signed-bearer-token: the `aud` the JWT must have")
    .option("--ws-max-clock-skew-seconds <seconds>", "signed-bearer-token: leeway for exp/nbf (30)", seconds)
    .option("--redis <url>", "a fleet's Redis: offer the x-fleet/ methods (default: [fleet] redis_url)")
    .option("--queue <name>", "the fleet's task queue (default: [fleet] queue, then codex-tasks)")
    .action(async (flags: AppServerCliFlags) => {
      const { runAppServer } = await import("../surfaces/app-server/run-app-server.js");
      process.exitCode = await runAppServer(appServerFlags(flags));
    });

  registerAppServerClients(appServerCommand);

  appServerCommand
    .command("generate-json-schema")
    .description("write the app-server protocol as JSON Schema files")
    .requiredOption("-o, --out <dir>", "output directory")
    .action(async ({ out }: { out: string }) => {
      const { writeJsonSchemas } = await import("../surfaces/app-server/generate.js");
      process.exitCode = writeJsonSchemas(out);
    });

  appServerCommand
    .command("generate-ts")
    .description("write the app-server protocol as TypeScript declarations")
    .requiredOption("-o, --out <dir>", "output directory")
    .action(async ({ out }: { out: string }) => {
      const { writeTypeScript } = await import("../surfaces/app-server/generate.js");
      process.exitCode = writeTypeScript(out);
    });

  sharedOptions(
    program
      .command("web")
      .description("serve the agent as a page for a browser tab (and the app-server protocol at /ws)"),
  )
    .option(
      "--host <host>",
      "address to listen on (beyond loopback, other machines can reach it: a warning is printed)",
      "127.0.0.1",
    )
    .option("--port <port>", "port to listen on (0: any free port)", "0")
    .option("--no-open", "print the URL without opening a browser")
    .option(
      "--redis <url>",
      "a fleet's Redis: the page gets the fleet dashboard (default: [fleet] redis_url)",
    )
    .option("--queue <name>", "the fleet's task queue (default: [fleet] queue, then codex-tasks)")
    .action(async (flags: SharedFlags & { host: string; port: string; open: boolean; redis?: string }) => {
      const { runWeb } = await import("../surfaces/web/run-web.js");
      process.exitCode = await runWeb(flags);
    });

  sharedOptions(
    program
      .command("mcp-server")
      .description("serve Codex as an MCP server over stdio: tools `codex`, `codex-reply` and `review`"),
  ).action(async (flags: SharedFlags) => {
    const { runMcpServer } = await import("../surfaces/mcp-server/run-mcp-server.js");
    process.exitCode = await runMcpServer(flags);
  });

  sharedOptions(
    program
      .command("acp")
      .description(
        "serve editors over the Agent Client Protocol (JSON-RPC on stdio), e.g. Zed's agent_servers",
      ),
  ).action(async (flags: SharedFlags) => {
    const { runAcp } = await import("../surfaces/acp/run-acp.js");
    process.exitCode = await runAcp(flags);
  });
}
