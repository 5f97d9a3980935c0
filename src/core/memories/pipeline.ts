// The memories pipeline of one start-up: extraction of the eligible past threads (phase 1), then
// consolidation of what is kept into the memory folder (phase 2). One run at a time per memory folder,
// across processes (a lease in memories.sqlite); bounded by the `[memories]` limits; it never throws: a
// failure is logged and the next start-up tries again.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config/load.js";
import { memoriesSettings, type MemoriesSettings } from "../../config/memories.js";
import type { RateLimitSnapshot } from "../../auth/rate-limits.js";
import type { ModelClient } from "../../model/model-client.js";
import { consolidateMemories, type ConsolidateOutcome } from "./consolidate.js";
import { extractionInputChars, extractMemories, findCandidates, type ExtractStats } from "./extract.js";
import { memoryRoot, STATE_DB_FILE } from "./paths.js";
import type { PipelineContext } from "./pipeline-context.js";
import { MemoryStateDb } from "./state-db.js";

/** Longer than any run should take; a holder that died is noticed sooner (state-db.ts, ownerAlive). */
const PIPELINE_LEASE_MS = 3_600_000;

/** Codex's preferred models for the OpenAI provider; any other provider gets the thread's model. */
const OPENAI_EXTRACT_MODEL = "gpt-5.4-mini";
const OPENAI_CONSOLIDATION_MODEL = "gpt-5.4";

export interface PipelineOptions {
  config: Config;
  client: ModelClient;
  currentThreadId: string;
  signal: AbortSignal;
}

export type PipelineReport =
  | { ran: false; reason: string }
  | { ran: true; extract: ExtractStats; consolidate: ConsolidateOutcome | "failed" };

export function memoryModels(
  config: Config,
  settings: MemoriesSettings,
): { extract: string; consolidate: string } {
  const openai = config.modelProviderId === "openai";
  return {
    extract: settings.extractModel ?? (openai ? OPENAI_EXTRACT_MODEL : config.model),
    consolidate: settings.consolidationModel ?? (openai ? OPENAI_CONSOLIDATION_MODEL : config.model),
  };
}

/** Whether the account's usage windows leave at least `minRemaining` percent (unknown limits: yes). */
export function rateLimitsAllow(snapshot: RateLimitSnapshot | undefined, minRemaining: number): boolean {
  if (!snapshot) return true;
  return [snapshot.primary, snapshot.secondary].every((w) => !w || 100 - w.used_percent >= minRemaining);
}

export async function runMemoriesPipeline(options: PipelineOptions): Promise<PipelineReport> {
  const { config } = options;
  const log = memoriesLog(config.logDir);
  const settings = memoriesSettings(config.toml);
  if (!settings.enabled) return { ran: false, reason: "memories are off" };
  if (!rateLimitsAllow(options.client.rateLimits, settings.minRateLimitRemainingPercent)) {
    log(`skipped: less than ${settings.minRateLimitRemainingPercent}% of the usage limits remains`);
    return { ran: false, reason: "rate limits" };
  }
  const root = memoryRoot(config.codexHome);
  let db: MemoryStateDb;
  try {
    db = MemoryStateDb.open(join(config.sqliteHome, STATE_DB_FILE));
  } catch (err) {
    log(`memories state unavailable: ${(err as Error).message}`);
    return { ran: false, reason: "state db unavailable" };
  }
  const job = `pipeline:${root}`;
  try {
    if (!db.acquireLease(job, Date.now(), PIPELINE_LEASE_MS)) {
      log("skipped: another process is updating these memories");
      return { ran: false, reason: "another process is updating these memories" };
    }
    const models = memoryModels(config, settings);
    const ctx: PipelineContext = {
      settings,
      client: options.client,
      extractModel: models.extract,
      consolidationModel: models.consolidate,
      inputChars: extractionInputChars(models.extract),
      db,
      root,
      currentThreadId: options.currentThreadId,
      now: Date.now(),
      signal: options.signal,
      log,
    };
    // Rows nothing would read or select again: past both the age window and max_unused_days.
    db.prune(ctx.now, Math.max(settings.maxRolloutAgeDays, settings.maxUnusedDays));
    const { ThreadIndex } = await import("../../rollout/index.js");
    const index = await ThreadIndex.open(config);
    let candidates;
    try {
      candidates = findCandidates(index, ctx);
    } finally {
      index.close();
    }
    const extract = await extractMemories(ctx, candidates);
    let consolidate: ConsolidateOutcome | "failed";
    try {
      consolidate = options.signal.aborted ? "failed" : await consolidateMemories(ctx);
    } catch (err) {
      log(`memory consolidation failed: ${(err as Error).message}`);
      consolidate = "failed";
    }
    log(
      `run: ${extract.claimed} thread(s) read (${extract.remembered} remembered, ${extract.empty} with nothing to keep, ${extract.skipped} skipped, ${extract.failed} failed); consolidation ${consolidate}`,
    );
    return { ran: true, extract, consolidate };
  } catch (err) {
    log(`memories pipeline failed: ${(err as Error).message}`);
    return { ran: false, reason: (err as Error).message };
  } finally {
    try {
      db.releaseLease(job);
    } finally {
      db.close();
    }
  }
}

/** Lines in `$log_dir/memories.log`: the pipeline runs in the background and has no one else to tell. */
function memoriesLog(logDir: string): (message: string) => void {
  return (message) => {
    try {
      mkdirSync(logDir, { recursive: true });
      appendFileSync(join(logDir, "memories.log"), `${new Date().toISOString()} ${message}\n`);
    } catch {
      // A log that cannot be written is not worth failing the pipeline for.
    }
  };
}
