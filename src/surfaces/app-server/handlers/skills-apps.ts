// skills/list (the SKILL.md files each cwd sees), app/list (the connector directory's connectors) and
// thread/compact/start (a manual compaction of a loaded thread).
import { isAbsolute, resolve } from "node:path";
import { ConnectorsUnavailable, listConnectors } from "../../../mcp/connectors/list-connectors.js";
import { SkillsManager } from "../../../skills/skills-manager.js";
import { badRequest, type Handler } from "../router.js";
import { threadOf } from "./thread-open.js";

const managers = new Map<string, SkillsManager>();

export const skillsList: Handler<"skills/list"> = (params, ctx) => {
  const home = ctx.server.codexHome;
  let manager = managers.get(home);
  if (!manager) managers.set(home, (manager = new SkillsManager(home)));
  const base = ctx.services.loadConfig().cwd;
  const cwds = (params.cwds ?? []).map((cwd) => (isAbsolute(cwd) ? cwd : resolve(base, cwd)));
  const entries = manager.list(cwds.length > 0 ? cwds : [base], params.forceReload ?? false);
  return {
    data: entries.map((e) => ({ ...e, skills: e.skills.map((s) => ({ ...s, enabled: true })) })),
  };
};

export const appList: Handler<"app/list"> = async (_params, ctx) => {
  const config = ctx.services.loadConfig();
  try {
    const connectors = await listConnectors(config, {
      env: ctx.server.options.env,
      auth: ctx.services.accounts.hooks,
    });
    const data = connectors.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description ?? null,
      isAccessible: true,
      isEnabled: c.enabled,
    }));
    return { data, nextCursor: null };
  } catch (err) {
    if (err instanceof ConnectorsUnavailable) throw badRequest(err.message);
    throw err;
  }
};

export const threadCompactStart: Handler<"thread/compact/start"> = (params, ctx) => {
  threadOf(ctx.services, params.threadId).compact();
  return {};
};
