// For tests: the sources an `@` finder has once its search for the composer's query ended over `paths`
// (ranked as files/search-root.ts ranks a listing; a folder's path ends in "/").
import { TopMatches } from "../../../files/fuzzy.js";
import type { CompletionSources } from "./completions.js";
import type { ComposerState } from "./composer-state.js";
import { activeMention } from "./mention.js";

export function searched(composer: ComposerState, paths: readonly string[]): CompletionSources {
  const query = activeMention(composer)?.query ?? "";
  const top = new TopMatches(query, 8);
  top.add(paths);
  return { found: { query, matches: top.result() } };
}
