// `app-server proxy` and `app-server daemon start|stop|restart|version`: the commands that reach an
// app-server on its control socket rather than serving one themselves.
import type { Command } from "commander";
import { collect, configOverrideOptions, gathered } from "./options.js";

const DAEMON_COMMANDS = {
  start: "start the daemon if none runs",
  restart: "stop the daemon, then start it again",
  stop: "stop the daemon",
  version: "print the CLI's and the running app-server's versions as JSON",
} as const;

/** `app-server` options the daemon's server takes: the overrides and the profile, passed on. */
const PASSED_ON = new Set(["config", "enable", "disable", "profile"]);

/** An `app-server` flag given on the command line that `daemon` cannot honour (Codex refuses them too). */
function unsupported(appServer: Command): string | undefined {
  const given = appServer.options.find(
    (o) => !PASSED_ON.has(o.attributeName()) && appServer.getOptionValueSource(o.attributeName()) === "cli",
  );
  return given?.long ?? given?.short;
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

  const daemon = configOverrideOptions(
    appServer
      .command("daemon")
      .description("manage a background app-server on the control socket (one per CODEX_HOME)"),
  );
  for (const [name, description] of Object.entries(DAEMON_COMMANDS)) {
    const sub = daemon.command(name).description(description);
    sub.action(async () => {
      const flag = unsupported(appServer);
      if (flag !== undefined) {
        process.stderr.write(`Error: \`${flag}\` is not supported for \`codex app-server daemon ${name}\`\n`);
        process.exitCode = 1;
        return;
      }
      const { runDaemon } = await import("../surfaces/app-server/daemon.js");
      const { resolveCodexHome } = await import("../config/home.js");
      // Given at any level (`codex-ts -c A app-server -c B daemon -c C start`): passed on to the server.
      const flags = gathered(sub);
      const serverArgs = [
        ...flags.config.flatMap((v) => ["-c", v]),
        ...flags.enable.flatMap((v) => ["--enable", v]),
        ...flags.disable.flatMap((v) => ["--disable", v]),
        ...(flags.profile !== undefined ? ["-p", flags.profile] : []),
      ];
      const command = name as keyof typeof DAEMON_COMMANDS;
      const cli = process.argv[1] ?? "codex-ts";
      process.exitCode = await runDaemon(command, resolveCodexHome(process.env), cli, serverArgs);
    });
  }
}
