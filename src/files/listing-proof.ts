// What a listing from the in-process walk depends on, and the check that none of it changed since: every
// folder the walk read (a file created, deleted or renamed changes its folder's mtime), where the root
// leads (symbolic links resolved), and every ignore or git config file the rules were read from or looked
// for, above the root too (present ones must be unchanged, absent ones still absent). "Unchanged" is the
// rule of files/listing-cache.ts, not modified since shortly before the walk started (timestamps lag the
// clock by a tick, coarse ones by a second or two); a rule file must also be the same inode and size (a
// `mv` over it keeps the mtime of the file moved).
import { realpathSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { fileSignature } from "./rg-rules.js";
import type { TreeListing } from "./tree-walk.js";

/** A folder or file touched this long before the walk started may have changed after the walk read it. */
export const SLACK_MS = 2_000;
/** Paths checked per turn of the event loop, so a huge tree does not hold the loop in one go. */
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const untouched = (stat: Stats | undefined, since: number): boolean =>
  stat !== undefined && stat.mtimeMs < since;

/** Whether nothing the listing of `root` depends on changed since its walk (see above). */
export async function stillProven(root: string, proof: ListingProof): Promise<boolean> {
  const since = proof.startedAt - SLACK_MS;
  const checks: Array<() => boolean> = [];
  for (const folder of proof.folders) {
    checks.push(() => {
      const stat = statSync(folder === "" ? root : join(root, folder), { throwIfNoEntry: false });
      return stat?.isDirectory() === true && untouched(stat, since);
    });
  }
  checks.push(() => {
    try {
      return realpathSync(root) === proof.realRoot;
    } catch {
      return false;
    }
  });
  for (const [path, found] of proof.ruleFiles) {
    checks.push(() => {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (found === "present" || found === "absent") return (stat !== undefined) === (found === "present");
      return untouched(stat, since) && fileSignature(stat!) === found;
    });
  }
  for (let i = 0; i < checks.length; i++) {
    if (i > 0 && i % STATS_PER_TURN === 0) await nextTurn();
    if (!checks[i]!()) return false;
  }
  return true;
}
