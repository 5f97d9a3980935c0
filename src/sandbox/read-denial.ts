// Paths a permission profile denies (`"deny"` / `"none"`): neither commands nor the agent's own file tools
// may read or write them. Exact paths deny themselves and everything under them; glob patterns (absolute,
// `/w/**/*.env`) deny whatever they match, and a matched folder denies its subtree as well. A profile that
// does not read `:root` also denies everything outside the paths it names (`readableRoots`).
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { isWithin } from "./writable-roots.js";

export interface ReadDenial {
  /** Absolute paths, each denied with everything under it. */
  paths: string[];
  /** Absolute glob patterns (`*`, `?`, `[...]`, `**`); a leading dot is matched like any name. */
  globs: string[];
  /** The profile's `glob_scan_max_depth`: how deep a `**` is looked for below the pattern's fixed part. */
  globScanMaxDepth?: number;
  /**
   * Set when the profile does not read the whole filesystem: only these (and what lies under them) may be
   * read; the sandbox starts from an empty root and binds them in.
   */
  readableRoots?: string[];
}

export function hasReadDenial(denial: ReadDenial | undefined): denial is ReadDenial {
  return (
    denial !== undefined &&
    (denial.paths.length > 0 || denial.globs.length > 0 || denial.readableRoots !== undefined)
  );
}

/**
 * What `":minimal" = "read"` makes readable on Linux: the system folders a shell and its programs need,
 * the same list Codex uses.
 */
export const LINUX_PLATFORM_READ_ROOTS: readonly string[] = [
  "/bin",
  "/sbin",
  "/usr",
  "/etc",
  "/lib",
  "/lib64",
  "/nix/store",
  "/run/current-system/sw",
];

/** The rule named when a path lies outside every readable root. */
export const OUTSIDE_READABLE = "outside the paths the profile reads";

const GLOB_CHARS = /[*?[\]]/;

export function hasGlobChars(text: string): boolean {
  return GLOB_CHARS.test(text);
}

/** `text` with every character a glob gives a meaning to escaped: a literal path inside a pattern. */
export function escapeGlob(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@]/g, "\\$&");
}

/** Whether `part` has a glob character that is not escaped. */
function hasLiveGlob(part: string): boolean {
  return hasGlobChars(part.replace(/\\./g, ""));
}

/**
 * The pattern's leading folders without (unescaped) glob characters, unescaped, and the rest
 * (`/w/a/**\/*.env` → `/w/a`, `**\/*.env`).
 */
export function splitGlob(pattern: string): { base: string; rest: string } {
  const parts = pattern.split("/");
  const firstGlob = parts.findIndex((part) => hasLiveGlob(part));
  const unescape = (text: string) => text.replace(/\\(.)/g, "$1");
  if (firstGlob < 0) return { base: unescape(pattern), rest: "" };
  const base = unescape(parts.slice(0, firstGlob).join("/")) || "/";
  return { base, rest: parts.slice(firstGlob).join("/") };
}

const matchers = new Map<string, (p: string) => boolean>();

/** Whether the absolute `candidate` matches the absolute glob `pattern` (dotfiles included). */
export function matchesDenyGlob(candidate: string, pattern: string): boolean {
  let matcher = matchers.get(pattern);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true });
    matchers.set(pattern, matcher);
  }
  return matcher(candidate);
}

/** The denied paths resolved through their links, once per denial (a command or request checks many). */
const resolvedPaths = new WeakMap<ReadDenial, string[]>();
function realPathsOf(denial: ReadDenial): string[] {
  let real = resolvedPaths.get(denial);
  if (!real) resolvedPaths.set(denial, (real = denial.paths.map(realOrSelf)));
  return real;
}

/** The denied path or pattern that covers absolute `target` (itself or a folder above it), if any. */
export function deniedBy(target: string, denial: ReadDenial | undefined): string | undefined {
  if (!hasReadDenial(denial)) return undefined;
  const resolved = path.resolve(target);
  const roots = denial.readableRoots;
  if (roots !== undefined && !roots.some((r) => isWithin(resolved, r))) return OUTSIDE_READABLE;
  const exact = denial.paths.find((p) => isWithin(resolved, p));
  if (exact !== undefined) return exact;
  for (let at = resolved; ; at = path.dirname(at)) {
    const glob = denial.globs.find((pattern) => matchesDenyGlob(at, pattern));
    if (glob !== undefined) return glob;
    if (at === path.dirname(at)) return undefined;
  }
}

/** The message a tool gives when it refuses a denied path. */
export function deniedMessage(target: string, rule: string): string {
  return `access to ${target} is denied by the permission profile (${rule})`;
}

/**
 * Like `deniedBy`, for the path as written and for where its symlinks lead (the nearest existing folder
 * is resolved, so a link to a denied file or folder is denied too, even for a file not created yet).
 */
export function deniedByResolved(target: string, denial: ReadDenial | undefined): string | undefined {
  if (!hasReadDenial(denial)) return undefined;
  const direct = deniedBy(target, denial);
  if (direct !== undefined) return direct;
  let existing = path.resolve(target);
  const rest: string[] = [];
  while (!existsSync(existing) && existing !== path.dirname(existing)) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  let real: string;
  try {
    real = path.join(realpathSync(existing), ...rest);
  } catch {
    return undefined;
  }
  // A denied path that is itself a link denies where it leads (bwrap's mask lands there too).
  const realPaths = realPathsOf(denial);
  const viaLink = denial.paths.find((p, i) => realPaths[i] !== p && isWithin(real, realPaths[i] ?? p));
  if (viaLink !== undefined) return viaLink;
  if (real === path.resolve(target)) return undefined;
  // Likewise a readable root that is a link makes where it leads readable.
  const roots = denial.readableRoots;
  const resolved = roots ? { ...denial, readableRoots: [...roots, ...roots.map(realOrSelf)] } : denial;
  return deniedBy(real, resolved);
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
