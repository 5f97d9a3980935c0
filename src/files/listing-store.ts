// A root's listing kept across app-server and TUI starts (in $CODEX_HOME/cache/file-listings/), so that a
// fresh server's first fuzzyFileSearch (or a fresh TUI's first `@` query) need not walk the tree again. Only listings of the in-process walk are
// kept (they carry the proof of files/listing-proof.ts), and one is used only while that proof holds, it
// is younger than MAX_STORED_AGE_MS, and it was made under the same HOME and XDG_CONFIG_HOME (they locate
// git's global excludes file). Anything else (missing, stale, corrupt, unreadable) means "walk as usual".
// One file per root: a JSON header line, then the listing's text; written to a temporary file and renamed.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stillProven, type ListingProof } from "./listing-proof.js";

/** A kept listing older than this is walked again, whatever its proof says. */
export const MAX_STORED_AGE_MS = 10 * 60_000;
// 2: folders listed (lines ending in "/"), hidden entries and followed links included.
const VERSION = 2;

interface Header extends ListingProof {
  version: number;
  root: string;
  environment: string[];
  /** The text's length in UTF-16 units, so a cut file is told from a whole one. */
  length: number;
}

export interface StoredListing {
  text: string;
  proof: ListingProof;
}

/** Where listings are kept for the servers and TUIs that follow. */
export const listingStore = (codexHome: string): string => join(codexHome, "cache", "file-listings");

/** Where the listing of `root` is kept in `folder`. */
export const storedListingPath = (folder: string, root: string): string =>
  join(folder, `${createHash("sha256").update(root).digest("hex").slice(0, 32)}.txt`);

const environmentOf = (env: NodeJS.ProcessEnv) => [env.HOME ?? "", env.XDG_CONFIG_HOME ?? ""];

function isHeader(value: unknown): value is Header {
  const header = value as Partial<Header> | null;
  return (
    typeof header === "object" &&
    header !== null &&
    header.version === VERSION &&
    typeof header.root === "string" &&
    typeof header.startedAt === "number" &&
    typeof header.length === "number" &&
    Array.isArray(header.environment) &&
    Array.isArray(header.folders) &&
    header.folders.every((f) => typeof f === "string") &&
    typeof header.realRoot === "string" &&
    Array.isArray(header.ruleFiles) &&
    header.ruleFiles.every((r) => Array.isArray(r) && typeof r[0] === "string" && typeof r[1] === "string")
  );
}

/**
 * The listing of `root` kept in `folder` when it is whole, young enough and made under this HOME, else
 * undefined; its proof is still to be checked (stillProven).
 */
export async function readStoredListing(
  folder: string,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StoredListing | undefined> {
  let content: string;
  try {
    content = await readFile(storedListingPath(folder, root), "utf8");
  } catch {
    return undefined;
  }
  const newline = content.indexOf("\n");
  let header: unknown;
  try {
    header = JSON.parse(content.slice(0, newline));
  } catch {
    return undefined;
  }
  if (newline === -1 || !isHeader(header) || header.root !== root) return undefined;
  const text = content.slice(newline + 1);
  const age = Date.now() - header.startedAt;
  if (text.length !== header.length || age < 0 || age >= MAX_STORED_AGE_MS) return undefined;
  if (JSON.stringify(header.environment) !== JSON.stringify(environmentOf(env))) return undefined;
  const proof: ListingProof = {
    startedAt: header.startedAt,
    folders: header.folders,
    realRoot: header.realRoot,
    ruleFiles: header.ruleFiles,
  };
  return { text, proof };
}

/** The listing of `root` kept in `folder` when it is still current, else undefined. */
export async function loadListing(
  folder: string,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StoredListing | undefined> {
  const stored = await readStoredListing(folder, root, env);
  return stored && (await stillProven(root, stored.proof)) ? stored : undefined;
}

/** Keeps the listing of `root` in `folder` for the servers to come (errors are dropped: it is a shortcut). */
export async function saveListing(
  folder: string,
  root: string,
  text: string,
  proof: ListingProof,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const path = storedListingPath(folder, root);
  const header: Header = {
    version: VERSION,
    root,
    environment: environmentOf(env),
    length: text.length,
    ...proof,
  };
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    await mkdir(folder, { recursive: true });
    // The listing names the user's files: readable by its owner only.
    await writeFile(temporary, `${JSON.stringify(header)}\n${text}`, { mode: 0o600 });
    await rename(temporary, path);
    await pruneStale(folder);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}

/** Drops kept listings too old to be used (other roots', left behind). */
async function pruneStale(folder: string): Promise<void> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs >= MAX_STORED_AGE_MS) await rm(path, { force: true });
  }
}
