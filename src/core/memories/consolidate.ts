// Phase 2: the raw memories kept (the newest `max_raw_memories_for_consolidation` generated within
// `max_unused_days`) are folded by a model into MEMORY.md and memory_summary.md. It runs only when that
// selection changed since the last success. The model answers first; only then are all files of the
// folder written (each whole, by rename), so a failed call leaves the folder as it was.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readPackageFile } from "../package-files.js";
import { writeFilesAtomically } from "../atomic-write.js";
import { callMemoryModel } from "./model-call.js";
import { RAW_MEMORIES_FILE, REGISTRY_FILE, ROLLOUT_SUMMARIES_DIR, SUMMARY_FILE } from "./paths.js";
import type { PipelineContext } from "./pipeline-context.js";
import type { Stage1Memory } from "./state-db.js";

/** The raw memories sent to the model, in characters (about 100k tokens); the oldest are left out first. */
const RAW_INPUT_CHARS = 400_000;
/** What is sent of the current MEMORY.md, in characters. */
const REGISTRY_INPUT_CHARS = 100_000;

const Answer = z.object({ memory_summary: z.string(), memory_md: z.string() });
const ANSWER_JSON_SCHEMA = {
  type: "object",
  properties: { memory_summary: { type: "string" }, memory_md: { type: "string" } },
  required: ["memory_summary", "memory_md"],
  additionalProperties: false,
};

export type ConsolidateOutcome = "consolidated" | "unchanged" | "no_input";

export async function consolidateMemories(ctx: PipelineContext): Promise<ConsolidateOutcome> {
  const { db, root, settings } = ctx;
  const selection = db.selectForConsolidation(
    settings.maxRawMemoriesForConsolidation,
    settings.maxUnusedDays,
    ctx.now,
  );
  if (selection.length === 0) return "no_input";
  const key = JSON.stringify(selection.map((m) => [m.threadId, m.sourceUpdatedAt]));
  if (db.lastConsolidation(root) === key && existsSync(join(root, SUMMARY_FILE))) return "unchanged";

  const rawMemories = renderRawMemories(selection);
  const answer = await callMemoryModel({
    client: ctx.client,
    model: ctx.consolidationModel,
    effort: "medium",
    instructions: readPackageFile("prompts/memories/consolidate.md"),
    input: readPackageFile("prompts/memories/consolidate_input.md")
      .replace("{{ memory_root }}", () => root)
      .replace("{{ memory_summary }}", () =>
        readOr(join(root, SUMMARY_FILE), "(none yet)", REGISTRY_INPUT_CHARS),
      )
      .replace("{{ memory_md }}", () => readOr(join(root, REGISTRY_FILE), "(none yet)", REGISTRY_INPUT_CHARS))
      .replace("{{ count }}", String(selection.length))
      .replace("{{ raw_memories }}", () => rawMemories.slice(0, RAW_INPUT_CHARS)),
    name: "memory_consolidation",
    jsonSchema: ANSWER_JSON_SCHEMA,
    parse: Answer,
    ...(settings.consolidationServiceTier ? { serviceTier: settings.consolidationServiceTier } : {}),
    signal: ctx.signal,
  });
  if (answer.memory_summary.trim() === "") throw new Error("the consolidation gave an empty memory summary");

  const files = new Map<string, string>();
  const summaries = new Set<string>();
  for (const memory of selection) {
    const name = rolloutSummaryFileName(memory);
    summaries.add(name);
    files.set(join(root, ROLLOUT_SUMMARIES_DIR, name), renderRolloutSummary(memory));
  }
  files.set(join(root, RAW_MEMORIES_FILE), rawMemories);
  files.set(join(root, REGISTRY_FILE), ensureNewline(answer.memory_md));
  // Last: a reader that sees the new summary finds everything it points to.
  files.set(join(root, SUMMARY_FILE), ensureNewline(answer.memory_summary));
  writeFilesAtomically(files);
  pruneRolloutSummaries(join(root, ROLLOUT_SUMMARIES_DIR), summaries);
  db.recordConsolidation(root, key, Date.now());
  return "consolidated";
}

function readOr(path: string, fallback: string, maxChars: number): string {
  try {
    const text = readFileSync(path, "utf8");
    return text.trim() === "" ? fallback : text.slice(0, maxChars);
  } catch {
    return fallback;
  }
}

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

export function renderRawMemories(selection: readonly Stage1Memory[]): string {
  const parts = ["# Raw memories", ""];
  for (const m of selection) {
    parts.push(
      `## Thread ${m.threadId}`,
      `updated_at: ${new Date(m.sourceUpdatedAt).toISOString()}`,
      `cwd: ${m.cwd ?? ""}`,
      `rollout_path: ${m.rolloutPath}`,
      `rollout_summary_file: ${ROLLOUT_SUMMARIES_DIR}/${rolloutSummaryFileName(m)}`,
      "",
      m.rawMemory.trim(),
      "",
    );
  }
  return parts.join("\n");
}

/** `<time>-<id tail>-<slug>.md`: sorted by time, unique per thread, readable. */
export function rolloutSummaryFileName(m: Stage1Memory): string {
  const time = new Date(m.sourceUpdatedAt).toISOString().slice(0, 19).replace(/:/g, "-");
  const slug = (m.rolloutSlug ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const tail = m.threadId.replace(/-/g, "").slice(-8);
  return `${time}-${tail}${slug ? `-${slug}` : ""}.md`;
}

function renderRolloutSummary(m: Stage1Memory): string {
  return [
    `thread_id: ${m.threadId}`,
    `updated_at: ${new Date(m.sourceUpdatedAt).toISOString()}`,
    `cwd: ${m.cwd ?? ""}`,
    `rollout_path: ${m.rolloutPath}`,
    "",
    m.rolloutSummary.trim(),
    "",
  ].join("\n");
}

/** Recaps of threads no longer retained go. */
function pruneRolloutSummaries(dir: string, keep: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.endsWith(".md") && !keep.has(name)) rmSync(join(dir, name), { force: true });
  }
}
