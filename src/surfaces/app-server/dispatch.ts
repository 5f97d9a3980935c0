// Everything past the handshake, imported on demand: the method table, its handlers and the services
// they use (the engine, config loading, accounts).
import { methods } from "../../protocol/app-server/methods.js";
import { handlers } from "./handlers/index.js";
import type { Dispatch } from "./handler-types.js";
import { parseParams } from "./params-parse.js";
import type { ServerHost } from "./server-host.js";
import { ServerServices } from "./services.js";
import { warmUpFirstPage } from "./warm-up.js";

export function createDispatch(server: ServerHost): Dispatch {
  const dispatch: Dispatch = {
    methods,
    handlers,
    services: new ServerServices(server),
    parseParams,
    warmUp: () => warmUpFirstPage(dispatch),
  };
  return dispatch;
}
