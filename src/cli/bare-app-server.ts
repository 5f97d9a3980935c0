// `codex-ts app-server` with no options: what the command line would run for it (the start-up patch
// recovery its preAction hook runs, then the server with the options' defaults), without commander.
import { runAppServer, type AppServerFlags } from "../surfaces/app-server/run-app-server.js";
import { recoverPatchesAtStartup } from "../surfaces/startup/recover-patches.js";

/** The flags commander gives `app-server` without arguments (bare-app-server.test.ts holds them to it). */
export function bareAppServerFlags(): AppServerFlags {
  return { config: [], addDir: [], enable: [], disable: [], listen: "stdio://" };
}

export async function runBareAppServer(): Promise<number> {
  await recoverPatchesAtStartup();
  return runAppServer(bareAppServerFlags());
}
