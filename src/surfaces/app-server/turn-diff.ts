// The turn-level unified diff (`turn/diff/updated`), as the real Codex renders it: the net change of every
// file the turn's patches touched (its state when first touched against its state on disk now), one
// git-style section per file sorted by path, paths relative to the file's repository, with file modes and
// `index` lines of git blob ids.
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readFileSync, readlinkSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import type { FileChange } from "../../protocol/core-protocol.js";
import { unifiedDiff } from "../../tools/apply-patch/unified-diff.js";

const ZERO_OID = "0".repeat(40);

interface FileState {
  content: Buffer;
  mode: "100644" | "100755" | "120000";
}

/** A file as it is on disk now (null: absent). Symlinks are their target text, as git stores them. */
function readState(path: string): FileState | null {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return { content: Buffer.from(readlinkSync(path)), mode: "120000" };
    if (!st.isFile()) return null;
    return { content: readFileSync(path), mode: st.mode & 0o111 ? "100755" : "100644" };
  } catch {
    return null;
  }
}

/** The git blob id of `content` (what `git hash-object` prints). */
export function blobOid(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}

/** The directory holding `.git` above `path`, if any. */
function repoRoot(path: string): string | undefined {
  let dir = dirname(path);
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** `path` as the diff names it: relative to its repository, else absolute without the leading slash. */
function displayPath(path: string): string {
  const root = repoRoot(path);
  const shown = root ? relative(root, path) : path.replace(/^\/+/, "");
  return shown.split(sep).join("/");
}

function fileSection(path: string, before: FileState | null, after: FileState | null): string {
  if (!before && !after) return "";
  if (before && after && before.mode === after.mode && before.content.equals(after.content)) return "";
  const shown = displayPath(path);
  const out = [`diff --git a/${shown} b/${shown}`];
  if (!before) out.push(`new file mode ${after!.mode}`);
  else if (!after) out.push(`deleted file mode ${before.mode}`);
  else if (before.mode !== after.mode) out.push(`old mode ${before.mode}`, `new mode ${after.mode}`);
  const left = before ? blobOid(before.content) : ZERO_OID;
  const right = after ? blobOid(after.content) : ZERO_OID;
  out.push(`index ${left}..${right}`);
  const oldText = before?.content.toString("utf8") ?? "";
  const newText = after?.content.toString("utf8") ?? "";
  const body =
    oldText === newText
      ? ""
      : unifiedDiff(oldText, newText, {
          oldLabel: before ? `a/${shown}` : "/dev/null",
          newLabel: after ? `b/${shown}` : "/dev/null",
        });
  return `${out.join("\n")}\n${body}`;
}

/**
 * Accumulates one turn's changes. `begin` snapshots each file a patch is about to touch the first time the
 * turn touches it (the patch's `patch_apply_begin` comes before its first write); `diff` compares those
 * snapshots with the disk.
 */
export class TurnDiff {
  private baselines = new Map<string, FileState | null>();

  reset(): void {
    this.baselines = new Map();
  }

  begin(changes: Record<string, FileChange>): void {
    for (const [path, change] of Object.entries(changes)) {
      if (!this.baselines.has(path)) {
        // A deleted file's content is in the change itself; the rest is read before the patch writes.
        const state = readState(path);
        this.baselines.set(path, change.type === "delete" && !state ? null : state);
      }
      const moved = change.type === "update" ? change.move_path : undefined;
      if (moved && !this.baselines.has(moved)) this.baselines.set(moved, readState(moved));
    }
  }

  /** The whole turn's net diff now ("" when nothing differs). */
  diff(): string {
    return [...this.baselines.entries()]
      .map(([path, before]) => ({ path, shown: displayPath(path), before }))
      .sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0))
      .map(({ path, before }) => fileSection(path, before, readState(path)))
      .join("");
  }
}
