// Where the fleet lives: the Redis URL (flag, then $CODEX_REDIS_URL, then the local default), the queue name,
// and the key names the fleet keeps beside BullMQ's own.
import { Redis } from "ioredis";

export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
export const DEFAULT_QUEUE = "codex-tasks";

export interface FleetFlags {
  redis?: string;
  queue?: string;
}

export interface FleetTarget {
  redisUrl: string;
  queue: string;
}

export function fleetTarget(flags: FleetFlags, env: NodeJS.ProcessEnv = process.env): FleetTarget {
  const redisUrl = flags.redis ?? env.CODEX_REDIS_URL ?? DEFAULT_REDIS_URL;
  const queue = flags.queue ?? DEFAULT_QUEUE;
  if (!/^rediss?:\/\//.test(redisUrl))
    throw new FleetError(`--redis must be a redis:// URL, got ${redisUrl}`);
  if (!/^[A-Za-z0-9_.-]+$/.test(queue))
    throw new FleetError(`--queue must be letters, digits, '_', '.' or '-'`);
  return { redisUrl, queue };
}

export class FleetError extends Error {
  override name = "FleetError";
}

/**
 * A connection as BullMQ wants it for workers: commands wait through a Redis restart instead of failing
 * (maxRetriesPerRequest null) and reconnects never give up. `failFast` is for one-shot commands, which
 * should tell the user Redis is down rather than wait forever.
 */
export function connect(
  target: FleetTarget,
  options: { failFast?: boolean; reconnect?: boolean } = {},
): Redis {
  // `reconnect` (a long-lived server such as the web dashboard): calls fail fast while Redis is down, but
  // the connection keeps coming back.
  const giveUp = options.failFast && !options.reconnect;
  return new Redis(target.redisUrl, {
    maxRetriesPerRequest: options.failFast ? 1 : null,
    enableOfflineQueue: true,
    retryStrategy: (times) => (giveUp && times > 2 ? null : Math.min(times * 200, 2000)),
    lazyConnect: false,
  });
}

/** Keys of the fleet's own records (BullMQ keeps its jobs under `bull:<queue>:`). */
export function keys(queue: string) {
  const base = `codex-fleet:${queue}`;
  return {
    tasks: `${base}:tasks`,
    task: (id: string) => `${base}:task:${id}`,
    items: (id: string) => `${base}:items:${id}`,
    journal: (id: string) => `${base}:journal:${id}`,
    control: `${base}:control`,
  };
}
export type FleetKeys = ReturnType<typeof keys>;
