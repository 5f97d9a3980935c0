// Which earlier threads `codex-ts resume` and `fork` offer (the picker and --last), as Codex 0.169 scopes
// them: those of this directory unless --all, and interactive ones (the terminal UI's and the app-server's)
// unless --include-non-interactive brings in exec's too. A thread recorded without a source counts as
// interactive, as Codex reads such a file.
import { NAMED_SOURCES } from "./thread-names.js";

export interface ThreadScope {
  /** Only threads of this directory; undefined: every directory (--all). */
  cwd?: string;
  /** Also exec threads (and any other source). */
  includeNonInteractive?: boolean;
}

export function inThreadScope(
  thread: { cwd: string | null; source: string | null },
  scope: ThreadScope,
): boolean {
  if (scope.cwd !== undefined && thread.cwd !== scope.cwd) return false;
  return scope.includeNonInteractive === true || thread.source === null || NAMED_SOURCES.has(thread.source);
}
