// Agent jobs (`spawn_agents_on_csv`): one worker subagent per row of a CSV, each reporting one result with
// `report_agent_job_result`. The board holds the jobs of one subagent tree while they run, so a worker's
// report (a tool call in the worker's own engine) reaches the job its parent is running.

export type JobItemStatus = "pending" | "running" | "completed" | "failed";

export interface JobItem {
  itemId: string;
  /** 0-based, in the order of the input rows. */
  rowIndex: number;
  /** The row's value in `id_column`, when one was named and the value is not blank. */
  sourceId?: string;
  /** The row, by header. */
  row: Record<string, string>;
  status: JobItemStatus;
  /** The worker's thread while it runs (a report from any other thread is refused). */
  workerSessionId?: string;
  attempts: number;
  result?: Record<string, unknown>;
  error?: string;
  reportedAt?: Date;
  completedAt?: Date;
}

export interface AgentJob {
  id: string;
  instruction: string;
  headers: string[];
  outputSchema?: Record<string, unknown>;
  items: JobItem[];
  outputCsvPath: string;
  /** A worker that runs longer than this fails and is stopped. */
  maxRuntimeSeconds: number;
  /** A worker reported with `stop: true`: no new worker starts. */
  stopRequested: boolean;
  /** The items by status, kept as they change (setItemStatus): progress goes out per finished worker. */
  counts: JobCounts;
}

export type JobCounts = Record<JobItemStatus, number> & { total: number };

export type ReportOutcome = { accepted: true } | { accepted: false; reason: string };

export class JobBoard {
  /** Each running job, with its items by id (a report is looked up once per worker). */
  private readonly jobs = new Map<string, { job: AgentJob; items: Map<string, JobItem> }>();

  add(job: AgentJob): void {
    this.jobs.set(job.id, { job, items: new Map(job.items.map((item) => [item.itemId, item])) });
  }

  /** The job is over: later reports for it are refused. */
  remove(jobId: string): void {
    this.jobs.delete(jobId);
  }

  /** A worker's result for its item: kept once, from the worker assigned to it, while it runs. */
  report(
    jobId: string,
    itemId: string,
    workerSessionId: string,
    result: Record<string, unknown>,
    stop: boolean,
  ): ReportOutcome {
    const running = this.jobs.get(jobId);
    if (!running) return { accepted: false, reason: `no running agent job ${jobId}` };
    const { job } = running;
    const item = running.items.get(itemId);
    if (!item) return { accepted: false, reason: `agent job ${jobId} has no item ${itemId}` };
    if (item.workerSessionId !== workerSessionId) {
      return { accepted: false, reason: `item ${itemId} of agent job ${jobId} is not assigned to you` };
    }
    if (item.status !== "running" || item.result !== undefined) {
      return { accepted: false, reason: `item ${itemId} of agent job ${jobId} already has its result` };
    }
    item.result = result;
    item.reportedAt = new Date();
    if (stop) job.stopRequested = true;
    return { accepted: true };
  }
}

/** The counts of items just read (all pending, as job-input.ts makes them): where `counts` starts. */
export function countItems(items: readonly JobItem[]): JobCounts {
  const counts = { pending: 0, running: 0, completed: 0, failed: 0, total: items.length };
  for (const item of items) counts[item.status]++;
  return counts;
}

/** Moves an item to `status`, keeping the job's counts. */
export function setItemStatus(job: AgentJob, item: JobItem, status: JobItemStatus): void {
  job.counts[item.status]--;
  item.status = status;
  job.counts[status]++;
}

/** Counts by status, for progress and the tool's answer. */
export function jobProgress(job: AgentJob): JobCounts {
  return { ...job.counts };
}
