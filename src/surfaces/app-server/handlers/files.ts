// fuzzyFileSearch: the files under each root (ripgrep, else git, else a walk; .gitignore respected),
// matched fuzzily against the query and ranked best first across the roots. Paths that cannot match are
// dropped while the listing streams in.
import { basename, isAbsolute, resolve } from "node:path";
import { listMatchingFiles } from "../../../files/file-list.js";
import { fuzzyRank, plausibleTest } from "../../../files/fuzzy.js";
import type { Handler } from "../handler-types.js";

export const MAX_RESULTS = 50;

export const fuzzyFileSearch: Handler<"fuzzyFileSearch"> = async (params, ctx) => {
  if (params.query.trim() === "") return { files: [] };
  const base = ctx.services.loadConfig().cwd;
  const test = plausibleTest(params.query) ?? (() => true);
  const roots = [...new Set(params.roots.map((r) => (isAbsolute(r) ? r : resolve(base, r))))];
  const perRoot = await Promise.all(
    roots.map(async (root) => {
      const matches = fuzzyRank(params.query, await listMatchingFiles(root, test), MAX_RESULTS);
      return matches.map((m) => ({ root, ...m }));
    }),
  );
  const best = perRoot
    .flat()
    .sort((a, b) => b.score - a.score || a.text.length - b.text.length || a.text.localeCompare(b.text))
    .slice(0, MAX_RESULTS);
  return {
    files: best.map((m) => ({
      root: m.root,
      path: m.text,
      file_name: basename(m.text),
      match_type: "file" as const,
      score: m.score,
      indices: m.indices,
    })),
  };
};
