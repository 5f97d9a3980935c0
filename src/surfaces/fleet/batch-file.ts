// `fleet submit --file`: many tasks from a JSONL file (one task object per line) or a CSV file with a
// header row (repo, prompt, and optionally the other task fields by name). Every row is checked before any
// is queued, so a bad file queues nothing.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { FleetError } from "./connection.js";
import { parseTaskSpec, TaskSpecError, type TaskSpec } from "./job-schema.js";

const NUMBER_FIELDS = new Set(["timeoutMs", "maxTokens"]);
const BOOLEAN_FIELDS = new Set(["commit"]);

/** A CSV cell turned into the type its field wants; empty cells are left out. */
function csvRow(row: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === "") continue;
    if (NUMBER_FIELDS.has(key)) out[key] = Number(value);
    else if (BOOLEAN_FIELDS.has(key)) out[key] = value === "true" || value === "1";
    else out[key] = value;
  }
  return out;
}

export function readBatchFile(path: string, defaults: Record<string, unknown>): TaskSpec[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new FleetError(`cannot read ${path}: ${(err as Error).message}`);
  }
  let rows: Array<{ line: number; value: unknown }>;
  if (path.toLowerCase().endsWith(".csv")) {
    let records: Array<Record<string, string>>;
    try {
      records = parse(text, { columns: true, skip_empty_lines: true, trim: true });
    } catch (err) {
      throw new FleetError(`${path}: ${(err as Error).message}`);
    }
    rows = records.map((r, i) => ({ line: i + 2, value: csvRow(r) }));
  } else {
    rows = [];
    for (const [i, line] of text.split("\n").entries()) {
      if (line.trim() === "") continue;
      try {
        rows.push({ line: i + 1, value: JSON.parse(line) as unknown });
      } catch {
        throw new FleetError(`${path}:${i + 1}: not a JSON object`);
      }
    }
  }
  if (rows.length === 0) throw new FleetError(`${path} holds no tasks`);
  const problems: string[] = [];
  const specs: TaskSpec[] = [];
  for (const { line, value } of rows) {
    try {
      specs.push(parseTaskSpec({ ...defaults, ...(value as Record<string, unknown>) }));
    } catch (err) {
      if (!(err instanceof TaskSpecError)) throw err;
      problems.push(`${path}:${line}: ${err.message}`);
    }
  }
  if (problems.length > 0) throw new FleetError(`nothing submitted:\n${problems.join("\n")}`);
  return specs;
}
