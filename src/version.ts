// The package version and the Codex version whose protocol we implement. The bundle gets the version as a
// build-time constant (scripts/build.mjs), so start-up neither embeds nor parses the whole package.json;
// run from source (tests, tsx) it is read from package.json.
import { readFileSync } from "node:fs";

declare const __CODEX_TS_VERSION__: string | undefined;

function versionFromPackageJson(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

export const VERSION: string =
  typeof __CODEX_TS_VERSION__ === "string" ? __CODEX_TS_VERSION__ : versionFromPackageJson();

/**
 * The Codex release whose CLI flags, exec output and app-server protocol codex-ts follows. Version-gated
 * clients read it from `--version` and `initialize.userAgent`, so it comes first; our own version follows.
 */
export const CODEX_COMPAT_VERSION = "0.169.0";

/** `--version`: the real Codex's `codex-cli X.Y.Z`, then ours. */
export const VERSION_LINE = `codex-cli ${CODEX_COMPAT_VERSION} (codex-ts ${VERSION})`;
