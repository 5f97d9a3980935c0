// The lists the `@` and `$` completions draw from: the directory's files and the session's skills. The files
// are read in the background and kept fresh by FileListCache (files/file-list-cache.ts): read when the `@`
// finder opens, again on a key press once the list is a little old, and after a turn ended. Returned in a
// ref too, for key handlers that run before React renders.
import { useEffect, useMemo, useReducer, useRef } from "react";
import type { SkillMetadata } from "../../../protocol/core-protocol.js";
import { completionFor, type Completion, type CompletionSources } from "../composer/completions.js";
import type { ComposerState } from "../composer/composer-state.js";
import { FileListCache } from "../files/file-list-cache.js";
import { listFiles } from "../../../files/file-list.js";

export function useCompletion(
  cwd: string,
  composer: ComposerState,
  skills: readonly SkillMetadata[] | undefined,
  taskRunning: boolean,
): { completion: Completion | undefined; sources: { current: CompletionSources } } {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const cache = useMemo(() => new FileListCache({ list: () => listFiles(cwd), onChange: changed }), [cwd]);
  const { files, reading } = cache.current;
  const sources = useRef<CompletionSources>({});
  sources.current = { ...(files ? { files, filesReading: reading } : {}), ...(skills ? { skills } : {}) };
  const completion = useMemo(
    () => completionFor(composer, { files, filesReading: reading, skills }),
    [composer, files, reading, skills],
  );

  // Where the `@` word being typed starts (undefined when there is none): a new start is a new finder.
  const atStart = completion?.mention.sigil === "@" ? completion.mention.start : undefined;
  const finderAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    const opened = finderAt.current !== atStart;
    finderAt.current = atStart;
    if (atStart !== undefined) cache.request(opened ? "open" : "typing");
  }, [atStart, composer.text, cache]);

  // A turn that ended may have created or deleted files: the next ask reads them again (an open finder now).
  useEffect(() => {
    if (taskRunning) return;
    cache.invalidate();
    if (finderAt.current !== undefined) cache.request("typing");
  }, [taskRunning, cache]);

  return { completion, sources };
}
