// A file error worded as Codex 0.169 (Rust's io::Error) words it, for messages that match the real CLI's.
const REASONS: Record<string, string> = {
  ENOENT: "No such file or directory (os error 2)",
  EACCES: "Permission denied (os error 13)",
  EISDIR: "Is a directory (os error 21)",
  ENOTDIR: "Not a directory (os error 20)",
};

export function osErrorText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? "";
  return REASONS[code] ?? (err as Error).message;
}
