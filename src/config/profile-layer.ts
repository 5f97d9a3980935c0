// Config profiles. As in Codex 0.169, `-p NAME` layers `$CODEX_HOME/NAME.config.toml` over the user's
// config.toml (under the project layers), and `-p` naming no such file runs with the base config. Older
// configs select a `[profiles.NAME]` table (by `-p NAME` or a top-level `profile = "NAME"`): codex-ts still
// applies such a table when no NAME.config.toml exists, and refuses, with Codex's words, a config that has
// both for one name.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config-file.js";

const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;

/** Why `name` cannot name a profile file (it must not reach outside $CODEX_HOME); undefined when it can. */
export function profileNameProblem(name: string): string | undefined {
  return PLAIN_NAME.test(name)
    ? undefined
    : `invalid --profile value \`${name}\`; pass a plain name such as \`work\``;
}

export function profileFilePath(codexHome: string, name: string): string {
  return join(codexHome, `${name}.config.toml`);
}

/** What selects a profile, and where a legacy table would be. */
export interface ProfileSelection {
  codexHome: string;
  userPath: string;
  /** `-p NAME`. */
  flag?: string;
  /** A top-level `profile = "NAME"` (in a file or a `-c` override). */
  selector?: unknown;
  /** The `[profiles]` tables of the layers read so far. */
  tables: unknown;
  /** False under `--ignore-user-config`: no profile file is read and nothing is refused (as in Codex). */
  files: boolean;
}

/** The profile to apply: a file of its own, a legacy table, or none. */
export type ProfileChoice =
  | { kind: "file"; name: string; path: string }
  | { kind: "table"; name: string; value: Record<string, unknown> }
  | { kind: "none" };

export function chooseProfile(selection: ProfileSelection): ProfileChoice {
  const { codexHome, userPath, flag, selector } = selection;
  if (!selection.files) {
    const name = flag ?? selector;
    const table = typeof name === "string" ? legacyTable(selection.tables, name) : undefined;
    return table && typeof name === "string" ? { kind: "table", name, value: table } : { kind: "none" };
  }
  if (flag !== undefined) {
    const problem = profileNameProblem(flag);
    const path = profileFilePath(codexHome, flag);
    if (problem === undefined && existsSync(path)) {
      if (selector === flag || legacyTable(selection.tables, flag)) {
        throw new ConfigError(
          `--profile \`${flag}\` cannot be used while ${userPath} contains legacy \`profile = "${flag}"\` or ` +
            `\`[profiles.${flag}]\` config; move those settings into ${path} and remove the legacy profile ` +
            `selector/table. See https://developers.openai.com/codex/config-advanced#profiles for more information.`,
        );
      }
      if (selector !== undefined) throw legacySelectorError(selector);
      return { kind: "file", name: flag, path };
    }
    const table = legacyTable(selection.tables, flag);
    return table ? { kind: "table", name: flag, value: table } : { kind: "none" };
  }
  if (selector === undefined) return { kind: "none" };
  // The legacy selector keeps working for the table it names, and for nothing else (Codex refuses it always).
  const table = typeof selector === "string" ? legacyTable(selection.tables, selector) : undefined;
  const ownFile = typeof selector === "string" && profileNameProblem(selector) === undefined;
  if (!table || (ownFile && existsSync(profileFilePath(codexHome, selector))))
    throw legacySelectorError(selector);
  return { kind: "table", name: selector as string, value: table };
}

function legacySelectorError(selector: unknown): ConfigError {
  const name = typeof selector === "string" ? selector : JSON.stringify(selector);
  return new ConfigError(
    `legacy \`profile = "${name}"\` config is no longer supported; use \`--profile ${name}\` with \`${name}.config.toml\` instead`,
  );
}

function legacyTable(tables: unknown, name: string): Record<string, unknown> | undefined {
  if (!tables || typeof tables !== "object") return undefined;
  const table = (tables as Record<string, unknown>)[name];
  return table && typeof table === "object" && !Array.isArray(table)
    ? (table as Record<string, unknown>)
    : undefined;
}
