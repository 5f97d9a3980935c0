// Where skills live: every SKILL.md under the repository's `.agents/skills` and `.codex/skills` folders, from
// cwd up to the project root (found by `project_root_markers`, as AGENTS.md is; no root found: cwd only),
// then under `$CODEX_HOME/skills`. The nearer a folder is to cwd, the higher
// its precedence: a name found twice keeps the nearer skill. A bad file is reported and skipped, never fatal.
import { codexHomeOf, type UserHome } from "../config/user-home.js";
import { readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ROOT_MARKERS, foldersFromRepoRoot } from "../config/repo-folders.js";
import type { SkillErrorInfo, SkillMetadata } from "../protocol/core-protocol.js";
import { pluginSkillRoots } from "../plugins/runtime.js";
import { disabledSkills, type SkillSelector } from "./skills-config.js";
import { parseSkillFile } from "./skill-file.js";
import { readSkillInterface } from "./skill-interface.js";

export const SKILL_FILE_NAME = "SKILL.md";
const REPO_SKILL_DIRS = [".agents/skills", ".codex/skills"];
/** Deep enough for grouped skills (`skills/team/tool/SKILL.md`), shallow enough to stay fast. */
const MAX_DEPTH = 6;

export interface SkillRoot {
  dir: string;
  scope: SkillMetadata["scope"];
  /** An installed plugin's skills are named `plugin:skill`. */
  namePrefix?: string;
  pluginId?: string;
}

export interface SkillsOutcome {
  skills: SkillMetadata[];
  errors: SkillErrorInfo[];
  /** Skills turned off by `[[skills.config]]` (skills/config/write): listed, never offered or injected. */
  disabled: SkillMetadata[];
}

/** The folders searched for `cwd`, highest precedence first. */
export function skillRoots(
  codexHome: string,
  cwd: string,
  rootMarkers: readonly string[] = DEFAULT_ROOT_MARKERS,
): SkillRoot[] {
  const roots: SkillRoot[] = [];
  for (const dir of foldersFromRepoRoot(cwd, rootMarkers).reverse())
    for (const sub of REPO_SKILL_DIRS) roots.push({ dir: join(dir, sub), scope: "repo" });
  roots.push({ dir: join(codexHome, "skills"), scope: "user" });
  return roots;
}

/** `extraRoots` (an app-server client's `skills/extraRoots/set`) come last, as user skills. */
export function discoverSkills(
  home: UserHome,
  cwd: string,
  extraRoots: readonly string[] = [],
  rootMarkers: readonly string[] = DEFAULT_ROOT_MARKERS,
): SkillsOutcome {
  const codexHome = codexHomeOf(home);
  const skills: SkillMetadata[] = [];
  const errors: SkillErrorInfo[] = [];
  const names = new Set<string>();
  const roots: SkillRoot[] = [
    ...skillRoots(codexHome, cwd, rootMarkers),
    ...pluginSkillRoots(home).map((r) => ({
      dir: r.dir,
      scope: "user" as const,
      namePrefix: r.namePrefix,
      pluginId: r.pluginId,
    })),
    ...extraRoots.map((dir) => ({ dir, scope: "user" as const })),
  ];
  for (const root of roots) {
    for (const path of findSkillFiles(root.dir)) {
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch (err) {
        errors.push({ path, message: `cannot read: ${(err as Error).message}` });
        continue;
      }
      const parsed = parseSkillFile(text);
      if (!parsed.ok) {
        errors.push({ path, message: parsed.message });
        continue;
      }
      const name = `${root.namePrefix ?? ""}${parsed.skill.name}`;
      if (names.has(name)) continue; // shadowed by a nearer skill of the same name
      names.add(name);
      const ui = readSkillInterface(path);
      skills.push({
        name,
        description: parsed.skill.description,
        path,
        scope: root.scope,
        ...(root.pluginId ? { pluginId: root.pluginId } : {}),
        ...(parsed.skill.shortDescription !== undefined
          ? { shortDescription: parsed.skill.shortDescription }
          : {}),
        ...(ui ? { interface: ui } : {}),
      });
    }
  }
  skills.sort((a, b) => a.name.localeCompare(b.name));
  const off = disabledSkills(home);
  const isOff = (s: SkillMetadata) =>
    off.some((sel: SkillSelector) => sel.name === s.name || sel.path === s.path);
  return { skills: skills.filter((s) => !isOff(s)), errors, disabled: skills.filter(isOff) };
}

/**
 * SKILL.md files under `root`, in a stable order. A folder holding a SKILL.md is a skill: its subfolders are
 * the skill's own resources and are not searched. Hidden folders are skipped; symlinks are followed once.
 */
export function findSkillFiles(root: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, depth: number): void => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (seen.has(real) || depth > MAX_DEPTH) return;
    seen.add(real);
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    if (entries.includes(SKILL_FILE_NAME) && isFile(join(dir, SKILL_FILE_NAME))) {
      found.push(join(dir, SKILL_FILE_NAME));
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith(".") || entry === "node_modules") continue;
      const path = join(dir, entry);
      if (isDirectory(path)) walk(path, depth + 1);
    }
  };
  walk(root, 0);
  return found;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
