// What the popup under the composer offers for the word at the cursor: files for `@`, skills for `$`.
import type { SkillMetadata } from "../../../protocol/core-protocol.js";
import { fuzzyFilter } from "../../../files/fuzzy.js";
import type { FinderResult } from "../files/finder-search.js";
import type { ComposerState } from "./composer-state.js";
import { activeMention, type Mention } from "./mention.js";

export interface CompletionItem {
  label: string;
  /** What replaces the typed word. */
  insert: string;
  description?: string;
  /** Positions in `label` that the query matched, shown highlighted. */
  matched?: number[];
  /** An `@` match: a file or a folder (shown as its name, its folder and its kind, as Codex does). */
  kind?: "file" | "dir";
}

export interface Completion {
  mention: Mention;
  items: CompletionItem[];
  /** Set while the files are being searched and there is nothing to offer yet (the search may). */
  loading?: boolean;
  /**
   * This `@` query's matches are not known yet: the items, if any, are an earlier query's, shown while this
   * one's search runs, and are not to be inserted.
   */
  awaiting?: true;
}

export const MAX_COMPLETIONS = 8;

export interface CompletionSources {
  /** The `@` finder's last search (files/finder-search.ts); undefined until one ended. */
  found?: FinderResult;
  /** A newer search is under way (the popup says "searching" rather than "no matching files"). */
  searching?: boolean;
  skills?: readonly SkillMetadata[];
}

/** A path as it is inserted: quoted when it holds a space. */
const asMention = (path: string) => (/\s/.test(path) ? `"${path}"` : path);

export function completionFor(composer: ComposerState, sources: CompletionSources): Completion | undefined {
  const mention = activeMention(composer);
  if (!mention) return undefined;
  if (mention.sigil === "@") {
    // An empty query lists nothing: the popup asks for a word (CompletionList).
    if (mention.query.trim() === "") return { mention, items: [] };
    if (!sources.found) return { mention, items: [], loading: true, awaiting: true };
    // The last search's matches stay shown while the next one (this query's) runs.
    const items = sources.found.matches.slice(0, MAX_COMPLETIONS).map((m): CompletionItem => ({
      label: m.text,
      insert: asMention(m.text),
      matched: m.indices,
      kind: m.directory ? "dir" : "file",
    }));
    const awaiting = sources.found.query !== mention.query ? { awaiting: true as const } : {};
    return items.length === 0 && sources.searching
      ? { mention, items, loading: true, ...awaiting }
      : { mention, items, ...awaiting };
  }
  const skills = sources.skills ?? [];
  const byName = new Map(skills.map((s) => [s.name, s]));
  const items = fuzzyFilter(mention.query, [...byName.keys()], MAX_COMPLETIONS).map((m) => ({
    label: `$${m.text}`,
    insert: `$${m.text}`,
    matched: m.indices.map((i) => i + 1),
    description: byName.get(m.text)?.description ?? "",
  }));
  return { mention, items };
}
