// Which thread a child engine's new thread belongs to. The manager hands each child engine a config object
// of its own and notes the parent here; open-thread records it as `parent_thread_id` in session_meta.
// (A side table rather than a Codex option, so child engines need no change to the engine's entry point.)
import type { Config } from "../../config/load.js";

const parentThreads = new WeakMap<Config, string>();

export function linkChildConfig(config: Config, parentThreadId: string): void {
  parentThreads.set(config, parentThreadId);
}

export function parentThreadOf(config: Config): string | undefined {
  return parentThreads.get(config);
}
