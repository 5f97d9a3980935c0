// What a listing from the in-process walk depends on, and the check that none of it changed since: every
// folder the walk read (a file created, deleted or renamed changes its folder's mtime), where the root
// leads (symbolic links resolved), and every ignore or git config file the rules were read from or looked
// for, above the root too (present ones must be unchanged, absent ones still absent). "Unchanged" is the
// rule of files/listing-cache.ts, not modified since shortly before the walk started (timestamps lag the
// clock by a tick, coarse ones by a second or two); a rule file must also be the same inode and size (a
// `mv` over it keeps the mtime of the file moved).
import { realpath, realpathSync, stat, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { fileSignature } from "./search-rules.js";
import type { TreeListing } from "./tree-walk.js";

/** A folder or file touched this long before the walk started may have changed after the walk read it. */
export const SLACK_MS = 2_000;
/** `stat`s queued at once. */
const IN_FLIGHT = 4_096;
/** `stat`s made here per turn of the event loop, so a huge tree does not hold the loop in one go. */
const STATS_PER_TURN = 2_000;

export interface ListingProof {
  /** When the walk started (ms since the epoch). */
  startedAt: number;
  /** Relative to the root, "" for the root. */
  folders: string[];
  /** The root with symbolic links resolved. */
  realRoot: string;
  /** Absolute path, and what was found there (see RuleReads). */
  ruleFiles: Array<[string, string]>;
}

export function proofOf(listing: TreeListing, startedAt: number): ListingProof {
  return {
    startedAt,
    folders: listing.folders,
    realRoot: listing.realRoot,
    ruleFiles: [...listing.ruleFiles],
  };
}

const untouched = (stat: Stats | undefined, since: number): boolean =>
  stat !== undefined && stat.mtimeMs < since;

/** The `stat`s that prove `proof`: each path with the test its Stats (undefined: none) must pass. */
function checksOf(root: string, proof: ListingProof): Array<[string, (stat: Stats | undefined) => boolean]> {
  const since = proof.startedAt - SLACK_MS;
  const checks: Array<[string, (stat: Stats | undefined) => boolean]> = [];
  for (const folder of proof.folders) {
    const path = folder === "" ? root : join(root, folder);
    checks.push([path, (stat) => stat?.isDirectory() === true && untouched(stat, since)]);
  }
  for (const [path, found] of proof.ruleFiles) {
    checks.push([
      path,
      (stat) =>
        found === "present" || found === "absent"
          ? (stat !== undefined) === (found === "present")
          : untouched(stat, since) && fileSignature(stat!) === found,
    ]);
  }
  return checks;
}

/**
 * Whether nothing the listing of `root` depends on changed since its walk (see above), with the `stat`s in
 * libuv's thread pool, all at once (up to IN_FLIGHT), so they run on every core while this thread does
 * other work (scanning the listing in the hope that it holds). Each answer costs a callback here, so a
 * process already warm does better with provenNow.
 */
export function stillProven(root: string, proof: ListingProof): Promise<boolean> {
  const checks = checksOf(root, proof);
  return new Promise((resolve) => {
    let waiting = checks.length + 1;
    let settled = false;
    let next = 0;
    let inFlight = 0;
    const settle = (holds: boolean) => {
      if (settled) return;
      if (!holds || --waiting === 0) {
        settled = true;
        resolve(holds);
      }
    };
    const issue = () => {
      while (!settled && inFlight < IN_FLIGHT && next < checks.length) {
        const [path, test] = checks[next++]!;
        inFlight++;
        stat(path, (error, info) => {
          inFlight--;
          settle(test(error ? undefined : info));
          issue();
        });
      }
    };
    realpath(root, (error, real) => settle(!error && real === proof.realRoot));
    issue();
  });
}

/** stillProven with the `stat`s made here, one after the other: for a listing checked again and again. */
export async function provenNow(root: string, proof: ListingProof): Promise<boolean> {
  const checks = checksOf(root, proof);
  for (let i = 0; i < checks.length; i++) {
    if (i > 0 && i % STATS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const [path, test] = checks[i]!;
    if (!test(statSync(path, { throwIfNoEntry: false }))) return false;
  }
  try {
    return realpathSync(root) === proof.realRoot;
  } catch {
    return false;
  }
}
