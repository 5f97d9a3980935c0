// initialize: who the client is (its name becomes the originator of model requests) and who the server is.
import { release } from "node:os";
import { originator, OriginatorAlreadySetError, setDefaultOriginator } from "../../../auth/originator.js";
import { CODEX_COMPAT_VERSION, VERSION } from "../../../version.js";
import type { InitializeParams, InitializeResponse } from "../../../protocol/app-server/v2/initialize.js";
import type { HandshakeContext } from "../handler-types.js";
import { remoteControlStatus } from "../remote-control.js";

function platformOs(): string {
  if (process.platform === "darwin") return "macos";
  if (process.platform === "win32") return "windows";
  return process.platform;
}

export function initialize(params: InitializeParams, ctx: HandshakeContext): InitializeResponse {
  const { connection, server } = ctx;
  connection.state = "initializing";
  const { clientInfo, capabilities } = params;
  connection.clientName = clientInfo.name;
  connection.experimentalApi = capabilities?.experimentalApi === true;
  if (capabilities?.optOutNotificationMethods) connection.optOut(capabilities.optOutNotificationMethods);
  try {
    setDefaultOriginator(clientInfo.name);
  } catch (err) {
    // One originator per process: a later client (another WebSocket connection) keeps the first one's.
    if (!(err instanceof OriginatorAlreadySetError)) throw err;
  }
  const result = {
    // The real Codex's shape (`originator/VERSION (os; arch) terminal (client; version)`) with the Codex
    // version first, for clients that gate on it; ours is named in the first parenthesis.
    userAgent: `${originator(server.options.env)}/${CODEX_COMPAT_VERSION} (codex-ts ${VERSION}; ${platformOs()} ${release()}; ${process.arch}) node/${process.versions.node} (${clientInfo.name}; ${clientInfo.version})`,
    codexHome: server.codexHome,
    platformFamily: process.platform === "win32" ? "windows" : "unix",
    platformOs: platformOs(),
  };
  ctx.respond(result);
  connection.state = "ready";
  connection.notify(remoteControlStatus(server.codexHome));
  return result;
}
