// The folder-reader helper's failures never cost a listing: a walk whose helper cannot start, stops part
// way or answers what was not asked rejects with FolderReaderFailed, and streamFileList then forgets what
// the helper's part sent and lists the tree in this process. Folders whose path holds a newline (the
// requests are lines) are read here.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nativeHelperPath } from "../native-helpers.js";
import { streamFileList } from "./file-list.js";
import { FOLDER_READER, FolderReaderFailed } from "./folder-reader.js";
import { walkTree } from "./tree-walk.js";
import { scratchDir } from "../../test/support/scratch.js";

let scratch: string;
let root: string;
const env = () => ({ PATH: process.env.PATH, HOME: join(scratch, "home") });
const sorted = (text: string) => text.split("\n").filter(Boolean).sort();

// The root's record as the helper sends it (one folder, d0, and no file), the count printed apart: printf
// would read "\0000" as one octal escape.
const ROOT_RECORD = "printf '0\\000d0\\000\\000'; printf 0; printf '\\000\\000\\000'";

/** A stand-in helper: a shell script with this body. */
function fakeHelper(name: string, body: string): string {
  const path = join(scratch, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

beforeAll(() => {
  scratch = scratchDir("codex-ts-folder-reader-");
  root = join(scratch, "tree");
  for (let d = 0; d < 5; d++) {
    mkdirSync(join(root, `d${d}`, "inner"), { recursive: true });
    for (let f = 0; f < 4; f++) writeFileSync(join(root, `d${d}`, "inner", `f${f}.ts`), "");
  }
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the folder-reader helper", () => {
  it("is built, and lists what this process lists", async () => {
    const helper = nativeHelperPath(FOLDER_READER);
    expect(helper).toBeDefined();
    const native = await walkTree(root, undefined, 1000, 10_000, env(), undefined, { helper: helper! });
    const here = await walkTree(root, undefined, 1000, 10_000, env(), undefined, "node");
    expect(sorted(native!.text)).toEqual(sorted(here!.text));
    expect(sorted(native!.text)).toHaveLength(5 * 2 + 5 * 4);
    expect(native!.folders.sort()).toEqual(here!.folders.sort());
  });

  it("rejects when the helper cannot start, stops part way, or answers what was not asked or no count", async () => {
    const cases = {
      missing: join(scratch, "no-such-helper"),
      exits: fakeHelper("exits", "exit 0"),
      // The root's record, then the end before its folder is answered.
      "stops part way": fakeHelper("stops", `read line; ${ROOT_RECORD}; read line; exit 3`),
      "unknown id": fakeHelper("unknown", "read line; printf '7\\000\\000\\000\\000'; cat >/dev/null"),
      "no count": fakeHelper("no-count", "read line; printf '0\\000\\000x\\000\\000\\000'; cat >/dev/null"),
    };
    for (const [label, helper] of Object.entries(cases)) {
      const walk = walkTree(root, undefined, 1000, 10_000, env(), undefined, { helper });
      await expect(walk, label).rejects.toBeInstanceOf(FolderReaderFailed);
    }
  });

  it("leaves streamFileList's listing whole: what the failed helper sent is forgotten, this process lists", async () => {
    const helper = fakeHelper("half", `read line; ${ROOT_RECORD}; read line; exit 3`);
    const sent: string[] = [];
    let resets = 0;
    const names: string[] = [];
    const listing = await streamFileList(
      root,
      {
        lines: (block) => sent.push(block),
        reset: () => {
          resets++;
          sent.length = 0;
          names.length = 0;
        },
        folder: (_rel, lines) => names.push(...lines.slice(0, -1).split("\n")),
      },
      ["fs"],
      helper,
    );
    expect(resets).toBe(1);
    expect(listing.walk?.complete).toBe(true);
    expect(names.sort()).toEqual(sorted(listing.text));
    expect(names).toHaveLength(5 * 2 + 5 * 4);
  });

  it("reads a folder whose path holds a newline in this process", async () => {
    const odd = join(scratch, "odd");
    mkdirSync(join(odd, "two\nlines", "deeper"), { recursive: true });
    writeFileSync(join(odd, "two\nlines", "deeper", "x.ts"), "");
    const listing = await walkTree(odd, undefined, 1000, 10_000, env(), undefined, {
      helper: nativeHelperPath(FOLDER_READER)!,
    });
    expect(listing!.text).toContain("two\nlines/deeper/x.ts\n");
    expect(listing!.folders).toContain("two\nlines/deeper");
  });

  it("speaks its protocol: records by kind, unreadable folders and bad offsets as `!ID`, status 2 on garbage", () => {
    const helper = nativeHelperPath(FOLDER_READER)!;
    const offset = Buffer.byteLength(`${root}/`);
    const input = [
      `1\t${offset}\t${root}/d0/inner/`,
      `2\t${offset}\t${join(scratch, "missing")}/`,
      `3\t999999\t${root}/d0/`,
      "",
    ].join("\n");
    const answered = spawnSync(helper, ["2"], { input, encoding: "utf8" });
    expect(answered.status).toBe(0);
    const records = answered.stdout.split("\0");
    const lines = ["f0.ts", "f1.ts", "f2.ts", "f3.ts"].map((name) => `d0/inner/${name}\n`);
    const at = records.indexOf("1");
    expect(records.slice(at, at + 6)).toEqual(["1", "", "4", records[at + 3], "", records[at + 5]]);
    expect(records[at + 3]!.match(/[^\n]*\n/g)!.sort()).toEqual(lines);
    for (const id of ["!2", "!3"]) {
      const bad = records.indexOf(id);
      expect(records.slice(bad, bad + 5)).toEqual([id, "", "0", "", ""]);
    }
    expect(spawnSync(helper, ["2"], { input: "no tab here\n" }).status).toBe(2);
  });
});
