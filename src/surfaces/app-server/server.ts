// The app-server: its connections and what they share. Light on purpose: it answers `initialize` with what
// it has, and loads the rest (method table, handlers, engine) the first time another method is called.
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import { Connection, type Transport } from "./connection.js";
import type { ExtensionMethods } from "./extensions.js";
import type { Dispatch } from "./handler-types.js";
import { IdlePreload } from "./idle-preload.js";
import type { Logger } from "./log.js";
import { Router, type RouterHost } from "./router.js";
import type { AppServerOptions } from "./server-host.js";
import { ThreadIndexHandle } from "./threads/index-handle.js";

export type { AppServerOptions } from "./server-host.js";

export class AppServer implements RouterHost {
  readonly connections = new Set<Connection>();
  readonly threadIndex: ThreadIndexHandle;
  private readonly router: Router;
  private loaded: Promise<Dispatch> | undefined;
  private extensionsLoaded: Promise<ExtensionMethods | undefined> | undefined;
  private readonly idlePreload = new IdlePreload(
    async (stopped) => (await this.dispatch()).loadAll(stopped),
    (err) => this.logger.error(`loading the app-server's handlers failed: ${String(err)}`),
  );

  constructor(
    readonly options: AppServerOptions,
    /** For tests: a dispatch built in-process instead of imported on demand. */
    dispatch?: (server: AppServer) => Dispatch,
  ) {
    this.router = new Router(this);
    this.threadIndex = new ThreadIndexHandle(
      async () => ({
        codexHome: options.codexHome,
        sqliteHome: (await options.stateDirs?.())?.sqliteHome ?? options.codexHome,
      }),
      (message) => this.logger.warn(message),
    );
    if (dispatch) this.loaded = Promise.resolve(dispatch(this));
  }

  get logger(): Logger {
    return this.options.logger;
  }

  get codexHome(): string {
    return this.options.codexHome;
  }

  /** The method table, handlers and services, loaded once and warmed up (warm-up.ts). */
  dispatch(): Promise<Dispatch> {
    this.loaded ??= import("./dispatch.js").then(async (m) => {
      const dispatch = m.createDispatch(this);
      await dispatch.warmUp().catch((err: unknown) => this.logger.warn(`warm-up failed: ${String(err)}`));
      // One turn of the event loop before the waiting requests run: the tasks V8 posted while the modules
      // loaded (a scavenge of the load's garbage) then run now, not inside the client's next request.
      await new Promise((resolve) => setImmediate(resolve));
      return dispatch;
    });
    return this.loaded;
  }

  /** The `x-` methods this server offers, their start-up work done once. */
  extensions(): Promise<ExtensionMethods | undefined> {
    const source = this.options.extensions;
    this.extensionsLoaded ??= typeof source === "function" ? source() : Promise.resolve(source);
    return this.extensionsLoaded;
  }

  /** Starts loading the rest once the process is idle (after the handshake is answered). */
  preload(): void {
    setImmediate(() => {
      this.threadIndex.warm();
      this.dispatch().catch((err: unknown) =>
        this.logger.error(`loading the app-server failed: ${String(err)}`),
      );
      this.extensions().catch((err: unknown) =>
        this.logger.error(`loading the app-server's extensions failed: ${String(err)}`),
      );
    });
  }

  requestStarted(): void {
    this.idlePreload.requestStarted();
  }

  requestEnded(): void {
    this.idlePreload.requestEnded();
  }

  connect(transport: Transport): Connection {
    const connection = new Connection(transport, this.router, this.logger);
    this.connections.add(connection);
    connection.onClose(() => this.connections.delete(connection));
    return connection;
  }

  broadcast(notification: ServerNotification): void {
    for (const connection of this.connections) connection.notify(notification);
  }

  async shutdown(): Promise<void> {
    this.idlePreload.stop();
    for (const connection of [...this.connections]) connection.close();
    const dispatch = await this.loaded;
    await dispatch?.services.shutdown();
    this.threadIndex.close();
  }
}
