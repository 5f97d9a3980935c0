// When the memories pipeline runs: once per process and home, in the background, after the first answer
// of a root thread (never delaying it). Runs no one answers (exec, the MCP server) end with their task (they
// would have to wait or cut the run short), and subagents and fleet workers are not a person's threads, so
// they do not start it.
import type { Config } from "../../config/load.js";
import { memoriesSettings } from "../../config/memories.js";
import type { ModelClient } from "../../model/model-client.js";

const NOT_STARTING: ReadonlySet<string> = new Set(["exec", "subagent", "fleet"]);
const started = new Map<string, Promise<unknown>>();

export function shouldStartMemories(config: Config, source: string, interactive: boolean): boolean {
  // Cheapest first: after the first task of a process this stops at the map lookup.
  return (
    !started.has(config.codexHome) &&
    interactive &&
    !NOT_STARTING.has(source) &&
    memoriesSettings(config.toml).enabled
  );
}

/** Starts the pipeline for `config`'s home unless this process already did. */
export function startMemoriesPipeline(options: {
  config: Config;
  client: ModelClient;
  threadId: string;
  source: string;
  /** False for a run no one answers (exec, whatever source it records): it ends with its task. */
  interactive: boolean;
}): void {
  if (!shouldStartMemories(options.config, options.source, options.interactive)) return;
  const run = import("./pipeline.js").then(({ runMemoriesPipeline }) =>
    runMemoriesPipeline({
      config: options.config,
      client: options.client,
      currentThreadId: options.threadId,
      // Nothing stops a run early: it is bounded, and a process that exits mid-run leaves no half-written file.
      signal: new AbortController().signal,
    }),
  );
  // The pipeline logs its own failures; a rejection here would only be a bug in loading it.
  started.set(
    options.config.codexHome,
    run.catch(() => undefined),
  );
}
