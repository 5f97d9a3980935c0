// Phase 1: each eligible past thread is read by a model once per version of its rollout, which notes what
// is worth remembering (a raw memory and a short recap). Eligible: a root thread a person drove (terminal
// UI or app-server: Codex's interactive sources), idle for `min_rollout_idle_hours`, younger than
// `max_rollout_age_days`, at most `max_rollouts_per_startup` per start-up. The results go to the state db;
// a failure leaves the thread to be tried again at a later start-up.
import { statSync } from "node:fs";
import { z } from "zod";
import { ModelError } from "../../model/model-client.js";
import { contextWindowFor } from "../../model/model-info.js";
import type { ThreadIndex } from "../../rollout/index.js";
import { readRollout } from "../../rollout/reader.js";
import { readPackageFile } from "../package-files.js";
import { callMemoryModel } from "./model-call.js";
import type { PipelineContext } from "./pipeline-context.js";
import { renderRolloutInput } from "./rollout-input.js";
import type { Stage1Candidate } from "./state-db.js";

/** The sources Codex counts as interactive: its terminal UI ("cli") and IDE clients of the app-server. */
const INTERACTIVE_SOURCES = new Set(["cli", "vscode"]);
/** How many index rows are looked at, newest first, to find candidates. */
const SCAN_LIMIT = 500;
/** Extractions run side by side, at most this many at once. */
const CONCURRENCY = 4;
/** A claim not finished within this time is free for another process to take. */
export const STAGE1_LEASE_MS = 3_600_000;
/** The thread's part of the request, in characters (about 4 per token): Codex's 150k-token fallback. */
const DEFAULT_INPUT_CHARS = 150_000 * 4;

/** 70% of the extraction model's context window when it is known (the rest: instructions and answer). */
export function extractionInputChars(model: string): number {
  const window = contextWindowFor(model);
  return window === undefined ? DEFAULT_INPUT_CHARS : Math.floor(window * 0.7) * 4;
}

const Stage1Answer = z.object({
  raw_memory: z.string(),
  rollout_summary: z.string(),
  rollout_slug: z.string().nullable(),
});

const STAGE1_JSON_SCHEMA = {
  type: "object",
  properties: {
    raw_memory: { type: "string" },
    rollout_summary: { type: "string" },
    rollout_slug: { type: ["string", "null"] },
  },
  required: ["raw_memory", "rollout_summary", "rollout_slug"],
  additionalProperties: false,
};

export interface ExtractStats {
  claimed: number;
  remembered: number;
  empty: number;
  skipped: number;
  failed: number;
}

/** The eligible threads, newest first, from the thread index (the rollout file's time decides). */
export function findCandidates(index: ThreadIndex, ctx: PipelineContext): Stage1Candidate[] {
  const { settings, now } = ctx;
  const idleMs = settings.minRolloutIdleHours * 3_600_000;
  const maxAgeMs = settings.maxRolloutAgeDays * 86_400_000;
  const found: Stage1Candidate[] = [];
  let cursor: string | undefined;
  let scanned = 0;
  while (scanned < SCAN_LIMIT) {
    const page = index.list({ sortKey: "updated_at", limit: 100, ...(cursor ? { cursor } : {}) });
    for (const row of page.items) {
      scanned++;
      if (row.id === ctx.currentThreadId || row.parentThreadId || row.archived) continue;
      if (!row.source || !INTERACTIVE_SOURCES.has(row.source)) continue;
      let mtime: number;
      try {
        mtime = statSync(row.path).mtimeMs;
      } catch {
        continue;
      }
      const age = now - mtime;
      if (age < idleMs || age > maxAgeMs) continue;
      found.push({ threadId: row.id, rolloutPath: row.path, cwd: row.cwd, updatedAt: Math.floor(mtime) });
    }
    if (!page.nextCursor || page.items.length === 0) break;
    cursor = page.nextCursor;
  }
  return found;
}

export async function extractMemories(
  ctx: PipelineContext,
  candidates: Stage1Candidate[],
): Promise<ExtractStats> {
  const claimed = ctx.db.claimStage1(
    candidates,
    ctx.settings.maxRolloutsPerStartup,
    ctx.now,
    STAGE1_LEASE_MS,
  );
  const stats: ExtractStats = { claimed: claimed.length, remembered: 0, empty: 0, skipped: 0, failed: 0 };
  const queue = [...claimed];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (ctx.signal.aborted) {
        ctx.db.failStage1(next.threadId, "interrupted", true);
        stats.failed++;
        continue;
      }
      stats[await extractOne(ctx, next)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
  return stats;
}

async function extractOne(
  ctx: PipelineContext,
  candidate: Stage1Candidate,
): Promise<"remembered" | "empty" | "skipped" | "failed"> {
  const { db } = ctx;
  try {
    const parsed = await readRollout(candidate.rolloutPath);
    const input = renderRolloutInput(parsed, ctx.inputChars);
    const skip =
      input.memoryMode === "disabled" || input.memoryMode === "polluted"
        ? `memory_mode ${input.memoryMode}`
        : input.externalContext && ctx.settings.disableOnExternalContext
          ? "used external context (MCP tools or web search)"
          : input.empty
            ? "no conversation"
            : undefined;
    if (skip) {
      db.finishStage1(candidate.threadId, { status: "skipped", reason: skip, at: Date.now() });
      return "skipped";
    }
    const answer = await callMemoryModel({
      client: ctx.client,
      model: ctx.extractModel,
      effort: "low",
      instructions: readPackageFile("prompts/memories/extract.md"),
      input: readPackageFile("prompts/memories/extract_input.md")
        .replace("{{ rollout_path }}", () => candidate.rolloutPath)
        .replace("{{ rollout_cwd }}", () => input.cwd ?? candidate.cwd ?? "")
        .replace("{{ rollout_contents }}", () => input.text),
      name: "memory_extraction",
      jsonSchema: STAGE1_JSON_SCHEMA,
      parse: Stage1Answer,
      signal: ctx.signal,
    });
    const rawMemory = redactSecrets(answer.raw_memory.trim());
    const rolloutSummary = redactSecrets(answer.rollout_summary.trim());
    if (rawMemory === "" || rolloutSummary === "") {
      db.finishStage1(candidate.threadId, { status: "empty", at: Date.now() });
      return "empty";
    }
    db.finishStage1(candidate.threadId, {
      status: "done",
      rawMemory,
      rolloutSummary,
      rolloutSlug: answer.rollout_slug ? redactSecrets(answer.rollout_slug) : null,
      at: Date.now(),
    });
    return "remembered";
  } catch (err) {
    const message = (err as Error).message;
    db.failStage1(candidate.threadId, message, isTransient(err));
    ctx.log(`memory extraction failed for thread ${candidate.threadId}: ${message}`);
    return "failed";
  }
}

/** Failures that say nothing about this thread: the next start-up tries it again without counting. */
function isTransient(err: unknown): boolean {
  if (!(err instanceof ModelError)) return false;
  if (err.kind === "network" || err.kind === "stream" || err.kind === "aborted") return true;
  return err.status !== undefined && (err.status === 429 || err.status >= 500);
}

/** Secrets a model may copy despite being told not to: API keys, bearer tokens, private keys. */
const SECRET_PATTERNS = [
  /\b(sk|pk|rk)-[A-Za-z0-9_-]{16,}/g,
  /\b(ghp|gho|ghu|ghs|github_pat)_[A-Za-z0-9_]{16,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /(bearer\s+)[A-Za-z0-9._~+/=-]{16,}/gi,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];

export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match, prefix: unknown) =>
      typeof prefix === "string" && /^bearer/i.test(prefix) ? `${prefix}[redacted]` : "[redacted]",
    );
  }
  return out;
}
