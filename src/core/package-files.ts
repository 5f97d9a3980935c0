// Files shipped with the package (prompt templates), found from wherever this module was bundled to.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("codex-ts package root not found");
    dir = parent;
  }
  root = dir;
  return dir;
}

const cache = new Map<string, string>();

export function readPackageFile(relative: string): string {
  let text = cache.get(relative);
  if (text === undefined) {
    text = readFileSync(join(packageRoot(), relative), "utf8");
    cache.set(relative, text);
  }
  return text;
}
