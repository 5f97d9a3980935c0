// The walk's folders read by the folder-reader helper (native/folder-reader.c, built at install with the
// machine's C compiler): its threads make the system calls and send each folder's entries grouped by kind,
// the files as the listing's lines already, so this thread splits a few strings a folder and applies the
// rules, with no object or string per entry. On a fresh server's first search of 100,000 files this
// thread's busy time fell from ~115 to ~75 ms (profiled; see docs/performance.md).
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import type { FolderEntries, FolderWalk, PendingFolder, TreeListing } from "./folder-walk.js";

/** The helper's name in dist/ (see native-helpers.ts). */
export const FOLDER_READER = "codex-ts-folder-reader";

/** The helper is missing, could not start, or stopped before the walk's end. */
export class FolderReaderFailed extends Error {}

/** Reads `walk`'s folders with the helper (its path) until none is left, the file limit or the deadline. */
export function readWithHelper(
  walk: FolderWalk,
  deadline: number,
  helper: string,
): Promise<TreeListing | undefined> {
  const threads = Math.min(4, Math.max(2, availableParallelism()));
  return new Promise((resolve, reject) => {
    const child = spawn(helper, [String(threads)], { stdio: ["pipe", "pipe", "ignore"] });
    /** The folders asked for, by request id (the index). */
    const asked: PendingFolder[] = [];
    let outstanding = 0;
    let ended = false;
    const end = (result: TreeListing | undefined | FolderReaderFailed) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      child.kill();
      if (result instanceof FolderReaderFailed) reject(result);
      else resolve(result);
    };
    /** Takes in a folder; false once the walk has ended (cannot go on, full, or past its deadline). */
    const settle = (item: PendingFolder, entries: FolderEntries | undefined): boolean => {
      if (!walk.settle(item, entries)) return (end(undefined), false);
      const more = outstanding > 0 || walk.waiting() > 0;
      if ((more && walk.full()) || Date.now() > deadline) {
        walk.complete = false;
        return (end(walk.listing()), false);
      }
      return true;
    };
    /** Asks for every folder waiting; one with a newline in its path is read here (the requests are lines). */
    const ask = () => {
      let lines = "";
      while (walk.waiting() > 0) {
        const item = walk.takeOldest();
        const path = walk.pathOf(item);
        if (path.includes("\n")) {
          if (!settle(item, walk.readHere(item))) return;
          continue;
        }
        lines += `${asked.length}\t${walk.relativeStart(item)}\t${path}\n`;
        asked.push(item);
        outstanding++;
      }
      if (lines !== "") child.stdin.write(lines);
      if (outstanding === 0) end(walk.listing());
    };

    // Records: `ID \0 folders \0 COUNT \0 FILES \0 others \0`, each folder or other name followed by \0,
    // FILES the files' listing lines (see the helper's head). Read part by part across chunks.
    let carry = "";
    let part: "id" | "folders" | "count" | "files" | "others" = "id";
    let item: PendingFolder | undefined;
    let unreadable = false;
    let folders: string[] = [];
    let fileCount = 0;
    let files = "";
    let others: string[] = [];
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (ended) return;
      const parts = (carry === "" ? chunk : carry + chunk).split("\0");
      carry = parts.pop()!;
      for (const text of parts) {
        switch (part) {
          case "id":
            unreadable = text.charCodeAt(0) === 33; // "!"
            item = asked[Number(unreadable ? text.slice(1) : text)];
            if (!item) return end(new FolderReaderFailed(`${FOLDER_READER} answered an unknown request`));
            part = "folders";
            break;
          case "folders":
            if (text === "") part = "count";
            else folders.push(text);
            break;
          case "count":
            fileCount = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
            if (Number.isNaN(fileCount))
              return end(new FolderReaderFailed(`${FOLDER_READER} sent a count that is not one`));
            part = "files";
            break;
          case "files":
            files = text;
            part = "others";
            break;
          case "others": {
            if (text !== "") {
              others.push(text);
              break;
            }
            const entries = unreadable ? undefined : { folders, files, fileCount, others };
            folders = [];
            others = [];
            part = "id";
            outstanding--;
            if (!settle(item!, entries)) return;
          }
        }
      }
      ask();
    });
    child.on("error", (error) => end(new FolderReaderFailed(`${FOLDER_READER}: ${error.message}`)));
    child.stdin.on("error", () => {}); // the helper gone: its exit says so
    child.on("close", (code, signal) =>
      end(new FolderReaderFailed(`${FOLDER_READER} stopped early (${signal ?? `exit code ${code}`})`)),
    );
    const timer = setTimeout(
      () => {
        walk.complete = false;
        end(walk.listing());
      },
      Math.max(0, deadline - Date.now()),
    );
    timer.unref();
    ask();
  });
}
