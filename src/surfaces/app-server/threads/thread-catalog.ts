// The threads on disk, for the app-server: listing with the v2 filters (over the SQLite index), finding
// one thread, reading its turns from the rollout, archiving and unarchiving (moves of the file). The index
// is reached through the server's handle (index-handle.ts).
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  type ThreadSortKey,
} from "../../../rollout/cursor.js";
import { deleteThread } from "../../../rollout/delete-thread.js";
import { daySpan, type DaySpan } from "../../../rollout/folders.js";
import type { ThreadIndex } from "../../../rollout/index.js";
import type { ThreadIndexHandle } from "./index-handle.js";
import { readRollout } from "../../../rollout/reader.js";
import { replayRollout, type ItemTimes } from "../../../rollout/replay.js";
import { ThreadStore, ThreadStoreError } from "../../../rollout/store.js";
import { readThreadSummary, type ThreadSummary } from "../../../rollout/summary.js";
import type { ThreadStatus } from "../../../protocol/app-server/v2/common.js";
import type { ThreadListParams } from "../../../protocol/app-server/v2/thread-history.js";
import type { Thread, Turn } from "../../../protocol/app-server/v2/thread.js";
import { badRequest } from "../errors.js";
import { readThreadNames } from "../../../rollout/thread-names.js";
import { ThreadOrganizer } from "../../../rollout/thread-organizer.js";
import { sectionPage } from "./section-order.js";
import { sourceKind, threadFromSummary, toWireSource, toWireTurns } from "./wire-thread.js";

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const SCAN_PAGE = 100;

interface Scanned {
  found: ThreadSummary[];
  more: boolean;
}

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
  /** The last `token_count` event the rollout recorded (the thread's usage so far). */
  lastTokenCount: unknown;
}

type ListPage = { data: Thread[]; nextCursor: string | null; backwardsCursor: string | null };

/** Which section each thread is in, for the `sectionId` filter (absent: no filter). */
function sectionFilter(
  params: ThreadListParams,
  organization: () => { members: Record<string, string[]> },
): (id: string) => boolean {
  if (params.sectionId === undefined) return () => true;
  const { members } = organization();
  if (params.sectionId !== null) {
    const wanted = new Set((members[params.sectionId] ?? []).map((id) => id.toLowerCase()));
    return (id) => wanted.has(id.toLowerCase());
  }
  const sectioned = new Set(Object.values(members).flatMap((ids) => ids.map((id) => id.toLowerCase())));
  return (id) => !sectioned.has(id.toLowerCase());
}

/** Everything the index cannot filter on is checked here, row by row. */
function matcher(
  params: ThreadListParams,
  inSection: (id: string) => boolean,
): (s: ThreadSummary) => boolean {
  const cwds = typeof params.cwd === "string" ? [params.cwd] : (params.cwd ?? []);
  const providers = params.modelProviders ?? [];
  const kinds = params.sourceKinds ?? [];
  const excluded = new Set((params.excludedThreadIds ?? []).map((id) => id.toLowerCase()));
  return (s) =>
    (cwds.length === 0 || cwds.includes(s.cwd ?? "")) &&
    (providers.length === 0 || providers.includes(s.modelProvider ?? "")) &&
    (kinds.length === 0 || kinds.includes(sourceKind(toWireSource(s.source, s.parentThreadId)))) &&
    !excluded.has(s.id.toLowerCase()) &&
    inSection(s.id);
}

export class ThreadCatalog {
  private readonly organizer: ThreadOrganizer;

  constructor(
    private readonly codexHome: string,
    private readonly index: ThreadIndexHandle,
  ) {
    this.organizer = new ThreadOrganizer(codexHome);
  }

  /** Whether the index is open already (a listing would not wait for it to open). */
  indexIsOpen(): boolean {
    return this.index.isOpen();
  }

  /** Waits for the index's open under way, unless it rebuilds; true once it is open (index-handle.ts). */
  indexOpenWithoutRebuild(): Promise<boolean> {
    return this.index.openWithoutRebuild();
  }

  /**
   * A page of threads, newest first unless asked otherwise; `status` tells which are loaded in this server.
   * Sorted by creation time (the default), a page can only hold threads of the day folders its times span,
   * so only those are caught up before answering, and every folder after (`reconcileSoon`; not with
   * `reconcile: false`, for a page read only to warm the code up).
   */
  async list(
    params: ThreadListParams,
    status: (id: string) => ThreadStatus,
    { reconcile = true }: { reconcile?: boolean } = {},
  ): Promise<ListPage> {
    const limit = Math.min(MAX_LIMIT, Math.max(1, params.limit ?? DEFAULT_LIMIT));
    const matches = matcher(
      params,
      sectionFilter(params, () => this.organizer.read()),
    );
    const wire = (summaries: ThreadSummary[]): Thread[] => {
      const names = readThreadNames(this.codexHome);
      return summaries.map((s) =>
        threadFromSummary(s, {
          name: names.get(s.id.toLowerCase()) ?? null,
          status: status(s.id),
          ...(s.facts ? { facts: s.facts } : {}),
        }),
      );
    };
    if (params.sortKey === "section_position") return this.listSection(params, limit, matches, wire);
    const sortKey: ThreadSortKey = params.sortKey ?? "created_at";
    const byCreation = sortKey === "created_at";
    const { found, more } = await this.index.use(
      async (index) => {
        const looked = new Set<string>();
        for (;;) {
          const scanned = this.scan(index, params, { sortKey, limit, matches });
          if (!byCreation) return scanned;
          // Rows another process added or removed in those folders change the page: read it again.
          if ((await index.catchUpFolders(this.spanOf(params, scanned), looked)) === 0) return scanned;
        }
      },
      { catchUp: !byCreation },
    );
    if (byCreation && reconcile) this.index.reconcileSoon();
    const data = wire(found);
    // recency_at is the last activity: the thread's updatedAt (see threadPlacement).
    const valueOf = (s: ThreadSummary): number => (sortKey === "created_at" ? s.createdAt : s.updatedAt);
    const first = found[0];
    const last = found.at(-1);
    const nextCursor = more && last ? encodeCursor({ sortKey, value: valueOf(last), id: last.id }) : null;
    // Read with the other direction, it starts at the page's first timestamp and keeps every row of it, so
    // a thread updated within that same second is not skipped.
    const backwardsCursor = first ? encodeCursor({ sortKey, value: valueOf(first), id: null }) : null;
    return { data, nextCursor, backwardsCursor };
  }

  /** The matching rows of one page from the index, and whether more follow. */
  private scan(
    index: ThreadIndex,
    params: ThreadListParams,
    {
      sortKey,
      limit,
      matches,
    }: { sortKey: ThreadSortKey; limit: number; matches: (s: ThreadSummary) => boolean },
  ): Scanned {
    const found: ThreadSummary[] = [];
    let cursor = params.cursor ?? undefined;
    // One row more than the page first: when every row matches (the usual case), that answers `more`.
    let size = limit + 1;
    for (;;) {
      const page = this.page(index, {
        sortKey,
        limit: size,
        direction: params.sortDirection ?? "desc",
        archived: params.archived ?? false,
        ...(cursor !== undefined ? { cursor } : {}),
        ...(params.searchTerm ? { search: params.searchTerm } : {}),
      });
      for (const summary of page.items) {
        if (!matches(summary)) continue;
        if (found.length === limit) return { found, more: true };
        found.push(summary);
      }
      if (!page.nextCursor) return { found, more: false };
      cursor = page.nextCursor;
      size = SCAN_PAGE;
    }
  }

  /** The day folders whose threads can be in a page sorted by creation time: from its cursor to its last row. */
  private spanOf(params: ThreadListParams, { found, more }: Scanned): DaySpan {
    const start = params.cursor ? decodeCursor(params.cursor, "created_at").value : undefined;
    const end = more ? found.at(-1)?.createdAt : undefined;
    return (params.sortDirection ?? "desc") === "desc" ? daySpan(end, start) : daySpan(start, end);
  }

  /** One section's threads in their order (ascending unless asked otherwise, as Codex lists them). */
  private async listSection(
    params: ThreadListParams,
    limit: number,
    matches: (s: ThreadSummary) => boolean,
    wire: (summaries: ThreadSummary[]) => Thread[],
  ): Promise<ListPage> {
    const sectionId = params.sectionId;
    if (typeof sectionId !== "string") throw badRequest("section-position sorting requires a section filter");
    const members = this.organizer.read().members[sectionId] ?? [];
    const archived = params.archived ?? false;
    const rows = new Map<string, ThreadSummary>();
    const page = await this.index.use((index) =>
      sectionPage(
        sectionId,
        members,
        { cursor: params.cursor, direction: params.sortDirection ?? "asc", limit },
        (id) => {
          const row = index.get(id);
          if (!row || row.archived !== archived || !matches(row)) return false;
          rows.set(id, row);
          return true;
        },
      ),
    );
    return {
      data: wire(page.ids.map((id) => rows.get(id)!)),
      nextCursor: page.nextCursor,
      backwardsCursor: page.backwardsCursor,
    };
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

  /** Deletes a thread and its subagent threads for good (rollout/delete-thread.ts); returns their ids. */
  async delete(id: string): Promise<string[]> {
    await this.find(id);
    return this.index.use((index) => deleteThread(this.codexHome, index, id));
  }

  async contents(path: string): Promise<ThreadContents> {
    const parsed = await readRollout(path);
    const { turns, lastTokenCount } = replayRollout(parsed.lines);
    return {
      lastTokenCount,
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
