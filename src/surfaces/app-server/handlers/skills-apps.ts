// skills/list (the SKILL.md files each cwd sees), app/list (the connector directory's connectors) and
// thread/compact/start (a manual compaction of a loaded thread).
import { isAbsolute, resolve } from "node:path";
import { ConnectorsUnavailable, listConnectors } from "../../../mcp/connectors/list-connectors.js";
import { withPluginApps } from "../../../mcp/connectors/plugin-connectors.js";
import type { Config } from "../../../config/load.js";
import { SkillsManager, skillRootMarkers } from "../../../skills/skills-manager.js";
import { writeSkillEnabled } from "../../../skills/skills-config.js";
import { ErrorCode } from "../../../protocol/app-server/jsonrpc.js";
import { AppServerError, badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import { threadOf } from "./thread-open.js";

/** One manager per CODEX_HOME and root markers: a config whose markers change finds other repo skills. */
const managers = new Map<string, { home: string; manager: SkillsManager }>();
/** `skills/extraRoots/set`, per CODEX_HOME: every manager of that home searches them. */
const extraRoots = new Map<string, readonly string[]>();

function managerOf(config: Pick<Config, "codexHome" | "layers">): SkillsManager {
  const markers = skillRootMarkers(config);
  const key = JSON.stringify([config.codexHome, markers]);
  let entry = managers.get(key);
  if (!entry) {
    const manager = new SkillsManager(config.codexHome, markers);
    manager.setExtraRoots(extraRoots.get(config.codexHome) ?? []);
    managers.set(key, (entry = { home: config.codexHome, manager }));
  }
  return entry.manager;
}

/** Forgets discovered skills (plugins were installed or removed, skills turned on or off). */
export function invalidateSkills(home: string): void {
  for (const entry of managers.values())
    if (entry.home === home) entry.manager.setExtraRoots(extraRoots.get(home) ?? []);
}

/** Turns one skill on or off by name or SKILL.md path (`[[skills.config]]` in config.toml). */
export const skillsConfigWrite: Handler<"skills/config/write"> = (params, ctx) => {
  const name = params.name ?? undefined;
  const path = params.path ?? undefined;
  if ((name === undefined) === (path === undefined)) {
    throw new AppServerError(
      ErrorCode.invalidParams,
      "skills/config/write requires exactly one of path or name",
    );
  }
  if (path !== undefined && !isAbsolute(path))
    throw badRequest("Invalid request: AbsolutePathBuf deserialized without a base path");
  const effectiveEnabled = writeSkillEnabled(
    ctx.server.codexHome,
    name !== undefined ? { name } : { path: path ?? "" },
    params.enabled,
  );
  invalidateSkills(ctx.server.codexHome);
  return { effectiveEnabled };
};

/** Folders skills/list also searches, for every cwd (absolute paths; an empty list clears them). */
export const skillsExtraRootsSet: Handler<"skills/extraRoots/set"> = (params, ctx) => {
  const relative = params.extraRoots.find((root) => !isAbsolute(root));
  if (relative !== undefined)
    throw badRequest("Invalid request: AbsolutePathBuf deserialized without a base path");
  extraRoots.set(ctx.server.codexHome, [...params.extraRoots]);
  invalidateSkills(ctx.server.codexHome);
  // The folders searched changed: clients re-run skills/list (Codex says so before its answer).
  ctx.server.broadcast({ method: "skills/changed", params: {} });
  return {};
};

export const skillsList: Handler<"skills/list"> = (params, ctx) => {
  const config = ctx.services.loadConfig();
  const manager = managerOf(config);
  const base = config.cwd;
  const cwds = (params.cwds ?? []).map((cwd) => (isAbsolute(cwd) ? cwd : resolve(base, cwd)));
  const data = (cwds.length > 0 ? cwds : [base]).map((cwd) => {
    const found = manager.forCwd(cwd, { forceReload: params.forceReload ?? false });
    const skills = [
      ...found.skills.map((s) => ({ ...s, enabled: true, pluginId: s.pluginId ?? null })),
      ...found.disabled.map((s) => ({ ...s, enabled: false, pluginId: s.pluginId ?? null })),
    ].sort((a, b) => a.name.localeCompare(b.name));
    return { cwd: resolve(cwd), skills, errors: found.errors };
  });
  return { data };
};

export const appList: Handler<"app/list"> = async (_params, ctx) => {
  const config = ctx.services.loadConfig();
  try {
    const connectors = await listConnectors(config, {
      env: ctx.server.options.env,
      auth: ctx.services.accounts.hooks,
    });
    const { listed, errors } = withPluginApps(config, connectors);
    for (const error of errors) ctx.server.logger.warn(`app/list: ${error}`);
    return { data: listed, nextCursor: null };
  } catch (err) {
    if (err instanceof ConnectorsUnavailable) throw badRequest(err.message);
    throw err;
  }
};

/** The directory's connectors; none when no connector directory is configured (as Codex answers). */
async function connectorsOf(ctx: Pick<Parameters<Handler<"app/read">>[1], "services" | "server">) {
  const config = ctx.services.loadConfig();
  try {
    return await listConnectors(config, { env: ctx.server.options.env, auth: ctx.services.accounts.hooks });
  } catch (err) {
    if (err instanceof ConnectorsUnavailable) throw badRequest(err.message);
    throw err;
  }
}

export const appRead: Handler<"app/read"> = async (params, ctx) => {
  const connectors = params.appIds.length > 0 ? await connectorsOf(ctx) : [];
  const byId = new Map(connectors.map((c) => [c.id, c]));
  return {
    apps: params.appIds.flatMap((id) => {
      const c = byId.get(id);
      if (!c) return [];
      const tools = c.tools.map((t) => ({
        name: t.name,
        description: t.description ?? "",
        isEnabled: c.enabled,
      }));
      return [{ id: c.id, name: c.name, ...(params.includeTools ? { toolSummaries: tools } : {}) }];
    }),
    missingAppIds: params.appIds.filter((id) => !byId.has(id)),
  };
};

export const appInstalled: Handler<"app/installed"> = async (_params, ctx) => ({
  apps: (await connectorsOf(ctx)).map((c) => ({
    id: c.id,
    enabled: c.enabled,
    callable: c.enabled,
    runtimeName: null,
  })),
});

export const threadCompactStart: Handler<"thread/compact/start"> = (params, ctx) => {
  threadOf(ctx.services, params.threadId).compact();
  return {};
};
