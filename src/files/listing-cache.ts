// The listings of the roots fuzzyFileSearch searched lately, so that the searches that follow (a
// search session sends one per keystroke) scan a listing in memory instead of walking the tree again.
// A listing is kept as one text, not 100,000 path strings. It is used again only while nothing it depends
// on can have changed: it is younger than MAX_AGE_MS, and none of its folders was modified since shortly before its walk started (one `stat` per folder; a file created,
// deleted or renamed changes its folder's mtime). The in-process walk reports every folder it read; a
// listing from rg only shows the folders holding a listed file, so there a change in another folder
// (empty, or only ignored or hidden files) goes unseen, as does an ignore file edited in place: MAX_AGE_MS
// bounds how long. The first search of a root streams: it matches paths as the walk sends them.
import { statSync } from "node:fs";
import { join } from "node:path";
import { streamFileList, type FileSource, type ListingSink } from "./file-list.js";

/** A listing older than this is walked again, whatever its folders say. */
export const MAX_AGE_MS = 20_000;
/** How many roots keep their listing (the most recently searched ones). */
const MAX_ROOTS = 4;
/**
 * A folder modified this long before the walk started may have changed after the walk read it (file
 * system timestamps lag the clock by a tick; coarse ones by up to a second or two).
 */
const SLACK_MS = 2_000;
/** Folders checked per turn of the event loop, so a huge tree does not hold the loop in one go. */
const STATS_PER_TURN = 2_000;

interface Listing {
  root: string;
  /** When the walk that produced it started. */
  startedAt: number;
  /** The walk under way; resolves with the listing's text. */
  walking?: Promise<string>;
  text?: string;
  /**
   * The folders (relative to root, "" for root): every folder read when the walk reports them, else those
   * holding a listed file, worked out after the walk.
   */
  folders?: string[];
}

const listings = new Map<string, Listing>();
/** Walks started, per root: lets tests tell a search served from memory from a new walk. */
const walkCounts = new Map<string, number>();

export const walksOf = (root: string): number => walkCounts.get(root) ?? 0;

/** The folders of a listing: each listed path's parent, each once. */
export function foldersOf(text: string): string[] {
  const folders = new Set<string>([""]);
  let previous = "";
  let start = 0;
  for (let nl = text.indexOf("\n"); start < text.length; nl = text.indexOf("\n", start)) {
    const end = nl === -1 ? text.length : nl;
    const slash = text.lastIndexOf("/", end - 1);
    // A folder's files mostly come together: compare in place before cutting the folder out.
    if (slash >= start && !(slash - start === previous.length && text.startsWith(previous, start))) {
      previous = text.slice(start, slash);
      folders.add(previous);
    }
    start = end + 1;
  }
  return [...folders];
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether the listing may still be used: young enough, and none of its folders modified since its walk. */
async function stillCurrent(listing: Listing): Promise<boolean> {
  if (Date.now() - listing.startedAt >= MAX_AGE_MS || listing.text === undefined) return false;
  listing.folders ??= foldersOf(listing.text);
  const since = listing.startedAt - SLACK_MS;
  const folders = listing.folders;
  for (let i = 0; i < folders.length; i++) {
    if (i > 0 && i % STATS_PER_TURN === 0) await nextTurn();
    const stat = statSync(join(listing.root, folders[i]!), { throwIfNoEntry: false });
    if (!stat?.isDirectory() || stat.mtimeMs >= since) return false;
  }
  return true;
}

function remember(listing: Listing): void {
  listings.delete(listing.root);
  listings.set(listing.root, listing);
  for (const root of listings.keys()) {
    if (listings.size <= MAX_ROOTS) break;
    listings.delete(root);
  }
}

/** Walks `root`, streaming the paths into `sink`, and keeps the listing for the searches that follow. */
function walk(root: string, sink: ListingSink, sources?: readonly FileSource[]): Listing {
  walkCounts.set(root, walksOf(root) + 1);
  const listing: Listing = { root, startedAt: Date.now() };
  listing.walking = streamFileList(root, sink, sources).then(
    ({ text, folders }) => {
      listing.text = text;
      listing.folders = folders;
      listing.walking = undefined;
      // The folder list is for the next search: worked out after this one has answered.
      setImmediate(() => (listing.folders ??= foldersOf(text)));
      return text;
    },
    (error: unknown) => {
      listings.delete(root);
      throw error;
    },
  );
  remember(listing);
  return listing;
}

/**
 * Sends the paths of `root` to `sink`: from the kept listing when it is still current, from the walk under
 * way when there is one, else from a new walk as it streams in.
 */
export async function searchListing(
  root: string,
  sink: ListingSink,
  sources?: readonly FileSource[],
): Promise<void> {
  const known = listings.get(root);
  if (known?.walking) return sink.lines(await known.walking);
  if (known && (await stillCurrent(known))) {
    remember(known);
    return sink.lines(known.text!);
  }
  await walk(root, sink, sources).walking;
}

const ignoreAll: ListingSink = { lines: () => {}, reset: () => {} };

/** Starts walking `root` ahead of the searches to come (a search session's roots), unless a walk is kept. */
export function prefetchListing(root: string): void {
  if (listings.has(root)) return;
  walk(root, ignoreAll).walking?.catch(() => {});
}
