// Project instructions: $CODEX_HOME/AGENTS.override.md or AGENTS.md, then one file per folder from the
// project root down to cwd: AGENTS.override.md, else AGENTS.md, else the first of
// `project_doc_fallback_filenames` there (e.g. CLAUDE.md), as Codex picks them.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/load.js";
import { DEFAULT_ROOT_MARKERS, foldersFromRepoRoot } from "../config/repo-folders.js";

export interface AgentsDoc {
  path: string;
  text: string;
}

export interface AgentsDocsOptions {
  codexHome: string;
  cwd: string;
  maxBytes: number;
  /** Names tried, in order, in a folder with neither AGENTS.override.md nor AGENTS.md. */
  fallbackFilenames?: readonly string[];
  /** What marks the project root (default `.git`); none: cwd only. */
  rootMarkers?: readonly string[];
}

export { findRepoRoot } from "../config/repo-folders.js";

const OWN_NAMES = ["AGENTS.override.md", "AGENTS.md"];

/** The AGENTS.md options config.toml sets. */
export function agentsDocsOptions(config: Config, cwd: string): AgentsDocsOptions {
  return {
    codexHome: config.codexHome,
    cwd,
    maxBytes: config.projectDocMaxBytes,
    fallbackFilenames: config.toml.project_doc_fallback_filenames ?? [],
    rootMarkers: config.toml.project_root_markers ?? DEFAULT_ROOT_MARKERS,
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The first candidate that is a file: a folder gives at most one doc, even an empty one (then skipped). */
function pick(dir: string, names: readonly string[]): string | undefined {
  return names.map((name) => join(dir, name)).find(isFile);
}

/** Reads the docs in order, stopping once `maxBytes` is reached (the last one is cut). */
export function loadAgentsDocs(options: AgentsDocsOptions): AgentsDoc[] {
  const names = [
    ...OWN_NAMES,
    ...(options.fallbackFilenames ?? []).filter((n) => n.trim() !== "" && !OWN_NAMES.includes(n)),
  ];
  const candidates = [
    pick(options.codexHome, OWN_NAMES),
    ...foldersFromRepoRoot(options.cwd, options.rootMarkers ?? DEFAULT_ROOT_MARKERS).map((d) =>
      pick(d, names),
    ),
  ].filter((path) => path !== undefined);
  const docs: AgentsDoc[] = [];
  let budget = options.maxBytes;
  for (const path of candidates) {
    if (budget <= 0) break;
    const text = readText(path);
    if (text === undefined || text.trim() === "") continue;
    const bytes = Buffer.from(text, "utf8");
    const kept = bytes.length > budget ? bytes.subarray(0, budget).toString("utf8") : text;
    budget -= Math.min(bytes.length, budget);
    docs.push({ path, text: kept });
  }
  return docs;
}
