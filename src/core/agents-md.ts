// Project instructions: $CODEX_HOME/AGENTS.md, then every AGENTS.md from the repository root down to cwd.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export interface AgentsDoc {
  path: string;
  text: string;
}

/** The nearest ancestor holding `.git`, or undefined outside a repository. */
export function findRepoRoot(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function directoriesFromRootTo(cwd: string): string[] {
  const root = findRepoRoot(cwd);
  const dirs: string[] = [];
  let dir = resolve(cwd);
  for (;;) {
    dirs.unshift(dir);
    if (root === undefined || dir === root) break;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dirs;
}

function readIfFile(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Reads the docs in order, stopping once `maxBytes` is reached (the last one is cut). */
export function loadAgentsDocs(codexHome: string, cwd: string, maxBytes: number): AgentsDoc[] {
  const candidates = [
    join(codexHome, "AGENTS.md"),
    ...directoriesFromRootTo(cwd).map((d) => join(d, "AGENTS.md")),
  ];
  const docs: AgentsDoc[] = [];
  let budget = maxBytes;
  for (const path of candidates) {
    if (budget <= 0) break;
    const text = readIfFile(path);
    if (text === undefined || text.trim() === "") continue;
    const bytes = Buffer.from(text, "utf8");
    const kept = bytes.length > budget ? bytes.subarray(0, budget).toString("utf8") : text;
    budget -= Math.min(bytes.length, budget);
    docs.push({ path, text: kept });
  }
  return docs;
}
