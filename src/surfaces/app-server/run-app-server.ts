// `codex-ts app-server`: JSON-RPC (without the "jsonrpc" field) for IDE clients, on stdio or WebSocket.
// Logs go to app-server.log in `log_dir` ($CODEX_HOME/log); stdout carries only protocol messages.
import { join, resolve } from "node:path";
import { configMayMention } from "../../config/config-mentions.js";
import { resolveCodexHome } from "../../config/home.js";
import { mayMoveStateDirs, sqliteHomeFor } from "../../config/state-dirs.js";
import type { FleetExtension } from "../fleet/fleet-extension.js";
import type { ExtensionMethods } from "./extensions.js";
import type { SharedFlags } from "../shared/cli-config.js";
import { createFileLogger } from "./log.js";
import { AppServer } from "./server.js";
import type { StateDirs } from "./server-host.js";
import { serveStdio } from "./stdio-transport.js";
import { transportSetup } from "./transport-setup.js";
import type { WsAuthFlags } from "./ws-auth.js";

export interface AppServerFlags extends SharedFlags, WsAuthFlags {
  listen?: string;
  /** A fleet's Redis and queue (else `[fleet]` of the config): the server offers the `x-fleet/` methods. */
  redis?: string;
  queue?: string;
}

/** How long to wait for a client to refresh ChatGPT tokens (seed 002: 10 s). */
export const DEFAULT_REFRESH_TIMEOUT_MS = 10_000;

/** For tests: another refresh timeout, in milliseconds. */
export const REFRESH_TIMEOUT_ENV = "CODEX_TS_AUTH_REFRESH_TIMEOUT_MS";

function refreshTimeoutMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env[REFRESH_TIMEOUT_ENV]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_REFRESH_TIMEOUT_MS;
}

/**
 * `sqlite_home` and `log_dir` are read once at start (they say where the server's own files are). A config
 * that does not load is reported on each request that needs it; meanwhile these two take their defaults.
 */
export async function stateDirs(
  codexHome: string,
  flags: AppServerFlags,
  env: NodeJS.ProcessEnv,
): Promise<StateDirs> {
  const defaults = { sqliteHome: sqliteHomeFor(codexHome, {}, env), logDir: join(codexHome, "log") };
  if (!mayMoveStateDirs(codexHome, flags.config ?? [])) return defaults;
  // Imported here: the config code and zod are not needed to answer the handshake.
  const { ConfigError, loadConfig } = await import("../../config/load.js");
  try {
    const config = loadConfig({
      codexHome,
      env,
      overrides: flags.config ?? [],
      ...(flags.profile ? { profile: flags.profile } : {}),
      projectConfig: false,
    });
    return { sqliteHome: config.sqliteHome, logDir: config.logDir };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`warning: ${err.message}; the thread index and log stay in their default folders\n`);
    return defaults;
  }
}

/** `--strict-config`: the user's config is checked before serving, as Codex does; the error, or undefined. */
async function strictConfigError(
  codexHome: string,
  flags: AppServerFlags,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const { ConfigError, loadConfig } = await import("../../config/load.js");
  const { featureOverrides } = await import("../shared/cli-config.js");
  try {
    loadConfig({
      codexHome,
      env,
      overrides: [...(flags.config ?? []), ...featureOverrides(flags)],
      ...(flags.profile ? { profile: flags.profile } : {}),
      projectConfig: false,
      strict: true,
    });
    return undefined;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message;
  }
}

export async function runAppServer(flags: AppServerFlags): Promise<number> {
  const env = process.env;
  const codexHome = resolveCodexHome(env);
  const transport = transportSetup(flags);
  if (!transport.ok) {
    process.stderr.write(`Error: ${transport.message}\n`);
    return transport.exitCode;
  }
  const { target, check } = transport;
  if (flags.strictConfig) {
    const error = await strictConfigError(codexHome, flags, env);
    if (error !== undefined) {
      process.stderr.write(`Error: ${error}\n`);
      return 1;
    }
  }
  let stopRequested: () => void = () => undefined;
  const stop = new Promise<void>((resolve) => (stopRequested = resolve));
  let fleet: FleetExtension | undefined;
  let fleetFailed = false;
  // The fleet (given by --redis or the config's [fleet]) is looked for after `initialize` is answered:
  // reading the config loads zod, TOML and the config code, which the handshake does not need.
  const loadFleet = async (): Promise<ExtensionMethods | undefined> => {
    // No --redis and no config mentions a fleet (the usual case): none, without loading the config.
    const cwd = flags.cd ? resolve(flags.cd) : process.cwd();
    const overrides = flags.config ?? [];
    if (flags.redis === undefined && !configMayMention(/fleet/, { codexHome, overrides, cwd }))
      return undefined;
    const { configuredFleet, openFleetExtension } = await import("../fleet/fleet-extension.js");
    const fleetFlags = configuredFleet(flags, (m) => process.stderr.write(`warning: ${m}\n`));
    if (!fleetFlags) return undefined;
    try {
      fleet = await openFleetExtension(fleetFlags);
      return fleet.methods;
    } catch (err) {
      // A bad URL, or a Redis that does not answer: the server stops with the reason.
      process.stderr.write(`Error: ${(err as Error).message}\n`);
      fleetFailed = true;
      stopRequested();
      return undefined;
    }
  };
  // Read on first use (the index opens and the log is first written after the handshake is answered).
  let dirs: Promise<StateDirs> | undefined;
  const stateDirsOnce = () => (dirs ??= stateDirs(codexHome, flags, env));
  const logger = createFileLogger(async () => (await stateDirsOnce()).logDir);
  const server = new AppServer({
    codexHome,
    stateDirs: stateDirsOnce,
    env,
    flags,
    logger,
    refreshTimeoutMs: refreshTimeoutMs(env),
    extensions: loadFleet,
  });
  const onSignal = () => stopRequested();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let listenFailed = false;
  try {
    if (target.kind === "stdio") {
      await Promise.race([serveStdio(server), stop]);
    } else {
      const { serveWebSocket } = await import("./websocket-transport.js");
      await serveWebSocket(server, target, stop, check);
    }
  } catch (err) {
    // An address already in use, a control socket another server holds.
    process.stderr.write(`Error: ${(err as Error).message}\n`);
    listenFailed = true;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    // Stopped by a signal while stdin is still open: stop reading, or the process would not exit.
    process.stdin.destroy();
    // Looked for even when no client got that far, so a fleet that cannot be reached is still reported.
    if (!listenFailed) await server.extensions();
    await server.shutdown();
    await fleet?.close();
    await logger.close();
  }
  return listenFailed ? 1 : fleetFailed ? 2 : 0;
}
