// `@` file mentions in the composer: the word being typed after an `@` is looked up with the app-server's
// fuzzyFileSearch, and a chosen path replaces it (as the terminal UI's `@` finder does).
import { useEffect, useState } from "react";

export interface Mention {
  /** Where the `@` is. */
  start: number;
  /** Just past the word (the caret). */
  end: number;
  query: string;
}

/** The `@word` that ends at the caret, if any. */
export function mentionAt(text: string, caret: number): Mention | undefined {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  const query = match[2] ?? "";
  return { start: caret - query.length - 1, end: caret, query };
}

export function completeMention(
  text: string,
  mention: Mention,
  path: string,
): { text: string; caret: number } {
  const before = text.slice(0, mention.start);
  const after = text.slice(mention.end);
  const inserted = after.startsWith(" ") ? path : `${path} `;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/** The paths matching the mention being typed (none while there is none). */
export function useFileMatches(
  mention: Mention | undefined,
  search: (query: string) => Promise<string[]>,
): string[] {
  const [matches, setMatches] = useState<string[]>([]);
  const query = mention?.query;
  useEffect(() => {
    if (!query) {
      setMatches([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      search(query).then(
        (paths) => current && setMatches(paths.slice(0, 8)),
        () => current && setMatches([]),
      );
    }, 60);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, search]);
  return matches;
}
