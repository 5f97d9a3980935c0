// The output of an agent job: the input columns, then what became of each item (Codex's columns), written
// whole to a temporary file and renamed into place, so a reader never sees half a file.
import { basename, dirname, extname, join } from "node:path";
import { stringify } from "csv-stringify/sync";
import { writeFilesAtomically } from "../../core/atomic-write.js";
import type { AgentJob, JobItem } from "../../core/subagents/job-board.js";

const ITEM_COLUMNS = [
  "job_id",
  "item_id",
  "row_index",
  "source_id",
  "status",
  "attempt_count",
  "last_error",
  "result_json",
  "reported_at",
  "completed_at",
];

/** Beside the input: `<name>.agent-job-<first 8 of the job id>.csv`. */
export function defaultOutputPath(inputPath: string, jobId: string): string {
  const stem = basename(inputPath, extname(inputPath)) || "agent_job_output";
  return join(dirname(inputPath), `${stem}.agent-job-${jobId.slice(0, 8)}.csv`);
}

export function renderJobCsv(job: AgentJob): string {
  const rows = job.items.map((item) => [
    ...job.headers.map((h) => item.row[h] ?? ""),
    ...itemColumns(job, item),
  ]);
  return stringify([[...job.headers, ...ITEM_COLUMNS], ...rows]);
}

function itemColumns(job: AgentJob, item: JobItem): string[] {
  return [
    job.id,
    item.itemId,
    String(item.rowIndex),
    item.sourceId ?? "",
    item.status,
    String(item.attempts),
    item.error ?? "",
    item.result === undefined ? "" : JSON.stringify(item.result),
    item.reportedAt?.toISOString() ?? "",
    item.completedAt?.toISOString() ?? "",
  ];
}

/** The results CSV, replaced whole (readable by others as a file the user asked for would be). */
export function writeJobCsv(job: AgentJob): Promise<void> {
  try {
    writeFilesAtomically(new Map([[job.outputCsvPath, renderJobCsv(job)]]), 0o644);
    return Promise.resolve();
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
