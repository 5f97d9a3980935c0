// `spawn_agents_on_csv`: an agent job. One worker subagent per row of a CSV, each given the instruction with
// the row's values filled in; each reports a JSON result with `report_agent_job_result`. The call returns
// when every row is done, with the results written to a CSV beside the input (or where asked).
import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import type { AgentJobs, AgentScope } from "../../core/subagents/agent-scope.js";
import { countItems, jobProgress, type AgentJob } from "../../core/subagents/job-board.js";
import { defineTool, type FunctionTool, type ToolResult } from "../../core/tool-api/define-tool.js";
import { runAgentJob } from "./run-job.js";

/** Codex's defaults: 16 workers at a time (64 at most), 30 minutes per worker. */
export const DEFAULT_JOB_CONCURRENCY = 16;
export const MAX_JOB_CONCURRENCY = 64;
export const DEFAULT_JOB_MAX_RUNTIME_SECONDS = 1800;

export const SpawnAgentsOnCsvParams = z.object({
  csv_path: z.string().min(1).describe("Path to the CSV file containing input rows."),
  instruction: z
    .string()
    .refine((s) => s.trim() !== "", "instruction must not be empty")
    .describe(
      "Instruction template to apply to each CSV row. Use {column_name} placeholders to inject values from the row.",
    ),
  id_column: z.string().optional().describe("Optional column name to use as stable item id."),
  output_csv_path: z.string().optional().describe("Optional output CSV path for exported results."),
  max_concurrency: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      `Maximum concurrent workers for this job. Defaults to ${DEFAULT_JOB_CONCURRENCY} and is capped by config.`,
    ),
  max_workers: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Alias for max_concurrency. Set to 1 to run sequentially."),
  max_runtime_seconds: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "Maximum runtime per worker before it is failed. Defaults to [agents] job_max_runtime_seconds, else 1800.",
    ),
  output_schema: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("JSON Schema of the result each worker reports."),
});
export type SpawnAgentsOnCsvArgs = z.infer<typeof SpawnAgentsOnCsvParams>;

const DESCRIPTION =
  "Process a CSV by spawning one worker subagent per row. The instruction is a template where `{column}` " +
  "placeholders are replaced with the row's values. Each worker must call `report_agent_job_result` with a " +
  "JSON object (matching `output_schema` when given); a worker that ends without reporting fails its row. " +
  "This call blocks until all rows finish and writes the results to `output_csv_path` (default: beside the " +
  "input).";

export function spawnAgentsOnCsvTool(scope: AgentScope, jobs: AgentJobs): FunctionTool<SpawnAgentsOnCsvArgs> {
  return defineTool({
    name: "spawn_agents_on_csv",
    description: DESCRIPTION,
    parameters: SpawnAgentsOnCsvParams,
    isMutating: true,
    handle: async (args, ctx) => {
      // The CSV reader and writer load with a first job, not with every thread's tools.
      const [{ JobInputError, MAX_JOB_CSV_BYTES, readJobCsv }, { defaultOutputPath, writeJobCsv }] =
        await Promise.all([import("./job-input.js"), import("./job-output.js")]);
      const inputPath = resolve(ctx.cwd, args.csv_path);
      let job: AgentJob;
      try {
        const size = (await stat(inputPath)).size;
        if (size > MAX_JOB_CSV_BYTES) {
          return failure(`csv input ${inputPath} is larger than ${MAX_JOB_CSV_BYTES} bytes`);
        }
        const input = readJobCsv(await readFile(inputPath, "utf8"), args.id_column);
        if (input.items.length === 0) return failure(`csv input ${inputPath} has no rows`);
        const id = randomUUID();
        job = {
          id,
          instruction: args.instruction,
          headers: input.headers,
          ...(args.output_schema ? { outputSchema: args.output_schema } : {}),
          items: input.items,
          outputCsvPath: args.output_csv_path
            ? resolve(ctx.cwd, args.output_csv_path)
            : defaultOutputPath(inputPath, id),
          maxRuntimeSeconds:
            args.max_runtime_seconds ?? jobs.maxRuntimeSeconds ?? DEFAULT_JOB_MAX_RUNTIME_SECONDS,
          stopRequested: false,
          counts: countItems(input.items),
        };
      } catch (err) {
        if (err instanceof JobInputError) return failure(err.message);
        return failure(`failed to read csv input ${inputPath}: ${(err as Error).message}`);
      }
      // Written once before any worker starts: a path that cannot be written fails the call up front.
      try {
        await writeJobCsv(job);
      } catch (err) {
        return failure(`cannot write output csv ${job.outputCsvPath}: ${(err as Error).message}`);
      }
      const requested = args.max_concurrency ?? args.max_workers ?? DEFAULT_JOB_CONCURRENCY;
      const concurrency = Math.max(1, Math.min(requested, MAX_JOB_CONCURRENCY, jobs.maxThreads ?? Infinity));
      const run = await runAgentJob(job, concurrency, {
        scope,
        board: jobs.board,
        caller: {
          callId: ctx.callId,
          cwd: ctx.cwd,
          approvalPolicy: ctx.approvalPolicy,
          sandboxPolicy: ctx.sandboxPolicy,
          signal: ctx.signal,
        },
        emit: ctx.emit,
      });
      let jobError = run.jobError;
      try {
        await writeJobCsv(job);
      } catch (err) {
        jobError ??= `failed to write output csv: ${(err as Error).message}`;
      }
      const counts = jobProgress(job);
      const failed = job.items.filter((item) => item.status === "failed").slice(0, 5);
      const stopped = job.stopRequested || ctx.signal.aborted;
      const status = jobError ? "failed" : stopped ? "cancelled" : "completed";
      // An interrupted turn never shows the model this call's output: the user learns where the results are.
      ctx.emit({
        type: "background_event",
        message:
          `agent job ${job.id.slice(0, 8)} ${status}: ${counts.completed} completed, ${counts.failed} failed, ` +
          `${counts.pending} not started; results in ${job.outputCsvPath}`,
      });
      return {
        output: JSON.stringify({
          job_id: job.id,
          status,
          output_csv_path: job.outputCsvPath,
          total_items: counts.total,
          completed_items: counts.completed,
          failed_items: counts.failed,
          pending_items: counts.pending,
          job_error: jobError ?? null,
          failed_item_errors:
            failed.length > 0
              ? failed.map((item) => ({
                  item_id: item.itemId,
                  source_id: item.sourceId ?? null,
                  last_error: item.error ?? "",
                }))
              : null,
        }),
        success: true,
      };
    },
  });
}

function failure(message: string): ToolResult {
  return { output: `spawn_agents_on_csv: ${message}`, success: false, failed: message };
}
