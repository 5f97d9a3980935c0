// `[[skills.config]]` in $CODEX_HOME/config.toml: skills a user turned on or off by name or SKILL.md path (the
// app-server's skills/config/write). The last entry for a skill wins.
import { resolve } from "node:path";
import { readUserConfig, type UserHome } from "../config/user-home.js";
import { writeUserConfig } from "../config/config-write.js";

export interface SkillSelector {
  name?: string;
  path?: string;
}

interface SkillConfigEntry extends SkillSelector {
  enabled: boolean;
}

function entries(home: UserHome): SkillConfigEntry[] {
  const skills = readUserConfig(home).skills as { config?: unknown } | undefined;
  if (!Array.isArray(skills?.config)) return [];
  return skills.config.flatMap((raw: unknown) => {
    if (typeof raw !== "object" || raw === null) return [];
    const e = raw as Record<string, unknown>;
    if (typeof e.enabled !== "boolean") return [];
    const name = typeof e.name === "string" ? e.name : undefined;
    const path = typeof e.path === "string" ? resolve(e.path) : undefined;
    if (name === undefined && path === undefined) return [];
    return [
      {
        enabled: e.enabled,
        ...(name !== undefined ? { name } : {}),
        ...(path !== undefined ? { path } : {}),
      },
    ];
  });
}

/** Selectors whose last entry turns the skill off. */
export function disabledSkills(home: UserHome): SkillSelector[] {
  const last = new Map<string, SkillConfigEntry>();
  for (const e of entries(home)) last.set(e.name !== undefined ? `n:${e.name}` : `p:${e.path}`, e);
  return [...last.values()].filter((e) => !e.enabled);
}

/** Records one skill's state, replacing earlier entries for the same selector; returns the state written. */
export function writeSkillEnabled(codexHome: string, selector: SkillSelector, enabled: boolean): boolean {
  const same = (e: SkillSelector) =>
    selector.name !== undefined ? e.name === selector.name : e.path === resolve(selector.path ?? "");
  const kept = entries(codexHome).filter((e) => !same(e));
  const next = [
    ...kept,
    { ...selector, ...(selector.path ? { path: resolve(selector.path) } : {}), enabled },
  ];
  writeUserConfig(codexHome, [{ keyPath: "skills.config", value: next, mergeStrategy: "replace" }]);
  return enabled;
}
