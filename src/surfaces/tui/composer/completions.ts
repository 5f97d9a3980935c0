// What the popup under the composer offers for the word at the cursor: files for `@`, skills for `$`.
import type { SkillMetadata } from "../../../protocol/core-protocol.js";
import { fuzzyFilter } from "../../../files/fuzzy.js";
import type { ComposerState } from "./composer-state.js";
import { activeMention, type Mention } from "./mention.js";

export interface CompletionItem {
  label: string;
  /** What replaces the typed word. */
  insert: string;
  description?: string;
  /** Positions in `label` that the query matched, shown highlighted. */
  matched?: number[];
}

export interface Completion {
  mention: Mention;
  items: CompletionItem[];
  /** Set while the file list is being read and has nothing to offer yet (the new list may). */
  loading?: boolean;
}

export const MAX_COMPLETIONS = 8;

export interface CompletionSources {
  /** Paths relative to the session's directory; undefined until read. */
  files?: readonly string[];
  /** A newer file list is being read (the popup says "searching" rather than "no matching files"). */
  filesReading?: boolean;
  skills?: readonly SkillMetadata[];
}

/** A path as it is inserted: quoted when it holds a space. */
const asMention = (path: string) => (/\s/.test(path) ? `"${path}"` : path);

export function completionFor(composer: ComposerState, sources: CompletionSources): Completion | undefined {
  const mention = activeMention(composer);
  if (!mention) return undefined;
  if (mention.sigil === "@") {
    if (!sources.files) return { mention, items: [], loading: true };
    const items = fuzzyFilter(mention.query, sources.files, MAX_COMPLETIONS).map((m) => ({
      label: m.text,
      insert: asMention(m.text),
      matched: m.indices,
    }));
    return items.length === 0 && sources.filesReading
      ? { mention, items, loading: true }
      : { mention, items };
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
