// Models often send the patch the way they would type it in a shell: wrapped in a heredoc
// (`<<'EOF' ... EOF`, `cat <<EOF ... EOF`, `apply_patch <<'EOF' ... EOF`). We accept that wrapper.

const HEREDOC_OPENER =
  /^\s*(?:(?:apply_patch|applypatch|cat)\s+)?<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1(?:\s*\|\s*(?:apply_patch|applypatch))?\s*$/;

/** Half-open range of line indexes holding the patch itself. */
export interface PatchBodyRange {
  start: number;
  end: number;
}

/**
 * Finds the patch inside `lines`: blank lines around it are skipped, and a heredoc opener and its
 * closing delimiter are dropped. Indexes stay those of `lines`, so errors can quote real line numbers.
 */
export function findPatchBody(lines: readonly string[]): PatchBodyRange {
  let start = 0;
  let end = lines.length;
  const isBlank = (i: number) => (lines[i] ?? "").trim() === "";
  while (start < end && isBlank(start)) start++;
  while (end > start && isBlank(end - 1)) end--;
  const opener = HEREDOC_OPENER.exec(lines[start] ?? "");
  if (!opener) return { start, end };
  const delimiter = opener[2];
  start++;
  if (end > start && (lines[end - 1] ?? "").trim() === delimiter) end--;
  while (start < end && isBlank(start)) start++;
  while (end > start && isBlank(end - 1)) end--;
  return { start, end };
}
