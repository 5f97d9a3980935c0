// Codex's permission profiles (`default_permissions` naming a built-in profile or one of `[permissions.NAME]`)
// turned into the sandbox policy codex-ts enforces. A profile grants filesystem access per root (`:root`,
// `:minimal`, `:workspace_roots`, `:tmpdir`, `:slash_tmp`, an absolute or `~/` path, or sub-paths of one)
// and network access (permission-network.ts). `"deny"` (or `"none"`) hides a path or glob pattern from
// commands and from the agent's file tools (sandbox/read-denial.ts); the most specific rule wins, a deny
// winning a tie, and a deny glob always. Without `":root"` read, only the paths the profile names (and
// `:minimal`'s system folders) are readable. What the sandbox cannot enforce (read-only with network, writes
// that leave out the workspace, a grant inside a denied folder) is refused with an error rather than run
// more loosely than the profile says.
import { homedir, tmpdir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { sandboxPolicyFromMode, type SandboxPolicy } from "../protocol/policies.js";
import {
  escapeGlob,
  hasGlobChars,
  LINUX_PLATFORM_READ_ROOTS,
  splitGlob,
  type ReadDenial,
} from "../sandbox/read-denial.js";
import { ConfigError } from "./config-file.js";
import { profileNetwork } from "./permission-network.js";
import { deepMerge } from "./overrides.js";
import type { PermissionProfileToml } from "./schema.js";

type Access = "read" | "write" | "none" | "deny";

const BUILT_INS: Record<string, PermissionProfileToml> = {
  ":read-only": { filesystem: { ":root": "read" } },
  ":workspace": {
    filesystem: { ":root": "read", ":workspace_roots": "write", ":tmpdir": "write", ":slash_tmp": "write" },
  },
  ":danger-full-access": { filesystem: { ":root": "write" }, network: { enabled: true } },
};

const KNOWN_SPECIALS = new Set([":root", ":minimal", ":workspace_roots", ":tmpdir", ":slash_tmp"]);

/** The profile `name` with everything it extends merged in (the nearer profile wins). */
export function resolveProfile(
  name: string,
  profiles: Record<string, PermissionProfileToml>,
): PermissionProfileToml {
  const chain: PermissionProfileToml[] = [];
  const seen: string[] = [];
  let next: string | undefined = name;
  while (next !== undefined) {
    if (seen.includes(next)) {
      throw new ConfigError(
        `permissions profile inheritance cycle detected: ${[...seen, next].join(" -> ")}`,
      );
    }
    const profile: PermissionProfileToml | undefined = profiles[next] ?? BUILT_INS[next];
    if (!profile) {
      if (seen.length === 0) {
        throw new ConfigError(
          next.startsWith(":")
            ? `default_permissions refers to unknown built-in profile \`${next}\` (:read-only, :workspace, :danger-full-access)`
            : `default_permissions refers to undefined profile \`${next}\``,
        );
      }
      throw new ConfigError(`permissions profile \`${seen.at(-1)}\` extends undefined profile \`${next}\``);
    }
    seen.push(next);
    chain.push(profile);
    next = profile.extends;
  }
  return chain.reduceRight<Record<string, unknown>>((merged, profile) => deepMerge(merged, profile), {});
}

export interface ProfilePermissions {
  policy: SandboxPolicy;
  /** What the profile denies (`"deny"` / `"none"`), when it denies anything. */
  readDenial?: ReadDenial;
  /** Entries Codex itself ignores with a warning (special paths this version does not know). */
  warnings: string[];
}

/** The sandbox policy profile `name` makes for a thread in `cwd`. */
export function policyFromProfile(
  name: string,
  profiles: Record<string, PermissionProfileToml>,
  cwd: string,
): SandboxPolicy {
  return permissionsFromProfile(name, profiles, cwd).policy;
}

/** A Codex-style `/**` suffix means the folder itself (and so everything under it). */
function stripSubtree(path: string): string {
  return path.endsWith("/**") ? path.slice(0, -3) || "/" : path;
}

/** Everything profile `name` grants and denies for a thread in `cwd`. */
export function permissionsFromProfile(
  name: string,
  profiles: Record<string, PermissionProfileToml>,
  cwd: string,
): ProfilePermissions {
  const profile = resolveProfile(name, profiles);
  const where = `permissions profile \`${name}\``;
  const home = homedir();
  const expand = (path: string, base: string) =>
    path === "~"
      ? home
      : path.startsWith("~/")
        ? join(home, path.slice(2))
        : isAbsolute(path)
          ? resolve(path)
          : resolve(base, path);

  const extraRoots = Object.entries(profile.workspace_roots ?? {})
    .filter(([, on]) => on)
    .map(([path]) => expand(path, cwd));
  const workspaceRoots = [cwd, ...extraRoots];
  const warnings: string[] = [];
  let rootWrite = false;
  let tmpWrite = false;
  let slashTmpWrite = false;
  let workspaceWrite = false;
  const writable: Array<readonly [string, string]> = [];
  const readOnly: Array<readonly [string, string]> = [];
  const deniedPaths: Array<readonly [string, string]> = [];
  let fullRead = false;
  const readable: string[] = [];
  const deniedGlobs: string[] = [];

  const deny = (root: string, label: string, sub?: string) => {
    if (root === ":root" || root === ":minimal") {
      throw new ConfigError(
        `${where}: filesystem.${label} = "deny": codex-ts's sandbox cannot run commands with the whole ` +
          "filesystem denied; deny the paths to hide instead",
      );
    }
    if (root.startsWith(":") && root !== ":workspace_roots" && sub !== undefined && sub !== ".") {
      throw new ConfigError(`${where}: filesystem path \`${root}\` does not support nested entries`);
    }
    if (sub === undefined && !root.startsWith(":") && hasGlobChars(root)) {
      // A glob key: only what was written is a pattern, never the home or cwd it starts from.
      deniedGlobs.push(
        root.startsWith("~/")
          ? `${escapeGlob(home)}${root.slice(1)}`
          : isAbsolute(root)
            ? root
            : `${escapeGlob(cwd)}/${root}`,
      );
      return;
    }
    const bases =
      root === ":workspace_roots"
        ? workspaceRoots
        : root === ":tmpdir"
          ? [tmpdir()]
          : root === ":slash_tmp"
            ? ["/tmp"]
            : [expand(root, cwd)];
    for (const base of bases) {
      if (sub === undefined || sub === ".") deniedPaths.push([label, base]);
      else if (hasGlobChars(sub)) deniedGlobs.push(`${escapeGlob(base)}/${sub}`);
      else deniedPaths.push([label, join(base, sub)]);
    }
  };

  const grant = (root: string, access: Access, sub?: string) => {
    const label = sub === undefined ? root : `${root}.${sub}`;
    if (root.startsWith(":") && !KNOWN_SPECIALS.has(root)) {
      // As Codex does: a special path from a newer version is ignored, not an error.
      warnings.push(
        `${where}: filesystem path \`${root}\` is not recognized by this version of codex-ts and will be ignored`,
      );
      return;
    }
    if (sub !== undefined && sub !== "." && sub.split("/").some((p) => p === "" || p === "." || p === "..")) {
      throw new ConfigError(
        `${where}: filesystem subpath \`${sub}\` must be a descendant path without \`.\` or \`..\` components`,
      );
    }
    if (access === "none" || access === "deny") return deny(root, label, sub);
    // Only a deny may be a glob; `x/**` is the folder x for a read or write.
    const written = sub === undefined ? root : sub;
    if (hasGlobChars(stripSubtree(written))) {
      throw new ConfigError(
        `${where}: filesystem glob path \`${written}\` only supports \`deny\` access; use an exact path or ` +
          `trailing \`/**\` for \`${access}\` subtree access`,
      );
    }
    const plainRoot = stripSubtree(root);
    const plainSub = sub === undefined ? undefined : stripSubtree(sub);
    // Whatever may be read or written may be read (what matters when `:root` is not read).
    if (plainRoot === ":root") fullRead = true;
    else if (plainRoot === ":minimal") readable.push(...LINUX_PLATFORM_READ_ROOTS);
    else if (plainRoot === ":tmpdir") readable.push(tmpdir(), ...(access === "write" ? ["/tmp"] : []));
    else if (plainRoot === ":slash_tmp") readable.push("/tmp");
    else if (plainRoot === ":workspace_roots") {
      readable.push(...workspaceRoots.map((r) => (plainSub === undefined ? r : expand(plainSub, r))));
    } else readable.push(expand(plainSub === undefined ? plainRoot : join(plainRoot, plainSub), cwd));
    if (access === "read") {
      // Reads are met everywhere; a read-only path must not sit inside a writable root (checked below).
      if (plainRoot === ":workspace_roots" && plainSub !== undefined && plainSub !== ".") {
        readOnly.push(...workspaceRoots.map((r) => [label, expand(plainSub, r)] as const));
      } else if (!plainRoot.startsWith(":")) {
        readOnly.push([label, expand(plainSub === undefined ? plainRoot : join(plainRoot, plainSub), cwd)]);
      }
      return;
    }
    if (plainRoot === ":root") rootWrite = true;
    else if (plainRoot === ":tmpdir") tmpWrite = true;
    else if (plainRoot === ":slash_tmp") slashTmpWrite = true;
    else if (plainRoot === ":workspace_roots") {
      if (plainSub === undefined || plainSub === ".") workspaceWrite = true;
      else writable.push(...workspaceRoots.map((r) => [label, expand(plainSub, r)] as const));
    } else if (plainRoot.startsWith(":")) {
      throw new ConfigError(`${where}: filesystem.${label}: only read access can be given to ${plainRoot}`);
    } else
      writable.push([label, expand(plainSub === undefined ? plainRoot : join(plainRoot, plainSub), cwd)]);
  };
  for (const [root, value] of Object.entries(profile.filesystem ?? {})) {
    if (root === "glob_scan_max_depth") continue;
    if (typeof value === "string") grant(root, value);
    else if (typeof value === "object") {
      for (const [sub, access] of Object.entries(value)) grant(root, access, sub);
    }
  }

  // The most specific rule wins: a grant strictly inside a denied folder would have to re-open it.
  const grants = [
    ...writable,
    ...readOnly,
    ...(workspaceWrite ? workspaceRoots.map((r) => [":workspace_roots", r] as const) : []),
  ];
  for (const [deniedLabel, denied] of deniedPaths) {
    const inside = grants.find(([, path]) => isInside(path, denied));
    if (inside !== undefined) {
      throw new ConfigError(
        `${where}: filesystem.${inside[0]}: codex-ts's sandbox cannot open ${inside[1]} inside the denied ` +
          `${denied} (filesystem.${deniedLabel})`,
      );
    }
  }

  const network = profileNetwork(profile.network, where);
  const networkOn = network.enabled;
  const allowed = network.allowedDomains ?? [];
  const readDenial = denialOf(deniedPaths, deniedGlobs, profile, where, fullRead ? undefined : readable);
  const withDenial = (policy: SandboxPolicy): ProfilePermissions => ({
    policy,
    ...(readDenial ? { readDenial } : {}),
    warnings,
  });

  if (rootWrite && networkOn && allowed.length === 0) return withDenial({ type: "danger-full-access" });
  const writableRoots = [
    ...(rootWrite ? ["/"] : []),
    ...(workspaceWrite ? workspaceRoots : []),
    ...(tmpWrite ? [tmpdir(), "/tmp"] : []),
    ...(slashTmpWrite ? ["/tmp"] : []),
    ...writable.map(([, path]) => path),
  ];
  for (const [label, path] of readOnly) {
    const inside = writableRoots.find((root) => path === root || isInside(path, root));
    if (inside !== undefined) {
      throw new ConfigError(
        `${where}: filesystem.${label} = "read": codex-ts's sandbox cannot keep ${path} read-only inside ` +
          `the writable ${inside}`,
      );
    }
  }
  const anyWrite = rootWrite || tmpWrite || slashTmpWrite || workspaceWrite || writable.length > 0;
  if (!anyWrite && !networkOn) return withDenial({ type: "read-only" });
  if (!workspaceWrite && !rootWrite) {
    throw new ConfigError(
      `${where}: codex-ts's sandbox cannot ${networkOn ? "give network access" : "allow writes"} without ` +
        'also allowing writes to the workspace roots (filesystem.":workspace_roots" = "write")',
    );
  }
  return withDenial(
    sandboxPolicyFromMode("workspace-write", {
      writable_roots: rootWrite ? ["/"] : [...extraRoots, ...writable.map(([, path]) => path)],
      network_access: networkOn,
      ...(networkOn && allowed.length > 0 ? { allowed_domains: allowed } : {}),
      exclude_tmpdir_env_var: !tmpWrite && !rootWrite,
      exclude_slash_tmp: !tmpWrite && !slashTmpWrite && !rootWrite,
    }),
  );
}

function denialOf(
  paths: ReadonlyArray<readonly [string, string]>,
  globs: string[],
  profile: PermissionProfileToml,
  where: string,
  readableRoots: string[] | undefined,
): ReadDenial | undefined {
  if (paths.length === 0 && globs.length === 0 && readableRoots === undefined) return undefined;
  const depth = profile.filesystem?.glob_scan_max_depth;
  const maxDepth = typeof depth === "number" ? depth : undefined;
  // Expanded when each command starts: a `**` from / would walk the whole machine every time.
  const fromRoot = globs.find((g) => splitGlob(g).base === "/");
  if (fromRoot !== undefined && maxDepth === undefined) {
    throw new ConfigError(
      `${where}: deny-read glob \`${fromRoot}\` cannot be safely expanded from a filesystem root without ` +
        "`glob_scan_max_depth`; configure `glob_scan_max_depth` or use a non-root directory prefix",
    );
  }
  return {
    paths: [...new Set(paths.map(([, path]) => path))],
    globs: [...new Set(globs)],
    ...(maxDepth !== undefined ? { globScanMaxDepth: maxDepth } : {}),
    ...(readableRoots !== undefined ? { readableRoots: [...new Set(readableRoots)] } : {}),
  };
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
