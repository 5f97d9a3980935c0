// The `network` table of a permission profile, checked against what codex-ts's sandbox does: commands reach
// the network fully, not at all, or (with `domains`) only through the allowlist proxy (src/sandbox/
// network-proxy.ts), over HTTP(S) with every method. Codex 0.169's other proxy keys are accepted where their
// value asks for exactly that, and refused, naming the key, where it asks for something the proxy cannot do.
import { parseAllowlist } from "../sandbox/domain-allowlist.js";
import { ConfigError } from "./config-file.js";
import type { PermissionProfileToml } from "./schema.js";

export interface ProfileNetwork {
  enabled: boolean;
  /** Allowed domain patterns in the allowlist's spelling; undefined when the profile lists none. */
  allowedDomains?: string[];
}

type NetworkToml = NonNullable<PermissionProfileToml["network"]>;

/** Keys whose value must be this for codex-ts's proxy to be what the profile describes. */
const MUST_EQUAL: Record<string, { value: unknown; why: string }> = {
  // Codex's default: every HTTP method, and HTTPS tunnels. "limited" needs a TLS-intercepting proxy.
  mode: { value: "full", why: 'only "full" (every method, HTTPS tunnelled) is enforced' },
  enable_socks5: { value: false, why: "the proxy speaks HTTP(S) only, no SOCKS5" },
  enable_socks5_udp: { value: false, why: "the proxy speaks HTTP(S) only, no SOCKS5 UDP" },
  allow_upstream_proxy: {
    value: false,
    why: "the proxy connects to hosts directly, never through another proxy",
  },
  dangerously_allow_non_loopback_proxy: {
    value: false,
    why: "the proxy is reachable from the sandbox only, never on a network address",
  },
  // A proxied command has a network namespace of its own: what it binds is reachable from nowhere else.
  allow_local_binding: {
    value: false,
    why: "a proxied command listens only inside its own network namespace; the host's ports stay out of reach",
  },
  dangerously_allow_all_unix_sockets: {
    value: false,
    why: "sandboxed commands cannot be given the host's Unix sockets",
  },
};

/** Keys naming where Codex's proxy listens: codex-ts picks its own socket and port per command. */
const LISTENER_KEYS = new Set(["proxy_url", "socks_url"]);

export function profileNetwork(network: NetworkToml | undefined, where: string): ProfileNetwork {
  const table = (network ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(table)) {
    if (key === "enabled" || key === "domains") continue;
    const rule = MUST_EQUAL[key];
    if (rule !== undefined) {
      if (value !== rule.value) {
        throw new ConfigError(
          `${where}: network.${key} = ${JSON.stringify(value)} is not supported by codex-ts's sandbox: ${rule.why}`,
        );
      }
      continue;
    }
    if (key === "unix_sockets") {
      const allowed = Object.entries((value ?? {}) as Record<string, unknown>).find(([, p]) => p === "allow");
      if (allowed !== undefined) {
        throw new ConfigError(
          `${where}: network.unix_sockets."${allowed[0]}" = "allow" is not supported by codex-ts's sandbox: ` +
            "sandboxed commands cannot be given the host's Unix sockets",
        );
      }
      continue;
    }
    if (key === "mitm") {
      const mitm = (value ?? {}) as Record<string, unknown>;
      if (mitm.enabled === true || mitm.hooks !== undefined || mitm.actions !== undefined) {
        throw new ConfigError(
          `${where}: network.mitm is not supported by codex-ts's sandbox: its proxy does not intercept TLS`,
        );
      }
      continue;
    }
    if (LISTENER_KEYS.has(key)) {
      throw new ConfigError(
        `${where}: network.${key} is not supported by codex-ts's sandbox: its proxy listens on a private ` +
          "socket per command, not on a configurable address",
      );
    }
    throw new ConfigError(`${where}: network.${key} is not supported by codex-ts's sandbox`);
  }
  const enabled = network?.enabled === true;
  const domains = Object.entries(network?.domains ?? {});
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
  if (enabled && denied.length > 0) {
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
  return { enabled, ...(allowed.length > 0 ? { allowedDomains: allowed } : {}) };
}
