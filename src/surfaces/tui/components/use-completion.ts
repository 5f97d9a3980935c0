// The lists the `@` and `$` completions draw from: the directory's files, read once (in the background) the
// first time an `@` is typed, and the session's skills. Returned in a ref too, for key handlers that run
// before React renders.
import { useEffect, useMemo, useRef, useState } from "react";
import type { SkillMetadata } from "../../../protocol/core-protocol.js";
import { completionFor, type Completion, type CompletionSources } from "../composer/completions.js";
import type { ComposerState } from "../composer/composer-state.js";
import { listFiles } from "../../../files/file-list.js";

export function useCompletion(
  cwd: string,
  composer: ComposerState,
  skills: readonly SkillMetadata[] | undefined,
): { completion: Completion | undefined; sources: { current: CompletionSources } } {
  const [files, setFiles] = useState<string[] | undefined>(undefined);
  const loading = useRef(false);
  const wantsFiles = composer.text.includes("@");
  useEffect(() => {
    if (!wantsFiles || loading.current) return;
    loading.current = true;
    void listFiles(cwd).then(setFiles);
  }, [wantsFiles, cwd]);
  const sources = useRef<CompletionSources>({});
  sources.current = { ...(files ? { files } : {}), ...(skills ? { skills } : {}) };
  const completion = useMemo(() => completionFor(composer, { files, skills }), [composer, files, skills]);
  return { completion, sources };
}
