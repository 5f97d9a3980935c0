// `app-server proxy` and `app-server daemon start|stop|restart|version`: the commands that reach an
// app-server on its control socket rather than serving one themselves.
import type { Command } from "commander";
import { collect } from "./options.js";

const DAEMON_COMMANDS = {
  start: "start the daemon if none runs",
  restart: "stop the daemon, then start it again",
  stop: "stop the daemon",
  version: "print the CLI's and the running app-server's versions as JSON",
} as const;

interface OverrideFlags {
  config: string[];
  enable: string[];
  disable: string[];
}

export function registerAppServerClients(appServer: Command): void {
  appServer
    .command("proxy")
    .description("join stdin/stdout to a running app-server's Unix socket, byte for byte (WebSocket)")
    .option("--sock <path>", "the socket (default: $CODEX_HOME/app-server-control/app-server-control.sock)")
    .option(
      "-c, --config <key=value>",
      "accepted as Codex accepts it; the proxy reads no config",
      collect,
      [],
    )
    .option("--enable <feature>", "accepted as Codex accepts it; the proxy reads no config", collect, [])
    .option("--disable <feature>", "accepted as Codex accepts it; the proxy reads no config", collect, [])
    .action(async ({ sock }: { sock?: string }) => {
      const { runProxy } = await import("../surfaces/app-server/proxy.js");
      const { resolveCodexHome } = await import("../config/home.js");
      process.exitCode = await runProxy(sock, resolveCodexHome(process.env));
    });

  const daemon = appServer
    .command("daemon")
    .description("manage a background app-server on the control socket (one per CODEX_HOME)")
    .option("-c, --config <key=value>", "a config override for the server start/restart runs", collect, [])
    .option("--enable <feature>", "a feature the server start/restart runs turns on", collect, [])
    .option("--disable <feature>", "a feature the server start/restart runs turns off", collect, []);
  for (const [name, description] of Object.entries(DAEMON_COMMANDS)) {
    daemon
      .command(name)
      .description(description)
      .action(async () => {
        const { runDaemon } = await import("../surfaces/app-server/daemon.js");
        const { resolveCodexHome } = await import("../config/home.js");
        // Passed on to the server the daemon starts. `app-server` has the same options, and commander
        // gives a value to the first command in the chain that knows the option: both are read.
        const own = daemon.opts<Partial<OverrideFlags>>();
        const parent = appServer.opts<Partial<OverrideFlags>>();
        const all = (key: keyof OverrideFlags) => [...(parent[key] ?? []), ...(own[key] ?? [])];
        const serverArgs = [
          ...all("config").flatMap((v) => ["-c", v]),
          ...all("enable").flatMap((v) => ["--enable", v]),
          ...all("disable").flatMap((v) => ["--disable", v]),
        ];
        const command = name as keyof typeof DAEMON_COMMANDS;
        const cli = process.argv[1] ?? "codex-ts";
        process.exitCode = await runDaemon(command, resolveCodexHome(process.env), cli, serverArgs);
      });
  }
}
