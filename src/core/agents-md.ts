// Project instructions: $CODEX_HOME/AGENTS.md, then every AGENTS.md from the repository root down to cwd.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { foldersFromRepoRoot } from "../config/repo-folders.js";

export interface AgentsDoc {
  path: string;
  text: string;
}

export { findRepoRoot } from "../config/repo-folders.js";

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
    ...foldersFromRepoRoot(cwd).map((d) => join(d, "AGENTS.md")),
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
