// The tools of one session, as the engine holds them. Which tools a session gets is decided above core
// (tools/tool-set.ts) and handed in through the engine parts (core/engine-parts.ts).
import type { ToolRegistry } from "./registry.js";

export interface ToolSet {
  registry: ToolRegistry;
  /** Ends what the tools keep alive (long-running exec_command processes). */
  close(): Promise<void>;
}
