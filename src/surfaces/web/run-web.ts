// `codex-ts web`: the agent in a browser tab. One local server gives the page and the app-server protocol
// over WebSocket; the page is only a client of that protocol. Logs go to app-server.log in `log_dir`.
import { fileURLToPath } from "node:url";
import { resolveCodexHome } from "../../config/home.js";
import { createFileLogger } from "../app-server/log.js";
import { DEFAULT_REFRESH_TIMEOUT_MS, stateDirs } from "../app-server/run-app-server.js";
import { AppServer } from "../app-server/server.js";
import type { SharedFlags } from "../shared/cli-config.js";
import type { FleetExtension } from "../fleet/fleet-extension.js";
import { openBrowser } from "./open-browser.js";
import { loadStaticFiles } from "./static-files.js";
import { startWebServer } from "./web-server.js";
import { isLoopback, newToken } from "./web-security.js";

export interface WebFlags extends SharedFlags {
  host: string;
  port: string;
  open: boolean;
  /** A fleet's Redis (else `[fleet]` of the config): the page gets its dashboard (`x-fleet/` methods). */
  redis?: string;
  queue?: string;
}

/** The built page sits beside the bundled CLI: dist/web. */
const PAGE_DIR = fileURLToPath(new URL("./web", import.meta.url));

function parsePort(text: string): number | undefined {
  const port = Number(text);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : undefined;
}

export async function runWeb(flags: WebFlags): Promise<number> {
  const port = parsePort(flags.port);
  if (port === undefined) {
    process.stderr.write(`Error: --port expects a number from 0 to 65535, got '${flags.port}'\n`);
    return 2;
  }
  const env = process.env;
  const codexHome = resolveCodexHome(env);
  let fleet: FleetExtension | undefined;
  const { configuredFleet, openFleetExtension } = await import("../fleet/fleet-extension.js");
  const fleetFlags = configuredFleet(flags, (m) => process.stderr.write(`warning: ${m}\n`));
  if (fleetFlags) {
    try {
      fleet = await openFleetExtension(fleetFlags);
    } catch (err) {
      process.stderr.write(`Error: ${(err as Error).message}\n`);
      return 2;
    }
  }
  const dirs = await stateDirs(codexHome, flags, env);
  const logger = createFileLogger(dirs.logDir);
  const appServer = new AppServer({
    codexHome,
    stateDirs: () => Promise.resolve(dirs),
    env,
    flags,
    logger,
    refreshTimeoutMs: DEFAULT_REFRESH_TIMEOUT_MS,
    ...(fleet ? { extensions: fleet.methods } : {}),
  });
  const token = newToken();
  let web;
  try {
    const files = loadStaticFiles(PAGE_DIR);
    web = await startWebServer({ appServer, files, token, host: flags.host, port });
  } catch (err) {
    // The page is not built, or the address is in use or not ours.
    process.stderr.write(`Error: ${(err as Error).message}\n`);
    await logger.close();
    await fleet?.close();
    return 2;
  }
  const host = flags.host.includes(":") ? `[${flags.host}]` : flags.host;
  const url = `http://${host}:${web.port}/?token=${token}`;
  process.stdout.write(`Open ${url}\n`);
  if (!isLoopback(flags.host)) {
    process.stderr.write(
      `Warning: listening on ${flags.host}, not loopback: anyone who can reach it and has the URL can run commands here.\n`,
    );
  }
  if (flags.open) openBrowser(url);

  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await web.close();
  await appServer.shutdown();
  await fleet?.close();
  await logger.close();
  return 0;
}
