// The project layers of the config: each `.codex/config.toml` from the project root down to cwd, applied
// when its folder is trusted (project-layers.ts says which files and which trust), without the keys only the
// user's config may set.
import { checkConfigFile, readConfigFile, type KeyIssue } from "./config-file.js";
import type { ConfigLayer, ConfigWarning, DisabledConfigLayer } from "./layer-types.js";
import { findProjectConfigFiles, isProjectTrusted, withoutUserOnlyKeys } from "./project-layers.js";
import { rootMarkersOf } from "./repo-folders.js";

/** Reads a file layer and checks each of its keys; the problems are judged once every layer is known. */
export function readLayer(path: string, issues: KeyIssue[]): Record<string, unknown> | undefined {
  const file = readConfigFile(path);
  if (!file) return undefined;
  issues.push(...checkConfigFile(path, file));
  return file.value;
}

/** Appends trusted project layers; returns the untrusted ones. Trust comes from the system and user files. */
export function addProjectLayers(
  layers: ConfigLayer[],
  context: {
    cwd: string;
    codexHome: string;
    issues: KeyIssue[];
    trustTable: Record<string, unknown>;
    /** Where the user-only keys a project file sets are reported (they are left out). */
    notes: ConfigWarning[];
  },
): DisabledConfigLayer[] {
  const { cwd, codexHome, issues, trustTable } = context;
  const disabled: DisabledConfigLayer[] = [];
  for (const file of findProjectConfigFiles(cwd, codexHome, rootMarkersOf(layers))) {
    if (!isProjectTrusted(file.dir, trustTable)) {
      // An untrusted file is not applied, so a broken one must not stop codex-ts from starting.
      let value: Record<string, unknown> = {};
      try {
        value = readConfigFile(file.path)?.value ?? {};
      } catch {
        // Reported through disabledReason only.
      }
      disabled.push({
        source: "project",
        path: file.path,
        value,
        disabledReason: `${file.dir} is not a trusted project: add [projects."${file.dir}"] trust_level = "trusted" to your config.toml to apply ${file.path}`,
      });
      continue;
    }
    const read = readLayer(file.path, issues);
    if (!read) continue;
    const { value, warning } = withoutUserOnlyKeys(read, file.path);
    if (warning) context.notes.push({ summary: warning, path: file.path });
    layers.push({ source: "project", path: file.path, value });
  }
  return disabled;
}
