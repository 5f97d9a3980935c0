// The package version, bundled at build time, and the Codex version whose protocol we implement.
import pkg from "../package.json" with { type: "json" };

export const VERSION: string = pkg.version;

/**
 * The Codex release whose CLI flags, exec output and app-server protocol codex-ts follows. Version-gated
 * clients read it from `--version` and `initialize.userAgent`, so it comes first; our own version follows.
 */
export const CODEX_COMPAT_VERSION = "0.169.0";

/** `--version`: the real Codex's `codex-cli X.Y.Z`, then ours. */
export const VERSION_LINE = `codex-cli ${CODEX_COMPAT_VERSION} (codex-ts ${VERSION})`;
