// What each phase of the memories pipeline works with: the settings, the model client and models, the
// job state, the memory folder, and the signal that stops it when the process winds down.
import type { MemoriesSettings } from "../../config/memories.js";
import type { ModelClient } from "../../model/model-client.js";
import type { MemoryStateDb } from "./state-db.js";

export interface PipelineContext {
  settings: MemoriesSettings;
  client: ModelClient;
  extractModel: string;
  consolidationModel: string;
  db: MemoryStateDb;
  /** $CODEX_HOME/memories */
  root: string;
  /** The thread whose session started the pipeline: never one of its inputs. */
  currentThreadId: string;
  now: number;
  /** The thread's part of an extraction request, in characters. */
  inputChars: number;
  signal: AbortSignal;
  /** Problems worth a line in the log; the pipeline never fails its caller. */
  log: (message: string) => void;
}
