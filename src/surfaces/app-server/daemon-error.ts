// The errors `app-server daemon` reports (exit 1), worded as Codex 0.169 words its own: a first line
// saying what failed, then the system's reason ("Caused by: Operation not permitted (os error 1)").
import { existsSync, lstatSync, mkdirSync } from "node:fs";
import { constants } from "node:os";
import { getSystemErrorMap } from "node:util";

export class DaemonError extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }

  /** What stderr gets. */
  format(): string {
    return `Error: ${this.message}${this.reason ? `\n\nCaused by:\n    ${this.reason}` : ""}\n`;
  }
}

/** A system error as Codex prints one ("Connection reset by peer (os error 104)"); else its message. */
export function osReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const errno = e.code ? constants.errno[e.code as keyof typeof constants.errno] : undefined;
  const described = errno !== undefined ? getSystemErrorMap().get(-errno)?.[1] : undefined;
  if (errno === undefined || described === undefined) return e.message ?? String(err);
  return `${described[0]?.toUpperCase() ?? ""}${described.slice(1)} (os error ${errno})`;
}

/** Makes `dir` (0700) or says why it cannot be: a file in its place is named as such. */
export function ensureDir(dir: string, what: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    const notDir = existsSync(dir) && !lstatSync(dir).isDirectory();
    throw new DaemonError(
      `failed to create ${what} ${dir}`,
      notDir ? `path exists and is not a directory: ${dir}` : osReason(err),
    );
  }
}
