// Writes to $CODEX_HOME/config.toml: a batch of key edits applied with comments and formatting kept, checked
// against the expected version (so two writers do not undo each other) and against the config schema.
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parse as parseToml } from "smol-toml";
import { describeZodError } from "../protocol/errors.js";
import { profileFilePath } from "./profile-layer.js";
import { ConfigToml } from "./schema.js";
import { parseKeyPath, setTomlValue, TomlEditError } from "./toml-edit.js";

export interface ConfigEditRequest {
  keyPath: string;
  value: unknown;
  mergeStrategy: "replace" | "upsert";
}

export type ConfigWriteErrorCode =
  "configVersionConflict" | "configValidationError" | "configPathNotAllowed" | "configEditFailed";

export class ConfigWriteError extends Error {
  constructor(
    readonly code: ConfigWriteErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A file's version as config/read and the writes report it: a hash of its bytes. */
export function configVersion(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

export function userConfigPath(codexHome: string): string {
  return join(codexHome, "config.toml");
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw err;
  }
}

function fileMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Applies the edits to a config text; pure. */
export function applyConfigEdits(text: string, edits: readonly ConfigEditRequest[]): string {
  let out = text;
  for (const edit of edits) {
    try {
      out = setTomlValue(out, parseKeyPath(edit.keyPath), edit.value, edit.mergeStrategy);
    } catch (err) {
      if (err instanceof TomlEditError) {
        throw new ConfigWriteError("configEditFailed", `${edit.keyPath}: ${err.message}`);
      }
      throw err;
    }
  }
  return out;
}

export interface ConfigWriteResult {
  filePath: string;
  version: string;
  /** With `secret`: the mode the file had when others could read it (it is 0600 now). */
  narrowedFrom?: number;
}

/**
 * Applies the edits to $CODEX_HOME/config.toml (or `filePath`, which must be that file), or to the profile
 * file $CODEX_HOME/NAME.config.toml with `profile`.
 */
export function writeUserConfig(
  codexHome: string,
  edits: readonly ConfigEditRequest[],
  options: {
    filePath?: string | null;
    expectedVersion?: string | null;
    /** The edits write a secret: the file is made readable by its owner only (0600). */
    secret?: boolean;
    profile?: string;
  } = {},
): ConfigWriteResult {
  const path =
    options.profile !== undefined ? profileFilePath(codexHome, options.profile) : userConfigPath(codexHome);
  if (options.filePath && resolve(options.filePath) !== path) {
    throw new ConfigWriteError(
      "configPathNotAllowed",
      `only the user config ${path} can be written, not ${options.filePath}`,
    );
  }
  const before = readText(path);
  const current = configVersion(before);
  if (options.expectedVersion && options.expectedVersion !== current) {
    throw new ConfigWriteError(
      "configVersionConflict",
      `${basename(path)} changed since it was read (expected ${options.expectedVersion}, found ${current})`,
    );
  }
  const after = applyConfigEdits(before, edits);
  const checked = ConfigToml.safeParse(parseToml(after));
  if (!checked.success) {
    throw new ConfigWriteError("configValidationError", `invalid config: ${describeZodError(checked.error)}`);
  }
  mkdirSync(dirname(path), { recursive: true });
  // Write then rename, so a reader never sees half a file. The file keeps its mode (a new one is private,
  // as Codex creates it): the rename must not widen who can read it. A file that gets a secret is private.
  const temp = `${path}.${process.pid}.tmp`;
  const existing = fileMode(path);
  const mode = options.secret ? 0o600 : (existing ?? 0o600);
  writeFileSync(temp, after, { mode });
  chmodSync(temp, mode);
  renameSync(temp, path);
  const narrowed = options.secret && existing !== undefined && (existing & 0o077) !== 0;
  return { filePath: path, version: configVersion(after), ...(narrowed ? { narrowedFrom: existing } : {}) };
}
