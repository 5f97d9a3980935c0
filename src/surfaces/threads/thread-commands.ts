// Thread commands for a person: list, fork, archive, unarchive (by id or name).
import { ConfigError, loadConfig } from "../../config/load.js";
import { createCodex } from "../../engine/create-codex.js";
import { isUuid } from "../../rollout/paths.js";
import { ThreadStoreError, ThreadStore } from "../../rollout/store.js";
import { readThreadNames } from "../../rollout/thread-names.js";
import type { ThreadIndex, ThreadSummary } from "../../rollout/index.js";
import { loadCliConfig, type SharedFlags } from "../shared/cli-config.js";
import { locateThread, sessionLabel, ThreadLookupError, threadsNamed, withIndex } from "./locate.js";

/** CODEX_HOME and the thread index's folder (`sqlite_home`), from the global config. */
function indexHome(): { codexHome: string; sqliteHome: string } {
  const { codexHome, sqliteHome } = loadConfig({ projectConfig: false });
  return { codexHome, sqliteHome };
}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

function age(ms: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)}m ago`;
  if (s < 86_400) return `${Math.round(s / 3600)}h ago`;
  return `${Math.round(s / 86_400)}d ago`;
}

export interface SessionsFlags {
  limit?: string;
  all?: boolean;
  archived?: boolean;
  search?: string;
  json?: boolean;
  cursor?: string;
}

export async function runSessions(flags: SessionsFlags): Promise<number> {
  let home;
  try {
    home = indexHome();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const limit = flags.limit ? Number(flags.limit) : 20;
  if (!Number.isInteger(limit) || limit < 1)
    return fail(`--limit must be a positive whole number, not '${flags.limit}'`);
  const page = await withIndex(home, (index) =>
    index.list({
      limit,
      sortKey: "updated_at",
      ...(flags.all ? {} : { cwd: process.cwd() }),
      ...(flags.archived ? { archived: true } : {}),
      ...(flags.search ? { search: flags.search } : {}),
      ...(flags.cursor ? { cursor: flags.cursor } : {}),
    }),
  );
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(page)}\n`);
    return 0;
  }
  if (page.items.length === 0) {
    process.stdout.write(
      flags.all ? "No threads yet.\n" : `No threads in ${process.cwd()} (use --all for every directory).\n`,
    );
    return 0;
  }
  for (const t of page.items) process.stdout.write(`${formatRow(t, Boolean(flags.all))}\n`);
  if (page.nextCursor) process.stdout.write(`(more: --cursor ${page.nextCursor})\n`);
  return 0;
}

function formatRow(t: ThreadSummary, withCwd: boolean): string {
  const preview = t.preview.replace(/\s+/g, " ").slice(0, 60);
  const problem = t.problem ? `  [${t.problem}]` : "";
  return `${t.id}  ${age(t.updatedAt).padStart(8)}  ${withCwd ? `${t.cwd ?? "?"}  ` : ""}${preview}${problem}`;
}

/**
 * The thread `session` stands for: an id as it is, else the most recently named thread of that name on the
 * side the command moves it from (active for archive, archived for unarchive), among the interactive
 * threads (NAMED_SOURCES), as the real Codex finds it.
 */
async function archiveTarget(
  index: ThreadIndex,
  codexHome: string,
  session: string,
  unarchive: boolean,
): Promise<{ id: string; name?: string }> {
  if (isUuid(session)) {
    const id = session.toLowerCase();
    // Codex names the thread when it brings one back, and not when it archives one given by id.
    const name = unarchive ? readThreadNames(codexHome).get(id) : undefined;
    return name !== undefined ? { id, name } : { id };
  }
  const named = await threadsNamed(codexHome, index, session, { interactive: true });
  const match = named.find((t) => t.archived === unarchive);
  if (match) return { id: match.id, name: session };
  throw new ThreadStoreError(
    "thread_not_found",
    `No ${unarchive ? "archived" : "active"} session found matching '${session}'.`,
  );
}

/** `codex-ts archive|unarchive SESSION` (an id or a thread's name); prints what Codex 0.169 prints. */
export async function runArchive(session: string, unarchive: boolean): Promise<number> {
  try {
    const home = indexHome();
    const target = await withIndex(home, async (index) => {
      const store = new ThreadStore(home.codexHome, index);
      const found = await archiveTarget(index, home.codexHome, session, unarchive);
      await (unarchive ? store.unarchive(found.id) : store.archive(found.id));
      return found;
    });
    process.stdout.write(`${unarchive ? "Unarchived" : "Archived"} session ${sessionLabel(target)}.\n`);
    return 0;
  } catch (err) {
    if (err instanceof ThreadStoreError || err instanceof ConfigError) return fail(err.message);
    throw err;
  }
}

export interface ForkFlags extends SharedFlags {
  last?: boolean;
  all?: boolean;
  turn?: string;
  image?: string[];
  /** A first prompt: for the interactive UI only (a script runs one with `exec fork`). */
  prompt?: string;
}

/**
 * `codex-ts fork` without a terminal: creates the forked thread and prints its id; `codex-ts exec resume ID`
 * continues it. (On a terminal the fork continues in the interactive UI: tui/run-tui.ts.)
 */
export async function runFork(id: string | undefined, flags: ForkFlags): Promise<number> {
  try {
    if (flags.prompt !== undefined || (flags.image ?? []).length > 0) {
      return fail(
        "a PROMPT or -i for the fork needs a terminal (the interactive UI); without one, run `codex-ts exec fork ID PROMPT`",
      );
    }
    if (id === undefined && !flags.last) {
      return fail("choosing the thread to fork from a list needs a terminal: give a SESSION_ID or --last");
    }
    const config = loadCliConfig(flags);
    // Checked by the command line (a usage error).
    const turn = flags.turn === undefined ? undefined : Number(flags.turn);
    const parent = await locateThread(config, {
      ...(id ? { id, byName: true } : {}),
      last: Boolean(flags.last),
      cwd: config.cwd,
      scope: { ...(flags.all ? {} : { cwd: config.cwd }), includeNonInteractive: true },
    });
    const codex = createCodex({ config, interactive: false });
    codex.submit({
      type: "configure_session",
      fork_from: { path: parent.path, ...(turn !== undefined ? { up_to_turn: turn } : {}) },
    });
    const event = await codex.nextEvent();
    await codex.close();
    if (event?.msg.type !== "session_configured") {
      return fail(event?.msg.type === "error" ? event.msg.message : "fork failed");
    }
    process.stdout.write(`${event.msg.session_id}\n`);
    process.stderr.write(
      `Forked ${parent.id}${turn !== undefined ? ` at turn ${turn}` : ""}: ${event.msg.rollout_path ?? ""}\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ThreadLookupError) return fail(err.message);
    throw err;
  }
}
