// Opens a SQLite file with better-sqlite3, whose native module is built by its install script. An install
// that skipped scripts (`--ignore-scripts`, or an npm that blocks them) or a change of Node.js version leaves
// it missing or unloadable; that is reported as what it is and how to rebuild it, not as a bindings trace.
import { createRequire } from "node:module";
import { dirname, sep } from "node:path";
import Database from "better-sqlite3";

/** The `code` of the error thrown when better-sqlite3's native module cannot be loaded. */
export const SQLITE_UNAVAILABLE = "CODEX_TS_SQLITE_UNAVAILABLE";

export class SqliteUnavailableError extends Error {
  readonly code = SQLITE_UNAVAILABLE;
}

export function openSqlite(path: string, options?: Database.Options): Database.Database {
  try {
    return new Database(path, options);
  } catch (err) {
    if (isUnloadableBinding(err)) throw unavailable(err);
    throw err;
  }
}

/** bindings' "Could not locate the bindings file", or dlopen's refusal (another Node.js ABI, a broken file). */
function isUnloadableBinding(err: unknown): err is Error {
  if (!(err instanceof Error)) return false;
  const code = "code" in err ? String(err.code) : "";
  return err.message.startsWith("Could not locate the bindings file") || code === "ERR_DLOPEN_FAILED";
}

function unavailable(err: Error): SqliteUnavailableError {
  // bindings' message goes on to list every path it tried; dlopen's first line says what was wrong.
  const detail = err.message.startsWith("Could not locate") ? "" : ` (${err.message.split("\n")[0]?.trim()})`;
  return new SqliteUnavailableError(
    `the SQLite module (better-sqlite3) is not built for Node.js ${process.version} here${detail}: its install ` +
      `script did not run, or ran under another Node.js. Rebuild it with: ` +
      `npm rebuild better-sqlite3 --prefix ${packageRoot()}`,
  );
}

/** The folder whose node_modules holds better-sqlite3: where `npm rebuild` is to run. */
function packageRoot(): string {
  const entry = createRequire(import.meta.url).resolve("better-sqlite3");
  const marker = `${sep}node_modules${sep}better-sqlite3${sep}`;
  const at = entry.lastIndexOf(marker);
  return at >= 0 ? entry.slice(0, at) : dirname(entry);
}
