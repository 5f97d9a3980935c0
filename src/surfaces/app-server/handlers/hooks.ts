// hooks/list: the hooks each cwd (or a loaded thread) sees, with the hash their trust is recorded under.
// Trusting one is a config/batchWrite of `hooks.state."<key>".trusted_hash = currentHash`, as in Codex.
import { isAbsolute, resolve } from "node:path";
import { discoverHooks } from "../../../core/hooks/discovery.js";
import { hooksEnabled } from "../../../core/hooks/session-hooks.js";
import { hookEventName } from "../../../protocol/hooks.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

export const hooksList: Handler<"hooks/list"> = (params, ctx) => {
  if (params.threadId && params.cwds && params.cwds.length > 0) {
    throw badRequest("hooks/list: give either threadId or cwds, not both");
  }
  const base = ctx.services.loadConfig().cwd;
  let cwds = (params.cwds ?? []).map((cwd) => (isAbsolute(cwd) ? cwd : resolve(base, cwd)));
  if (params.threadId) {
    const thread = ctx.services.threads.get(params.threadId);
    if (!thread) throw badRequest(`thread not loaded: ${params.threadId}`);
    cwds = [thread.session.cwd];
  }
  if (cwds.length === 0) cwds = [base];
  return {
    data: cwds.map((cwd) => {
      const config = ctx.services.loadConfig(cwd);
      if (!hooksEnabled(config))
        return { cwd, hooks: [], warnings: ["hooks are off ([features] hooks = false)"], errors: [] };
      const found = discoverHooks({
        codexHome: config.codexHome,
        cwd: config.cwd,
        layers: config.layers,
        projectTrust: config.projectTrust,
        ...(config.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
      });
      return {
        cwd,
        hooks: found.hooks.map((h) => ({
          key: h.key,
          eventName: hookEventName(h.event),
          handlerType: "command" as const,
          command: h.command,
          async: h.async,
          matcher: h.matcher,
          timeoutSec: h.timeoutSec,
          statusMessage: h.statusMessage,
          additionalContextLimit: null,
          sourcePath: h.sourcePath,
          source: h.source,
          pluginId: h.pluginId,
          environmentId: null,
          displayOrder: h.displayOrder,
          enabled: h.enabled,
          isManaged: h.trustStatus === "managed",
          currentHash: h.currentHash,
          trustStatus: h.trustStatus,
        })),
        warnings: found.warnings,
        errors: found.errors,
      };
    }),
  };
};
