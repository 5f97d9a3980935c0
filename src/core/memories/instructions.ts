// What a new thread is told of its memories (`use_memories`): where the folder is, how to use it, and
// memory_summary.md itself, as a developer message of the initial context. Nothing when memories are off
// or nothing has been consolidated yet.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config/load.js";
import { memoriesSettings } from "../../config/memories.js";
import { readPackageFile } from "../package-files.js";
import { memoryRoot, SUMMARY_FILE } from "./paths.js";

/** The summary is cut here (about 5k tokens): it rides along with every request of the thread. */
const SUMMARY_MAX_CHARS = 20_000;

export function memoryInstructions(config: Config): string | undefined {
  const settings = memoriesSettings(config.toml);
  if (!settings.enabled || !settings.useMemories) return undefined;
  const root = memoryRoot(config.codexHome);
  let summary: string;
  try {
    summary = readFileSync(join(root, SUMMARY_FILE), "utf8").trim();
  } catch {
    return undefined;
  }
  if (summary === "") return undefined;
  if (summary.length > SUMMARY_MAX_CHARS) summary = `${summary.slice(0, SUMMARY_MAX_CHARS)}\n[... cut ...]`;
  return readPackageFile("prompts/memories/read_path.md")
    .replaceAll("{{ base_path }}", () => root)
    .replace("{{ memory_summary }}", () => summary)
    .trimEnd();
}
