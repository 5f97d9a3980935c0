// What a worker of an agent job is asked: the job's instruction with the row's values filled in, the row
// itself, the shape of the result wanted, and how to hand the result back.
import type { AgentJob, JobItem } from "../../core/subagents/job-board.js";

/** `{column}` becomes the row's value; `{{` and `}}` stay literal braces. */
export function renderInstruction(template: string, row: Record<string, string>): string {
  return template
    .split(/(\{\{|\}\})/)
    .map((part) => {
      if (part === "{{") return "{";
      if (part === "}}") return "}";
      return part.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
        Object.hasOwn(row, name) ? (row[name] ?? "") : whole,
      );
    })
    .join("");
}

export function workerPrompt(job: AgentJob, item: JobItem): string {
  const schema = job.outputSchema ? JSON.stringify(job.outputSchema, null, 2) : "{}";
  return [
    `You are a worker of agent job ${job.id}, handling its item ${item.itemId}.`,
    "",
    "Your task:",
    renderInstruction(job.instruction, item.row),
    "",
    "The input row (JSON):",
    JSON.stringify(item.row, null, 2),
    "",
    "The result wanted (JSON Schema; {} means any object):",
    schema,
    "",
    "When done, call `report_agent_job_result` exactly once, with",
    `job_id "${job.id}", item_id "${item.itemId}", and result: a JSON object with your result for this row.`,
    "Add stop: true only if the whole job should stop (no further rows are started).",
    "After that call succeeds, end your turn.",
  ].join("\n");
}
