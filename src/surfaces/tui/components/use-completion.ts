// The lists the `@` and `$` completions draw from: the `@` finder's searches of the session's directory
// (files/finder-search.ts: one search per query typed, through the listing kept in memory, and across
// starts in $CODEX_HOME/cache/file-listings as the app-server keeps it) and the session's skills. A turn
// that ended may have changed files: an open finder searches its query again. Also read live (`sources`),
// for key handlers that run before React renders, and `whenFound`, for a Tab that waits for its query's
// matches (app/held-keys.ts).
import { useEffect, useMemo, useReducer, useRef } from "react";
import type { SkillMetadata } from "../../../protocol/core-protocol.js";
import { prefetchListing } from "../../../files/listing-cache.js";
import { listingStore } from "../../../files/listing-store.js";
import { searchRoot } from "../../../files/search-root.js";
import {
  completionFor,
  MAX_COMPLETIONS,
  type Completion,
  type CompletionSources,
} from "../composer/completions.js";
import type { ComposerState } from "../composer/composer-state.js";
import { activeMention } from "../composer/mention.js";
import { FinderSearch } from "../files/finder-search.js";

export function useCompletion(
  cwd: string,
  codexHome: string,
  composer: ComposerState,
  skills: readonly SkillMetadata[] | undefined,
  taskRunning: boolean,
): {
  completion: Completion | undefined;
  sources: { readonly current: CompletionSources };
  whenFound: (query: string) => Promise<void>;
} {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const finder = useMemo(
    () =>
      new FinderSearch({
        search: (query) => searchRoot(query, cwd, MAX_COMPLETIONS, listingStore(codexHome)),
        onChange: changed,
      }),
    [cwd, codexHome],
  );
  const { found, searching } = finder.current;
  // Read live by key handlers: a search that landed since the last render counts at once.
  const skillsRef = useRef(skills);
  skillsRef.current = skills;
  const sources = useMemo(
    () => ({
      get current(): CompletionSources {
        const { found: last, searching: busy } = finder.current;
        const known = skillsRef.current;
        return { ...(last ? { found: last } : {}), searching: busy, ...(known ? { skills: known } : {}) };
      },
    }),
    [finder],
  );
  const completion = useMemo(
    () => completionFor(composer, { ...(found ? { found } : {}), searching, ...(skills ? { skills } : {}) }),
    [composer, found, searching, skills],
  );

  // The `@` word being typed (undefined when there is none): its query is searched as it changes.
  const mention = activeMention(composer);
  const query = mention?.sigil === "@" ? mention.query : undefined;
  useEffect(() => {
    if (query === undefined) return finder.forget();
    // A bare `@` searches nothing, but its first letter will: the listing is read meanwhile.
    if (query === "") prefetchListing(cwd, { storeIn: listingStore(codexHome) });
    finder.request(query);
  }, [query, finder, cwd, codexHome]);

  // A turn that ended may have created or deleted files: an open finder searches again.
  const queryRef = useRef(query);
  queryRef.current = query;
  useEffect(() => {
    if (!taskRunning && queryRef.current !== undefined) finder.request(queryRef.current, true);
  }, [taskRunning, finder]);

  const whenFound = useMemo(() => (q: string) => finder.whenFound(q), [finder]);
  return { completion, sources, whenFound };
}
