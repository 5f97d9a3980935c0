// fuzzyFileSearch: the files under each root (ripgrep, else git, else a walk; .gitignore respected),
// matched fuzzily against the query and ranked best first across the roots. Paths that cannot match are
// dropped while the listing streams in.
import { basename, isAbsolute, resolve } from "node:path";
import { listMatchingFiles } from "../../../files/file-list.js";
import { fuzzyRank, plausibleTest } from "../../../files/fuzzy.js";
import type { Handler } from "../handler-types.js";

export const MAX_RESULTS = 50;

export const fuzzyFileSearch: Handler<"fuzzyFileSearch"> = async (params, ctx) => ({
  files: await searchFiles(params.query, resolveRoots(params.roots, ctx.services.loadConfig().cwd)),
});

/** Roots as absolute paths (relative ones from `base`), each once. */
export function resolveRoots(roots: readonly string[], base: string): string[] {
  return [...new Set(roots.map((r) => (isAbsolute(r) ? r : resolve(base, r))))];
}

/** The best matches for `query` across `roots`, as the wire's FuzzyFileSearchResult. */
export async function searchFiles(query: string, roots: readonly string[]) {
  if (query.trim() === "") return [];
  const test = plausibleTest(query) ?? (() => true);
  const perRoot = await Promise.all(
    roots.map(async (root) => {
      const matches = fuzzyRank(query, await listMatchingFiles(root, test), MAX_RESULTS);
      return matches.map((m) => ({ root, ...m }));
    }),
  );
  const best = perRoot
    .flat()
    .sort((a, b) => b.score - a.score || a.text.length - b.text.length || a.text.localeCompare(b.text))
    .slice(0, MAX_RESULTS);
  return best.map((m) => ({
    root: m.root,
    path: m.text,
    file_name: basename(m.text),
    match_type: "file" as const,
    score: m.score,
    indices: m.indices,
  }));
}
