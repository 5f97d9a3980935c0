// Project config: each `.codex/config.toml` from the repository root down to cwd, applied only for trusted
// projects. Trust is declared in the user (or system) config, as the real Codex does:
//
//   [projects."/abs/path/to/repo"]
//   trust_level = "trusted"        # or "untrusted"
//
// A folder is trusted when the nearest entry at or above it says "trusted".
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readConfigFile } from "./config-file.js";
import { foldersFromRepoRoot } from "./repo-folders.js";

export interface ProjectConfigFile {
  /** The folder holding `.codex/`. */
  dir: string;
  /** `<dir>/.codex`. */
  dotCodexFolder: string;
  path: string;
}

/**
 * Every project config file that exists between the project root (`markers`, from the system and user
 * files) and cwd, root first. `$CODEX_HOME` is skipped.
 */
export function findProjectConfigFiles(
  cwd: string,
  codexHome: string,
  markers?: readonly string[],
): ProjectConfigFile[] {
  const home = resolve(codexHome);
  return foldersFromRepoRoot(cwd, markers)
    .map((dir) => ({ dir, dotCodexFolder: join(dir, ".codex"), path: join(dir, ".codex", "config.toml") }))
    .filter((f) => f.dotCodexFolder !== home && existsSync(f.path));
}

type ProjectsTable = Record<string, { trust_level?: unknown } | undefined>;

/** The trust decision for a folder: the nearest `[projects."<path>"]` entry at or above it. */
export function isProjectTrusted(dir: string, projects: unknown): boolean {
  if (!projects || typeof projects !== "object") return false;
  const table = projects as ProjectsTable;
  for (let d = resolve(dir); ; d = dirname(d)) {
    const level = table[d]?.trust_level;
    if (level === "trusted") return true;
    if (level === "untrusted") return false;
    if (dirname(d) === d) return false;
  }
}

/**
 * The `[projects]` trust table of the system and user layers (a project cannot trust itself), over `base`
 * (the ignored user file's table under `--ignore-user-config`).
 */
export function trustTableOf(
  layers: readonly { source: string; value: Record<string, unknown> }[],
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const tables = layers
    .filter((l) => l.source === "system" || l.source === "user")
    .map((l) => l.value.projects)
    .filter((t): t is Record<string, unknown> => typeof t === "object" && t !== null);
  return Object.assign({}, base, ...tables) as Record<string, unknown>;
}

/**
 * `--ignore-user-config` leaves the user's settings out, not the projects they trust: the `[projects]` table
 * of the file, read leniently (a broken file is what one may be ignoring).
 */
export function userTrustTable(path: string): Record<string, unknown> {
  try {
    const projects = readConfigFile(path)?.value.projects;
    return projects && typeof projects === "object" ? (projects as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Keys a project's config.toml cannot set (Codex 0.169 ignores them there): profiles are the user's. */
const USER_ONLY_KEYS = ["profile", "profiles"];

/**
 * A project layer without the keys only the user's config may set, and Codex's warning naming them (when
 * there were any).
 */
export function withoutUserOnlyKeys(
  value: Record<string, unknown>,
  path: string,
): { value: Record<string, unknown>; warning?: string } {
  const ignored = USER_ONLY_KEYS.filter((key) => key in value);
  if (ignored.length === 0) return { value };
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => !ignored.includes(key)));
  return {
    value: kept,
    warning:
      `Ignored unsupported project-local config keys in ${path}: ${ignored.join(", ")}. ` +
      "If you want these settings to apply, manually set them in your user-level config.toml.",
  };
}
