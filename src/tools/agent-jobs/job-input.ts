// The input of an agent job: a CSV with a header row, one item per non-empty row. Item ids come from
// `id_column` when named (blank values fall back), else `row-N`; a repeated id gets a `-2`, `-3`... suffix.
import { parse } from "csv-parse/sync";
import type { JobItem } from "../../core/subagents/job-board.js";

/** Bounds on one job, so a huge file cannot start thousands of agents or fill memory. */
export const MAX_JOB_CSV_BYTES = 10 * 1024 * 1024;
export const MAX_JOB_ROWS = 10_000;

export class JobInputError extends Error {}

export interface JobInput {
  headers: string[];
  items: JobItem[];
}

export function readJobCsv(text: string, idColumn?: string): JobInput {
  let records: string[][];
  try {
    const parsed: unknown = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true });
    records = parsed as string[][];
  } catch (err) {
    throw new JobInputError(`failed to parse csv input: ${(err as Error).message}`);
  }
  const [headers, ...rows] = records;
  if (!headers || headers.length === 0 || headers.every((h) => h === "")) {
    throw new JobInputError("csv input must include a header row");
  }
  const seenHeaders = new Set<string>();
  for (const header of headers) {
    if (seenHeaders.has(header)) throw new JobInputError(`csv header ${header} is duplicated`);
    seenHeaders.add(header);
  }
  const idIndex = idColumn === undefined ? undefined : headers.indexOf(idColumn);
  if (idIndex === -1) throw new JobInputError(`id_column ${idColumn} was not found in csv headers`);
  const items: JobItem[] = [];
  const seenIds = new Set<string>();
  rows.forEach((row, i) => {
    if (row.every((value) => value === "")) return;
    if (row.length !== headers.length) {
      throw new JobInputError(
        `csv row ${i + 2} has ${row.length} fields but the header has ${headers.length}`,
      );
    }
    if (items.length === MAX_JOB_ROWS) {
      throw new JobInputError(`csv input has more than ${MAX_JOB_ROWS} rows; split it into several jobs`);
    }
    const sourceValue = idIndex === undefined ? undefined : row[idIndex]?.trim();
    const sourceId = sourceValue ? row[idIndex ?? 0] : undefined;
    const base = sourceId ?? `row-${items.length + 1}`;
    let itemId = base;
    for (let n = 2; seenIds.has(itemId); n++) itemId = `${base}-${n}`;
    seenIds.add(itemId);
    items.push({
      itemId,
      rowIndex: items.length,
      ...(sourceId !== undefined ? { sourceId } : {}),
      row: Object.fromEntries(headers.map((h, j) => [h, row[j] ?? ""])),
      status: "pending",
      attempts: 0,
    });
  });
  return { headers, items };
}
