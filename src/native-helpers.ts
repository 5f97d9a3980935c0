// The small programs built at install with the machine's C compiler (scripts/build-native-helpers.mjs),
// found in this package's dist/ from wherever this module was loaded (the bundle in dist/, or src/ in
// development). Each is optional: whoever uses one has a way without it.
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** `dist/NAME` of this package when it is there and executable. */
export function nativeHelperPath(name: string): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ;) {
    if (existsSync(path.join(dir, "package.json"))) {
      const candidate = path.join(dir, "dist", name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        return undefined;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
