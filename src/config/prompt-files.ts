// Config keys naming a prompt file (`model_instructions_file`, `experimental_compact_prompt_file`): the
// file is read when config loads, so a missing or empty file stops every surface with a clear error
// instead of a thread quietly running on the built-in prompt.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { ConfigError } from "./config-file.js";

/** What is read of a config layer (load.ts's ConfigLayer). */
interface ConfigLayer {
  source: string;
  path?: string;
  value: Record<string, unknown>;
}

/**
 * A relative path is taken from the folder of the file that sets it (a profile's from config.toml's
 * folder, as its profile lives there), or from cwd when a flag or `-c` sets it.
 */
function resolveFrom(key: string, layers: readonly ConfigLayer[], cwd: string, codexHome: string): string {
  const value = layers.findLast((layer) => typeof layer.value[key] === "string");
  const raw = value?.value[key] as string;
  if (isAbsolute(raw)) return raw;
  if (value?.path) return resolve(dirname(value.path), raw);
  return resolve(value?.source.startsWith("profile:") ? codexHome : cwd, raw);
}

/** The path of the file `key` names, or undefined when no layer names one. */
export function promptFilePath(
  key: string,
  layers: readonly ConfigLayer[],
  cwd: string,
  codexHome: string,
): string | undefined {
  if (!layers.some((layer) => typeof layer.value[key] === "string")) return undefined;
  return resolveFrom(key, layers, cwd, codexHome);
}

/** The text of the prompt file `key` names, or undefined when no layer names one. */
export function readPromptFile(
  key: string,
  what: string,
  layers: readonly ConfigLayer[],
  cwd: string,
  codexHome: string,
): string | undefined {
  const path = promptFilePath(key, layers, cwd, codexHome);
  return path === undefined ? undefined : readPromptText(key, what, path);
}

/** The text of the file at `path` that `key` names; a missing or empty file is a config error. */
export function readPromptText(key: string, what: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
    throw new ConfigError(`invalid config: ${key}: failed to read ${what} ${path}: ${reason}`);
  }
  if (text.trim() === "") throw new ConfigError(`invalid config: ${key}: ${what} ${path} is empty`);
  return text;
}
