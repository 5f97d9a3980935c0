// Waiting for a file another process writes (a fleet worker's output, a test browser's page).
import { existsSync, watch } from "node:fs";
import { dirname } from "node:path";

/** Resolves once `file` exists (watching its directory, which must exist). */
export function waitForFile(file: string, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolveFile, reject) => {
    const dir = dirname(file);
    const watcher = watch(dir, () => check());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`${file} did not appear within ${timeoutMs} ms`));
    }, timeoutMs);
    function check() {
      if (!existsSync(file)) return;
      clearTimeout(timer);
      watcher.close();
      resolveFile();
    }
    check();
  });
}
