// The threads on disk, for the app-server: listing with the v2 filters (over the SQLite index), finding
// one thread, reading its turns from the rollout, archiving and unarchiving (moves of the file). The index
// is reached through the server's handle (index-handle.ts).
import { rm } from "node:fs/promises";
import { encodeCursor, InvalidCursorError, type ThreadSortKey } from "../../../rollout/cursor.js";
import type { ThreadIndex } from "../../../rollout/index.js";
import type { ThreadIndexHandle } from "./index-handle.js";
import { readRollout } from "../../../rollout/reader.js";
import { replayRollout, type ItemTimes } from "../../../rollout/replay.js";
import { ThreadStore, ThreadStoreError } from "../../../rollout/store.js";
import {
  readThreadHeadFacts,
  readThreadSummary,
  type ThreadHeadFacts,
  type ThreadSummary,
} from "../../../rollout/summary.js";
import type { ThreadStatus } from "../../../protocol/app-server/v2/common.js";
import type { ThreadListParams } from "../../../protocol/app-server/v2/thread-history.js";
import type { Thread, Turn } from "../../../protocol/app-server/v2/thread.js";
import { badRequest } from "../errors.js";
import { readThreadNames } from "./thread-names.js";
import { sourceKind, threadFromSummary, toWireSource, toWireTurns } from "./wire-thread.js";

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const SCAN_PAGE = 100;

export interface ThreadOnDisk {
  summary: ThreadSummary;
  archived: boolean;
}

export interface ThreadContents {
  turns: Turn[];
  /** When each item (by id) started and completed, where the rollout says. */
  itemTimes: Map<string, ItemTimes>;
  cliVersion: string | undefined;
  originator: string | null;
}

function sortKeyOf(params: ThreadListParams): ThreadSortKey {
  const key = params.sortKey ?? "created_at";
  if (key !== "created_at" && key !== "updated_at") throw badRequest(`sortKey ${key} is not supported`);
  return key;
}

/** Everything the index cannot filter on is checked here, row by row. */
function matcher(params: ThreadListParams): (s: ThreadSummary) => boolean {
  const cwds = typeof params.cwd === "string" ? [params.cwd] : (params.cwd ?? []);
  const providers = params.modelProviders ?? [];
  const kinds = params.sourceKinds ?? [];
  const excluded = new Set((params.excludedThreadIds ?? []).map((id) => id.toLowerCase()));
  return (s) =>
    (cwds.length === 0 || cwds.includes(s.cwd ?? "")) &&
    (providers.length === 0 || providers.includes(s.modelProvider ?? "")) &&
    (kinds.length === 0 || kinds.includes(sourceKind(toWireSource(s.source, s.parentThreadId)))) &&
    !excluded.has(s.id.toLowerCase());
}

export class ThreadCatalog {
  constructor(
    private readonly codexHome: string,
    private readonly index: ThreadIndexHandle,
  ) {}

  /** A page of threads, newest first unless asked otherwise; `status` tells which are loaded in this server. */
  async list(
    params: ThreadListParams,
    status: (id: string) => ThreadStatus,
  ): Promise<{ data: Thread[]; nextCursor: string | null; backwardsCursor: string | null }> {
    const sortKey = sortKeyOf(params);
    const direction = params.sortDirection ?? "desc";
    const limit = Math.min(MAX_LIMIT, Math.max(1, params.limit ?? DEFAULT_LIMIT));
    const matches = matcher(params);
    const found: ThreadSummary[] = [];
    let more = false;
    await this.index.use((index) => {
      let cursor = params.cursor ?? undefined;
      for (;;) {
        const page = this.page(index, {
          sortKey,
          limit: SCAN_PAGE,
          direction,
          archived: params.archived ?? false,
          ...(cursor !== undefined ? { cursor } : {}),
          ...(params.searchTerm ? { search: params.searchTerm } : {}),
        });
        for (const summary of page.items) {
          if (!matches(summary)) continue;
          if (found.length === limit) {
            more = true;
            return;
          }
          found.push(summary);
        }
        if (!page.nextCursor) return;
        cursor = page.nextCursor;
      }
    });
    const names = readThreadNames(this.codexHome);
    const data = found.map((s) =>
      threadFromSummary(s, {
        name: names.get(s.id.toLowerCase()) ?? null,
        status: status(s.id),
        facts: headFacts(s.path),
      }),
    );
    const valueOf = (s: ThreadSummary): number => (sortKey === "updated_at" ? s.updatedAt : s.createdAt);
    const first = found[0];
    const last = found.at(-1);
    const nextCursor = more && last ? encodeCursor({ sortKey, value: valueOf(last), id: last.id }) : null;
    // Read with the other direction, it starts at the page's first timestamp and keeps every row of it, so
    // a thread updated within that same second is not skipped.
    const backwardsCursor = first ? encodeCursor({ sortKey, value: valueOf(first), id: null }) : null;
    return { data, nextCursor, backwardsCursor };
  }

  /** A thread's index row (refreshed from its file, so a live thread's row is current), or a request error. */
  async find(id: string): Promise<ThreadOnDisk> {
    return this.index.use(async (index) => {
      const location = await new ThreadStore(this.codexHome, index).findPathById(id);
      if (!location) throw badRequest(`thread not found: ${id}`);
      const summary = readThreadSummary(location.path, location.archived);
      if (!summary) throw badRequest(`thread ${id} has no rollout file`);
      return { summary, archived: location.archived };
    });
  }

  /** Writes the index row of the thread whose rollout is `path` (a fork's file exists before its first turn). */
  async record(path: string): Promise<void> {
    const summary = readThreadSummary(path, false);
    if (!summary) return;
    await this.index.use((index) => index.upsert(summary));
  }

  /** Removes a thread's rollout file and its index row. */
  async delete(id: string): Promise<void> {
    const { summary } = await this.find(id);
    await rm(summary.path, { force: true });
    await this.index.use((index) => index.remove(id));
  }

  async contents(path: string): Promise<ThreadContents> {
    const parsed = await readRollout(path);
    const { turns } = replayRollout(parsed.lines);
    return {
      turns: toWireTurns(turns),
      itemTimes: new Map(turns.flatMap((turn) => Object.entries(turn.itemTimes ?? {}))),
      cliVersion: parsed.meta?.cli_version,
      originator: parsed.meta?.originator ?? null,
    };
  }

  name(id: string): string | null {
    return readThreadNames(this.codexHome).get(id.toLowerCase()) ?? null;
  }

  async archive(id: string): Promise<void> {
    await this.move(id, (store) => store.archive(id));
  }

  async unarchive(id: string): Promise<void> {
    await this.move(id, (store) => store.unarchive(id));
  }

  private async move(id: string, how: (store: ThreadStore) => Promise<string>): Promise<void> {
    await this.index.use(async (index) => {
      try {
        await how(new ThreadStore(this.codexHome, index));
      } catch (err) {
        if (err instanceof ThreadStoreError) throw badRequest(err.message);
        throw err;
      }
    });
  }

  private page(index: ThreadIndex, query: Parameters<ThreadIndex["list"]>[0]) {
    try {
      return index.list(query);
    } catch (err) {
      if (err instanceof InvalidCursorError) throw badRequest(err.message);
      throw err;
    }
  }
}

/** The head facts of a listed thread; a file gone since it was indexed has none. */
function headFacts(path: string): ThreadHeadFacts | undefined {
  try {
    return readThreadHeadFacts(path);
  } catch {
    return undefined;
  }
}
