// The fleet as app-server methods under `x-fleet/` (codex-ts extensions, offered by `codex-ts web --redis`):
// the dashboard's only way to the fleet, on its token-protected WebSocket. Results are task records without
// the queued payload; nothing about Redis (its URL, credentials) reaches the client.
import { z } from "zod";
import { ErrorCode } from "../../protocol/app-server/jsonrpc.js";
import { ReviewDecision } from "../../protocol/policies.js";
import type { Connection } from "../app-server/connection.js";
import type { ExtensionMethod, ExtensionMethods } from "../app-server/extensions.js";
import { AppServerError } from "../app-server/errors.js";
import { FleetError } from "./connection.js";
import { TaskSpecError } from "./job-schema.js";
import type { FleetClient } from "./task-api.js";
import type { TaskRecord } from "./task-record.js";

const TaskId = z.object({ id: z.string().min(1).max(200) });
const ListParams = z.object({ limit: z.number().int().min(1).max(1000).optional() });
const SubmitParams = z.object({ task: z.record(z.string(), z.unknown()) });
const ApproveParams = TaskId.extend({ decision: ReviewDecision });

/** What a list row needs: the record without its diff, final message and payload (read gives those). */
function summary(record: TaskRecord) {
  const { diff: _diff, finalMessage: _final, spec, rollout: _rollout, ...rest } = record;
  return { ...rest, model: spec?.model ?? null, approvalPolicy: spec?.approvalPolicy ?? null };
}

function detail(record: TaskRecord) {
  const { spec, rollout: _rollout, ...rest } = record;
  return { ...rest, model: spec?.model ?? null, approvalPolicy: spec?.approvalPolicy ?? null };
}

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new AppServerError(ErrorCode.invalidParams, `Invalid params: ${where}${issue?.message ?? "invalid"}`);
}

/** A fleet refusal (no such task, wrong state, bad payload) is the client's error, said as the CLI says it. */
function method<T>(schema: z.ZodType<T>, run: (params: T, connection: Connection) => Promise<unknown>) {
  const wrapped: ExtensionMethod = async (raw, { connection }) => {
    const params = parse(schema, raw);
    try {
      return await run(params, connection);
    } catch (err) {
      if (err instanceof FleetError || err instanceof TaskSpecError)
        throw new AppServerError(ErrorCode.invalidRequest, err.message);
      throw err;
    }
  };
  return wrapped;
}

/** Each follow holds a Redis connection of its own (a blocked XREAD): a client gets a few at most. */
const MAX_FOLLOWS = 16;

/** Follows per connection and task: each stops on unfollow, when the task ends, or when the client goes. */
class Follows {
  private readonly active = new Map<Connection, Map<string, AbortController>>();

  constructor(private readonly client: FleetClient) {}

  start(connection: Connection, id: string): void {
    let mine = this.active.get(connection);
    if (!mine) {
      const created = new Map<string, AbortController>();
      this.active.set(connection, created);
      connection.onClose(() => {
        for (const controller of created.values()) controller.abort();
        this.active.delete(connection);
      });
      mine = created;
    }
    // Following again starts from the first item: the client replaces what it had.
    mine.get(id)?.abort();
    mine.delete(id);
    if (mine.size >= MAX_FOLLOWS)
      throw new AppServerError(
        ErrorCode.invalidRequest,
        `at most ${MAX_FOLLOWS} tasks followed at once: unfollow one first`,
      );
    const controller = new AbortController();
    mine.set(id, controller);
    const entries = mine;
    void this.client
      .follow(
        id,
        (entry) =>
          connection.notifyExtension("x-fleet/task/item", { id, entryId: entry.id, event: entry.event }),
        controller.signal,
      )
      .catch(() => undefined)
      .finally(() => {
        if (entries.get(id) !== controller) return;
        entries.delete(id);
        if (!controller.signal.aborted) connection.notifyExtension("x-fleet/task/followEnded", { id });
      });
  }

  stop(connection: Connection, id: string): void {
    const mine = this.active.get(connection);
    mine?.get(id)?.abort();
    mine?.delete(id);
  }

  stopAll(): void {
    for (const mine of this.active.values()) for (const controller of mine.values()) controller.abort();
    this.active.clear();
  }
}

export interface FleetMethods {
  methods: ExtensionMethods;
  /** Ends every live follow (at shutdown, before the client closes). */
  close(): void;
}

export function fleetMethods(client: FleetClient): FleetMethods {
  const follows = new Follows(client);
  const methods = new Map<`x-${string}`, ExtensionMethod>([
    [
      "x-fleet/task/list",
      method(ListParams, async ({ limit }) => ({
        queue: client.target.queue,
        tasks: (await client.list(limit ?? 200)).map(summary),
      })),
    ],
    ["x-fleet/task/read", method(TaskId, async ({ id }) => ({ task: detail(await client.get(id)) }))],
    ["x-fleet/task/submit", method(SubmitParams, async ({ task }) => ({ id: await client.submit(task) }))],
    ["x-fleet/task/cancel", method(TaskId, async ({ id }) => ({ state: await client.cancel(id) }))],
    [
      "x-fleet/task/retry",
      method(TaskId, async ({ id }) => {
        await client.retry(id);
        return {};
      }),
    ],
    [
      "x-fleet/task/approve",
      method(ApproveParams, async ({ id, decision }) => {
        await client.approve(id, decision);
        return {};
      }),
    ],
    [
      "x-fleet/task/follow",
      method(TaskId, async ({ id }, connection) => {
        await client.get(id);
        follows.start(connection, id);
        return {};
      }),
    ],
    [
      "x-fleet/task/unfollow",
      method(TaskId, ({ id }, connection) => {
        follows.stop(connection, id);
        return Promise.resolve({});
      }),
    ],
  ]);
  return { methods, close: () => follows.stopAll() };
}
