// Which hosts a sandboxed command may reach through the network proxy (`allowed_domains`).
// An entry is a host name or IP literal, matched exactly, or `*.example.com`, which matches every
// subdomain of example.com (not example.com itself, as in the real Codex's allowlist).

export interface DomainAllowlist {
  allows(host: string): boolean;
  readonly entries: readonly string[];
}

/** Lowercase, without the brackets of an IPv6 literal or a trailing dot (`example.com.`). */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

/** Throws on an entry that cannot name a host, so a typo in config is an error rather than a silent deny. */
export function parseAllowlist(entries: readonly string[]): DomainAllowlist {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of entries) {
    const entry = normalizeHost(raw);
    const wildcard = entry.startsWith("*.");
    const name = wildcard ? entry.slice(2) : entry;
    if (name === "" || /[\s/*@]/.test(name) || name.includes("://")) {
      throw new Error(`allowed_domains: "${raw}" is not a host name (use "example.com" or "*.example.com")`);
    }
    if (wildcard) suffixes.push(`.${name}`);
    else exact.add(name);
  }
  return {
    entries: [...entries],
    allows(host: string): boolean {
      const h = normalizeHost(host);
      if (h === "") return false;
      return exact.has(h) || suffixes.some((suffix) => h.endsWith(suffix));
    },
  };
}
