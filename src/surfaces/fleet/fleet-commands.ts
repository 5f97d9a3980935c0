// `codex-ts fleet ...`: the command line over FleetClient. --json everywhere; exit codes a script can use
// (0 done or accepted, 1 failed/cancelled or an error, 2 not finished yet).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ProtocolOutput } from "../shared/output.js";
import { fleetTarget, FleetError, type FleetFlags } from "./connection.js";
import { readBatchFile } from "./batch-file.js";
import { TaskSpecError } from "./job-schema.js";
import { FleetClient } from "./task-api.js";
import type { TaskRecord } from "./task-record.js";
import { describeEvent } from "./watch-output.js";

export interface SubmitFlags extends FleetFlags {
  repo?: string;
  prompt?: string;
  file?: string;
  baseRef?: string;
  model?: string;
  sandbox?: string;
  askForApproval?: string;
  timeoutMs?: string;
  maxTokens?: string;
  commit?: boolean;
  attempts?: string;
  priority?: string;
  config?: string[];
  json?: boolean;
}

const out = () => new ProtocolOutput();

/** Runs a command with a client, turning expected errors into a message and exit code 1. */
async function withClient(
  flags: FleetFlags,
  body: (client: FleetClient) => Promise<number>,
): Promise<number> {
  let client: FleetClient | undefined;
  try {
    client = new FleetClient(fleetTarget(flags));
    await client.ready();
    return await body(client);
  } catch (err) {
    if (err instanceof FleetError || err instanceof TaskSpecError) {
      process.stderr.write(`Error: ${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await client?.close();
  }
}

function intFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new FleetError(`${name} must be a positive integer, got ${value}`);
  return n;
}

/** A repository path that exists here is sent absolute: workers resolve nothing against our directory. */
function normalizeRepo(repo: unknown): unknown {
  return typeof repo === "string" && existsSync(repo) ? resolve(repo) : repo;
}

/** `-c key=value` of a task: the value as a number or boolean when it reads as one. */
function taskConfig(pairs: string[]): Record<string, unknown> | undefined {
  if (pairs.length === 0) return undefined;
  const config: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new FleetError(`-c expects key=value, got ${pair}`);
    const raw = pair.slice(at + 1);
    config[pair.slice(0, at)] =
      raw === "true"
        ? true
        : raw === "false"
          ? false
          : /^-?\d+(\.\d+)?$/.test(raw)
            ? Number(raw)
            : raw.replace(/^"(.*)"$/, "$1");
  }
  return config;
}

export function runSubmit(flags: SubmitFlags): Promise<number> {
  return withClient(flags, async (client) => {
    const timeoutMs = intFlag(flags.timeoutMs, "--timeout-ms");
    const maxTokens = intFlag(flags.maxTokens, "--max-tokens");
    const attempts = intFlag(flags.attempts, "--attempts");
    const priority = intFlag(flags.priority, "--priority");
    const config = taskConfig(flags.config ?? []);
    const common: Record<string, unknown> = {
      ...(flags.baseRef ? { baseRef: flags.baseRef } : {}),
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.sandbox ? { sandbox: flags.sandbox } : {}),
      ...(flags.askForApproval ? { approvalPolicy: flags.askForApproval } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(maxTokens ? { maxTokens } : {}),
      ...(flags.commit ? { commit: true } : {}),
      ...(config ? { config } : {}),
    };
    const options = { ...(attempts ? { attempts } : {}), ...(priority ? { priority } : {}) };
    if (flags.file) {
      if (flags.repo || flags.prompt)
        throw new FleetError("--file takes the repositories and prompts from the file");
      const specs = readBatchFile(flags.file, common);
      const ids: Array<{ id: string; repo: string }> = [];
      for (const spec of specs) {
        ids.push({
          id: await client.submit({ ...spec, repo: normalizeRepo(spec.repo) }, options),
          repo: spec.repo,
        });
      }
      if (flags.json) out().line(JSON.stringify(ids));
      else for (const { id } of ids) out().line(id);
      return 0;
    }
    if (!flags.repo || !flags.prompt)
      throw new FleetError("fleet submit needs --repo and --prompt (or --file)");
    const id = await client.submit(
      { ...common, repo: normalizeRepo(flags.repo), prompt: flags.prompt },
      options,
    );
    out().line(flags.json ? JSON.stringify({ id }) : id);
    return 0;
  });
}

function durationMs(task: TaskRecord): number | undefined {
  if (!task.startedAt) return undefined;
  const end = task.finishedAt ? Date.parse(task.finishedAt) : Date.now();
  return end - Date.parse(task.startedAt);
}

function statusRow(task: TaskRecord) {
  return {
    id: task.id,
    state: task.state,
    repo: task.repo,
    prompt: task.prompt,
    tokens: task.usage?.total_tokens ?? 0,
    durationMs: durationMs(task) ?? null,
    worker: task.worker ?? null,
    runs: task.runs ?? 0,
    submittedAt: task.submittedAt,
    ...(task.approval ? { approval: task.approval } : {}),
    ...(task.error ? { error: task.error } : {}),
  };
}

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

export function runStatus(id: string | undefined, flags: FleetFlags & { json?: boolean; limit?: string }) {
  return withClient(flags, async (client) => {
    const tasks = id ? [await client.get(id)] : await client.list(intFlag(flags.limit, "--limit"));
    const rows = tasks.map(statusRow);
    if (flags.json) {
      out().line(JSON.stringify(rows));
      return 0;
    }
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
    out().line([...counts].map(([state, n]) => `${state}: ${n}`).join("  ") || "no tasks");
    if (rows.length === 0) return 0;
    out().line(`${cell("ID", 16)} ${cell("STATE", 17)} ${cell("TOKENS", 8)} ${cell("TIME", 8)} PROMPT`);
    for (const row of rows) {
      const time = row.durationMs === null ? "-" : `${(row.durationMs / 1000).toFixed(1)}s`;
      const note = row.approval
        ? `  [approve? ${row.approval.summary}]`
        : row.error
          ? `  [${row.error}]`
          : "";
      out().line(
        `${cell(row.id, 16)} ${cell(row.state, 17)} ${cell(String(row.tokens), 8)} ${cell(time, 8)} ${cell(row.prompt.replace(/\s+/g, " "), 40)}${note}`.trimEnd(),
      );
    }
    return 0;
  });
}

function resultOf(task: TaskRecord) {
  return {
    id: task.id,
    state: task.state,
    finalMessage: task.finalMessage ?? null,
    diff: task.diff ?? null,
    usage: task.usage ?? null,
    branch: task.branch ?? null,
    commit: task.commit ?? null,
    threadId: task.threadId ?? null,
    rollout: task.rollout ?? null,
    error: task.error ?? null,
  };
}

function exitFor(state: string): number {
  return state === "completed" ? 0 : state === "failed" || state === "cancelled" ? 1 : 2;
}

export function runResults(id: string | undefined, flags: FleetFlags & { json?: boolean }) {
  return withClient(flags, async (client) => {
    if (!id) {
      const results = (await client.list()).map(resultOf);
      if (flags.json) out().line(JSON.stringify(results));
      else {
        for (const r of results) {
          const changed = r.diff ? r.diff.split("\n").filter((l) => l.startsWith("+++ ")).length : 0;
          out().line(`${r.id} ${r.state}: ${changed} file(s) changed${r.error ? ` — ${r.error}` : ""}`);
        }
      }
      return 0;
    }
    const result = resultOf(await client.get(id));
    if (flags.json) out().line(JSON.stringify(result));
    else {
      out().line(`${result.id}: ${result.state}${result.error ? ` (${result.error})` : ""}`);
      if (result.finalMessage) out().line(result.finalMessage);
      if (result.diff) out().line(result.diff.trimEnd());
    }
    return exitFor(result.state);
  });
}

export function runWatch(id: string, flags: FleetFlags & { json?: boolean }) {
  return withClient(flags, async (client) => {
    await client.get(id);
    const printer = out();
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.on("SIGINT", onSigint);
    try {
      await client.follow(
        id,
        ({ event }) => {
          if (flags.json) printer.line(JSON.stringify(event));
          else {
            const text = describeEvent(event);
            if (text !== undefined) printer.line(text);
          }
          if (printer.isClosed) controller.abort();
        },
        controller.signal,
      );
    } finally {
      process.off("SIGINT", onSigint);
    }
    return exitFor((await client.get(id)).state);
  });
}

export function runLogs(id: string, flags: FleetFlags & { json?: boolean }) {
  return withClient(flags, async (client) => {
    const logs = await client.logs(id);
    if (flags.json) out().line(JSON.stringify(logs));
    else for (const line of logs) out().line(line);
    return 0;
  });
}

export function runCancel(id: string, flags: FleetFlags & { json?: boolean; wait?: boolean }) {
  return withClient(flags, async (client) => {
    let state: string = await client.cancel(id);
    if (state === "cancelling" && flags.wait !== false) {
      // Until the worker has interrupted the turn and recorded the task as ended.
      await client.follow(id, () => undefined, AbortSignal.timeout(60_000));
      state = (await client.get(id)).state;
    }
    out().line(flags.json ? JSON.stringify({ id, state }) : `${id}: ${state}`);
    return state === "cancelled" || state === "cancelling" ? 0 : 1;
  });
}

export function runRetry(id: string, flags: FleetFlags & { json?: boolean }) {
  return withClient(flags, async (client) => {
    await client.retry(id);
    out().line(flags.json ? JSON.stringify({ id, state: "queued" }) : `${id}: queued`);
    return 0;
  });
}

export function runApprove(
  id: string,
  flags: FleetFlags & { json?: boolean; deny?: boolean; forSession?: boolean },
) {
  return withClient(flags, async (client) => {
    const decision = flags.deny ? "denied" : flags.forSession ? "approved_for_session" : "approved";
    await client.approve(id, decision);
    out().line(flags.json ? JSON.stringify({ id, decision }) : `${id}: ${decision}`);
    return 0;
  });
}

export function runLimits(
  flags: FleetFlags & { rateMax?: string; rateDurationMs?: string; concurrency?: string; json?: boolean },
) {
  return withClient(flags, async (client) => {
    const rateMax = intFlag(flags.rateMax, "--rate-max");
    const rateDurationMs = intFlag(flags.rateDurationMs, "--rate-duration-ms");
    const concurrency = intFlag(flags.concurrency, "--concurrency");
    if (rateMax === undefined && concurrency === undefined)
      throw new FleetError("fleet limits needs --rate-max or --concurrency");
    await client.setLimits({
      ...(rateMax !== undefined ? { rateMax } : {}),
      ...(rateDurationMs !== undefined ? { rateDurationMs } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
    });
    out().line(flags.json ? JSON.stringify({ rateMax, rateDurationMs, concurrency }) : "limits set");
    return 0;
  });
}
