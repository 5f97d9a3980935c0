// The listings of the roots fuzzyFileSearch searched lately, so that the searches that follow (a
// search session sends one per keystroke) scan a listing in memory instead of walking the tree again.
// A listing is kept as one text, not 100,000 path strings. It is used again only while nothing it depends
// on can have changed. A listing of the in-process walk carries a proof (files/listing-proof.ts: every
// folder it read and every ignore file it read or looked for) and is checked in full; it is also kept
// across servers (files/listing-store.ts) when the caller names a folder. A listing from rg or git shows
// only the folders that hold a listed file: it is used while none of those was modified since shortly
// before its walk and it is younger than MAX_AGE_MS, which bounds how long a change elsewhere (a file in
// an empty folder, an ignore file edited in place) goes unseen. A root's first search streams: it
// matches paths as the walk sends them.
import { statSync } from "node:fs";
import { join } from "node:path";
import { streamFileList, type FileSource, type ListingSink } from "./file-list.js";
import { proofOf, provenNow, SLACK_MS, stillProven, type ListingProof } from "./listing-proof.js";
import { MAX_STORED_AGE_MS, readStoredListing, saveListing } from "./listing-store.js";

/** A listing older than this is walked again, whatever its folders say. */
export const MAX_AGE_MS = 20_000;
/** How many roots keep their listing (the most recently searched ones). */
const MAX_ROOTS = 4;
/** Folders checked per turn of the event loop, so a huge tree does not hold the loop in one go. */
const STATS_PER_TURN = 2_000;

interface Listing {
  root: string;
  /** When the walk that produced it started. */
  startedAt: number;
  /** The walk under way; resolves with the listing's text. */
  walking?: Promise<string>;
  text?: string;
  /** From the in-process walk: all it depends on (files/listing-proof.ts), checked in full. */
  proof?: ListingProof;
  /** Else (rg, git): the folders holding a listed file, worked out after the walk. */
  folders?: string[];
}

export interface ListingOptions {
  sources?: readonly FileSource[];
  /** A folder where listings are kept across servers (files/listing-store.ts); none: in memory only. */
  storeIn?: string;
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

/** Whether the listing may still be used (see the head of this file). */
async function stillCurrent(listing: Listing): Promise<boolean> {
  if (listing.text === undefined) return false;
  const age = Date.now() - listing.startedAt;
  if (listing.proof) return age < MAX_STORED_AGE_MS && (await provenNow(listing.root, listing.proof));
  if (age >= MAX_AGE_MS) return false;
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

/**
 * Sends `text` to `sink` while `proving` runs (its `stat`s in the thread pool, the scan on this thread);
 * takes it back (sink.reset) when the proof fails.
 */
async function scanWhileProving(
  text: string,
  proving: Promise<boolean>,
  sink: ListingSink,
): Promise<boolean> {
  sink.lines(text);
  if (await proving) return true;
  sink.reset();
  return false;
}

/** Walks `root`, streaming the paths into `sink`; what it found is kept in `listing`. */
async function walkInto(listing: Listing, sink: ListingSink, options: ListingOptions): Promise<string> {
  walkCounts.set(listing.root, walksOf(listing.root) + 1);
  listing.startedAt = Date.now();
  const { text, walk } = await streamFileList(listing.root, sink, options.sources);
  listing.text = text;
  if (walk?.complete) {
    const proof = proofOf(walk, listing.startedAt);
    listing.proof = proof;
    // Written after this search has answered.
    const folder = options.storeIn;
    if (folder) setImmediate(() => void saveListing(folder, listing.root, text, proof));
  } else {
    // The folder list is for the next search: worked out after this one has answered.
    setImmediate(() => (listing.folders ??= foldersOf(text)));
  }
  return text;
}

/**
 * The listing of a root not known in memory: the one kept across servers when it is still current, else
 * a new walk's (streamed into `sink` as it comes).
 */
function obtain(root: string, sink: ListingSink, options: ListingOptions): Listing {
  const listing: Listing = { root, startedAt: Date.now() };
  const obtaining = async () => {
    const stored = options.storeIn ? await readStoredListing(options.storeIn, root) : undefined;
    if (stored && (await scanWhileProving(stored.text, stillProven(root, stored.proof), sink))) {
      Object.assign(listing, { startedAt: stored.proof.startedAt, text: stored.text, proof: stored.proof });
      return stored.text;
    }
    return walkInto(listing, sink, options);
  };
  listing.walking = obtaining().then(
    (text) => {
      listing.walking = undefined;
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
 * Sends the paths of `root` to `sink`: from the listing in memory when it is still current, from the walk
 * under way when there is one, else from the kept listing or a new walk.
 */
export async function searchListing(
  root: string,
  sink: ListingSink,
  options: ListingOptions = {},
): Promise<void> {
  const known = listings.get(root);
  if (known?.walking) return sink.lines(await known.walking);
  if (known?.text !== undefined && (await scanWhileProving(known.text, stillCurrent(known), sink))) {
    remember(known);
    return;
  }
  await obtain(root, sink, options).walking;
}

const ignoreAll: ListingSink = { lines: () => {}, reset: () => {} };

/** Starts listing `root` ahead of the searches to come (a search session's roots), unless one is kept. */
export function prefetchListing(root: string, options: ListingOptions = {}): void {
  if (listings.has(root)) return;
  obtain(root, ignoreAll, options).walking?.catch(() => {});
}
