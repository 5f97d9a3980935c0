// The fleet as app-server extension methods (`x-fleet/`), for a server that has one configured: by its
// flags (`--redis`, `--queue`) or the config's `[fleet]` table. Opened once at start; an unreachable Redis
// is an error then, and afterwards the connection keeps coming back (calls fail while Redis is down).
import { resolve } from "node:path";
import { loadConfig } from "../../config/load.js";
import type { ExtensionMethods } from "../app-server/extensions.js";
import type { SharedFlags } from "../shared/cli-config.js";
import type { FleetFlags } from "./connection.js";

export interface FleetExtension {
  methods: ExtensionMethods;
  close(): Promise<void>;
}

/**
 * The fleet a server is given: `--redis` / `--queue` first, then `[fleet]` of the config (with the
 * server's -c, --profile and --cd); none when neither names a Redis. A config that does not load is said
 * through `warn` (threads will report it too) and leaves only the flags.
 */
export function configuredFleet(
  flags: SharedFlags & FleetFlags,
  warn: (message: string) => void,
): FleetFlags | undefined {
  let fleet: { redis_url?: string | undefined; queue?: string | undefined } | undefined;
  try {
    fleet = loadConfig({
      cwd: flags.cd ? resolve(flags.cd) : process.cwd(),
      ...(flags.profile ? { profile: flags.profile } : {}),
      overrides: flags.config ?? [],
    }).toml.fleet;
  } catch (err) {
    warn(`the config did not load, so its [fleet] table is not read: ${(err as Error).message}`);
  }
  const redis = flags.redis ?? fleet?.redis_url;
  if (redis === undefined) return undefined;
  const queue = flags.queue ?? fleet?.queue;
  return { redis, ...(queue !== undefined ? { queue } : {}) };
}

export async function openFleetExtension(fleet: FleetFlags): Promise<FleetExtension> {
  // Loaded only here: a server without a fleet never loads BullMQ and ioredis.
  const { fleetTarget } = await import("./connection.js");
  const { FleetClient } = await import("./task-api.js");
  const { fleetMethods } = await import("./fleet-rpc.js");
  // The flag or config decides, never $CODEX_REDIS_URL: a server should not reach a Redis nobody named.
  const client = new FleetClient(fleetTarget(fleet, {}), { reconnect: true });
  try {
    await client.ready();
  } catch (err) {
    await client.close();
    throw err;
  }
  const rpc = fleetMethods(client);
  return {
    methods: rpc.methods,
    close: async () => {
      rpc.close();
      await client.close();
    },
  };
}
