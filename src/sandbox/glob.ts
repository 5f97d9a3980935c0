// Case-insensitive `*` / `?` wildcard matching for names such as environment variables.

const cache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let source = "";
  for (const ch of pattern) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += ch.replace(/[\\^$.+()[\]{}|/-]/g, "\\$&");
  }
  const regex = new RegExp(`^${source}$`, "is");
  cache.set(pattern, regex);
  return regex;
}

export function matchesGlob(name: string, pattern: string): boolean {
  return globToRegExp(pattern).test(name);
}

export function matchesAnyGlob(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesGlob(name, pattern));
}
