// Everything past the handshake, imported on demand: the method table, the services the handlers share
// (config loading, accounts, the thread catalog), and each handler's module on its method's first call.
import { methods } from "../../protocol/app-server/methods.js";
import { handlers } from "./handlers/index.js";
import type { Dispatch, HandlerTable } from "./handler-types.js";
import { parseParams } from "./params-parse.js";
import type { ServerHost } from "./server-host.js";
import { ServerServices } from "./services.js";
import { warmUpFirstPage } from "./warm-up.js";

export function createDispatch(server: ServerHost): Dispatch {
  const loading = new Map<string, Promise<unknown>>();
  const loaded = new Map<string, unknown>();
  const dispatch: Dispatch = {
    methods,
    handler: <M extends keyof HandlerTable>(method: M) => {
      let handler = loading.get(method);
      if (!handler) {
        handler = handlers[method]().then((h) => {
          loaded.set(method, h);
          return h;
        });
        loading.set(method, handler);
        // A module that failed to load is imported again on the next call.
        handler.catch(() => loading.delete(method));
      }
      return handler as Promise<HandlerTable[M]>;
    },
    loadedHandler: <M extends keyof HandlerTable>(method: M) =>
      loaded.get(method) as HandlerTable[M] | undefined,
    loadAll: async (stopped) => {
      for (const method of Object.keys(handlers) as Array<keyof HandlerTable>) {
        if (stopped()) return;
        if (loaded.has(method)) continue;
        await dispatch.handler(method);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    services: new ServerServices(server),
    parseParams,
    warmUp: () => warmUpFirstPage(dispatch),
  };
  return dispatch;
}
