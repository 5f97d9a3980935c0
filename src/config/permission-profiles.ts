// Codex's permission profiles (`default_permissions` naming a built-in profile or one of `[permissions.NAME]`)
// turned into the sandbox policy codex-ts enforces. A profile grants filesystem access per root (`:root`,
// `:minimal`, `:workspace_roots`, `:tmpdir`, an absolute or `~/` path, or sub-paths of one) and network
// access (optionally to listed domains only). codex-ts's sandbox reads the whole filesystem, so read grants
// are always met; what it cannot enforce (a deny rule, read-only with network, writes that leave out the
// workspace) is refused with an error rather than run more loosely than the profile says.
import { homedir, tmpdir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { sandboxPolicyFromMode, type SandboxPolicy } from "../protocol/policies.js";
import { parseAllowlist } from "../sandbox/domain-allowlist.js";
import { ConfigError } from "./config-file.js";
import { deepMerge } from "./overrides.js";
import type { PermissionProfileToml } from "./schema.js";

type Access = "read" | "write" | "none" | "deny";

const BUILT_INS: Record<string, PermissionProfileToml> = {
  ":read-only": { filesystem: { ":root": "read" } },
  ":workspace": { filesystem: { ":root": "read", ":workspace_roots": "write", ":tmpdir": "write" } },
  ":danger-full-access": { filesystem: { ":root": "write" }, network: { enabled: true } },
};

/** Network keys codex-ts enforces; Codex's proxy settings (mitm, unix sockets, socks...) it has no way to. */
const NETWORK_KEYS = new Set(["enabled", "domains"]);

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

/** The sandbox policy profile `name` makes for a thread in `cwd`. */
export function policyFromProfile(
  name: string,
  profiles: Record<string, PermissionProfileToml>,
  cwd: string,
): SandboxPolicy {
  const profile = resolveProfile(name, profiles);
  const where = `permissions profile \`${name}\``;
  const home = homedir();
  const expand = (path: string, base: string) =>
    path.startsWith("~/") ? join(home, path.slice(2)) : isAbsolute(path) ? path : resolve(base, path);

  const extraRoots = Object.entries(profile.workspace_roots ?? {})
    .filter(([, on]) => on)
    .map(([path]) => expand(path, cwd));
  const workspaceRoots = [cwd, ...extraRoots];
  let rootWrite = false;
  let tmpWrite = false;
  let workspaceWrite = false;
  const writable: string[] = [];
  const readOnly: Array<readonly [string, string]> = [];
  const grant = (root: string, access: Access, sub?: string) => {
    const label = sub === undefined ? root : `${root}.${sub}`;
    if (access === "none" || access === "deny") {
      throw new ConfigError(
        `${where}: filesystem.${label} = "${access}": codex-ts's sandbox cannot hide a path from commands ` +
          "(it reads the whole filesystem); remove the rule or use Codex",
      );
    }
    if (access === "read") {
      // Reads are met everywhere; a read-only path must not sit inside a writable root (checked below).
      if (root === ":workspace_roots" && sub !== undefined && sub !== ".") {
        readOnly.push(...workspaceRoots.map((r) => [label, expand(sub, r)] as const));
      } else if (!root.startsWith(":")) {
        readOnly.push([label, expand(sub === undefined ? root : join(root, sub), cwd)]);
      }
      return;
    }
    if (root === ":root") rootWrite = true;
    else if (root === ":tmpdir") tmpWrite = true;
    else if (root === ":workspace_roots") {
      if (sub === undefined || sub === ".") workspaceWrite = true;
      else writable.push(...workspaceRoots.map((r) => expand(sub, r)));
    } else if (root.startsWith(":")) {
      throw new ConfigError(`${where}: filesystem.${label}: only read access can be given to ${root}`);
    } else writable.push(expand(sub === undefined ? root : join(root, sub), cwd));
  };
  for (const [root, value] of Object.entries(profile.filesystem ?? {})) {
    if (root === "glob_scan_max_depth") continue;
    if (typeof value === "string") grant(root, value);
    else if (typeof value === "object") {
      for (const [sub, access] of Object.entries(value)) grant(root, access, sub);
    }
  }

  const network = profile.network ?? {};
  for (const key of Object.keys(network)) {
    if (!NETWORK_KEYS.has(key)) {
      throw new ConfigError(`${where}: network.${key} is not supported by codex-ts's sandbox`);
    }
  }
  const networkOn = network.enabled === true;
  const domains = Object.entries(network.domains ?? {});
  // Codex's `**.example.com` is example.com and its subdomains; the allowlist spells that as two entries.
  const allowed = domains
    .filter(([, p]) => p === "allow")
    .flatMap(([d]) => (d.startsWith("**.") ? [d.slice(3), `*.${d.slice(3)}`] : [d]));
  // A host of each denied pattern: `**.x` is x and its subdomains, `*.x` its subdomains only.
  const denied = domains
    .filter(([, p]) => p === "deny")
    .flatMap(([d]) =>
      d.startsWith("**.") ? [d.slice(3), `x.${d.slice(3)}`] : d.startsWith("*.") ? [`x.${d.slice(2)}`] : [d],
    );
  if (networkOn && denied.length > 0) {
    let list: ReturnType<typeof parseAllowlist> | undefined;
    try {
      list = allowed.length > 0 ? parseAllowlist(allowed) : undefined;
    } catch (err) {
      throw new ConfigError(`${where}: network.domains: ${(err as Error).message}`);
    }
    // Only the listed domains are reachable; a denied one among them cannot be carved out.
    const reachable = denied.find((host) => !list || list.allows(host));
    if (reachable !== undefined) {
      throw new ConfigError(
        `${where}: network.domains: codex-ts can let commands reach only the "allow" domains; it cannot ` +
          `keep them from a "deny" domain (${reachable}) those (or an open network) would reach`,
      );
    }
  }

  if (rootWrite && networkOn && allowed.length === 0) return { type: "danger-full-access" };
  const writableRoots = [
    ...(rootWrite ? ["/"] : []),
    ...(workspaceWrite ? workspaceRoots : []),
    ...(tmpWrite ? [tmpdir(), "/tmp"] : []),
    ...writable,
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
  const anyWrite = rootWrite || tmpWrite || workspaceWrite || writable.length > 0;
  if (!anyWrite && !networkOn) return { type: "read-only" };
  if (!workspaceWrite && !rootWrite) {
    throw new ConfigError(
      `${where}: codex-ts's sandbox cannot ${networkOn ? "give network access" : "allow writes"} without ` +
        'also allowing writes to the workspace roots (filesystem.":workspace_roots" = "write")',
    );
  }
  return sandboxPolicyFromMode("workspace-write", {
    writable_roots: rootWrite ? ["/"] : [...extraRoots, ...writable],
    network_access: networkOn,
    ...(networkOn && allowed.length > 0 ? { allowed_domains: allowed } : {}),
    exclude_tmpdir_env_var: !tmpWrite && !rootWrite,
    exclude_slash_tmp: !tmpWrite && !rootWrite,
  });
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
