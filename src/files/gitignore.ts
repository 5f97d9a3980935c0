// .gitignore semantics for the directory walk the `@` finder falls back to when neither rg nor git can list
// files, from the `ignore` package (git's own matching rules: character classes, escapes, trailing spaces,
// negation). Rules come from the global excludes file, the repository's .git/info/exclude and every
// .gitignore on the way down; a deeper file can re-include what a shallower one ignored, as in git.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import ignore, { type Ignore } from "ignore";

export interface IgnoreLayer {
  /** The folder the rules are relative to. */
  base: string;
  rules: Ignore;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The layer of one folder's .gitignore (undefined when it has none). */
export function folderLayer(
  folder: string,
  text = readText(join(folder, ".gitignore")),
): IgnoreLayer | undefined {
  return text === undefined ? undefined : { base: folder, rules: ignore().add(text) };
}

/** git's `core.excludesFile`, else its default `$XDG_CONFIG_HOME/git/ignore` (~/.config/git/ignore). */
function globalExcludesFile(env: NodeJS.ProcessEnv): string {
  try {
    const configured = execFileSync("git", ["config", "--global", "--get", "core.excludesFile"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env,
    }).trim();
    if (configured !== "") return configured.replace(/^~(?=\/)/, homedir());
  } catch {
    // Not set, or no git: the default place.
  }
  return join(env.XDG_CONFIG_HOME || join(env.HOME ?? homedir(), ".config"), "git", "ignore");
}

/** The layers that apply from the walk's root: global excludes, then the repository's info/exclude. */
export function rootLayers(root: string, repoRoot: string | undefined, env = process.env): IgnoreLayer[] {
  const layers: IgnoreLayer[] = [];
  const global = readText(globalExcludesFile(env));
  if (global !== undefined) layers.push({ base: repoRoot ?? root, rules: ignore().add(global) });
  const exclude = repoRoot ? readText(join(repoRoot, ".git", "info", "exclude")) : undefined;
  if (exclude !== undefined && repoRoot) layers.push({ base: repoRoot, rules: ignore().add(exclude) });
  return layers;
}

/** Whether `path` is ignored by the layers (shallowest first; the last one with an opinion wins). */
export function isIgnored(layers: readonly IgnoreLayer[], path: string, isDir: boolean): boolean {
  let ignored = false;
  for (const layer of layers) {
    const rel = relative(layer.base, path).split("\\").join("/");
    if (rel === "" || rel.startsWith("../")) continue;
    const verdict = layer.rules.test(isDir ? `${rel}/` : rel);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}
