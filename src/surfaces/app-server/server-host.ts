// What the services and handlers see of the app-server: its options and how to reach every client. An
// interface, so that nothing the server loads on demand imports the server (or the router) back.
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import type { SharedFlags } from "../shared/cli-config.js";
import type { ExtensionSource } from "./extensions.js";
import type { Logger } from "./log.js";
import type { ThreadIndexHandle } from "./threads/index-handle.js";

export interface StateDirs {
  sqliteHome: string;
  logDir: string;
}

export interface AppServerOptions {
  codexHome: string;
  /**
   * The thread index's folder (`sqlite_home`) and the log's (`log_dir`), read when first needed (they come
   * from the config, which the handshake does not load); default codexHome and codexHome/log.
   */
  stateDirs?: () => Promise<StateDirs>;
  env: NodeJS.ProcessEnv;
  /** -c, -m, -p, -s, -a, -C given to `codex-ts app-server`: defaults for every thread. */
  flags: SharedFlags;
  logger: Logger;
  refreshTimeoutMs: number;
  /** codex-ts's own `x-…` methods this server offers besides the protocol's (none by default). */
  extensions?: ExtensionSource;
}

export interface ServerHost {
  readonly options: AppServerOptions;
  readonly logger: Logger;
  readonly codexHome: string;
  /** The SQLite thread index, opened once the server is up (threads/index-handle.ts). */
  readonly threadIndex: ThreadIndexHandle;
  /** Sends a notification to every connection. */
  broadcast(notification: ServerNotification): void;
}
