// Where rules come from: `$CODEX_HOME/rules/*.rules`, then each trusted project's `.codex/rules/*.rules`
// from the repository root down to cwd. Files load in name order; a bad file stops loading with its position.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ConfigLayer } from "../config/load.js";
import { isProjectTrusted, trustTableOf } from "../config/project-layers.js";
import { foldersFromRepoRoot, rootMarkersOf } from "../config/repo-folders.js";
import { parseRulesFile, Policy, type PrefixRule } from "./policy.js";

/** The file approvals "for commands like this" are written to. */
export function userRulesFile(codexHome: string): string {
  return join(codexHome, "rules", "default.rules");
}

/** `trustTable`: the config's `projectTrust` (by default, the system and user layers' own). */
export function rulesFolders(
  codexHome: string,
  cwd: string,
  layers: ConfigLayer[],
  trustTable: Record<string, unknown> = trustTableOf(layers),
): string[] {
  const home = resolve(codexHome);
  const folders = [join(home, "rules")];
  for (const dir of foldersFromRepoRoot(cwd, rootMarkersOf(layers))) {
    const dotCodex = join(dir, ".codex");
    if (dotCodex !== home && isProjectTrusted(dir, trustTable)) folders.push(join(dotCodex, "rules"));
  }
  return folders;
}

export function loadRulesFiles(files: string[]): Policy {
  const rules: PrefixRule[] = [];
  for (const file of files) rules.push(...parseRulesFile(file, readFileSync(file, "utf8")));
  return new Policy(rules);
}

export function rulesFilesIn(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.endsWith(".rules"))
          .sort()
          .map((name) => join(folder, name))
      : [],
  );
}

export function loadPolicy(
  codexHome: string,
  cwd: string,
  layers: ConfigLayer[],
  trustTable?: Record<string, unknown>,
): Policy {
  return loadRulesFiles(rulesFilesIn(rulesFolders(codexHome, cwd, layers, trustTable)));
}
