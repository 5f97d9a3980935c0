// fuzzyFileSearch's answers where many paths tie, pinned to what the real Codex 0.169 app-server answered
// on this very tree (the same queries to both servers, in a network namespace with loopback only): every
// entry's order, score, indices, match_type and file_name, and the order of its keys.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();
const start = () => app.start({ model: { replies: [reply.message("hello")] } });

/** A tree of empty files; a path ending in "/" is an empty folder. No git: its files would match too. */
function tree(paths: readonly string[]): string {
  const root = scratchDir("codex-ts-fuzzy-order-");
  for (const path of paths) {
    if (path.endsWith("/")) mkdirSync(join(root, path), { recursive: true });
    else {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), "");
    }
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const PATHS = [
  ...["zz/yy/a", "a/xa", "x/a/", "A.md", "a.ts", "b/a.ts", "bb/cc/a.ts", "é/a.rs", "b/c/b", "zed/b"],
  ...["ü/ü.md", "x/Ü.md", "ab/", "ß.txt", "s/ß"],
];
/** An answer's entries as one line each: kind, path, score, highlighted positions. */
const lines = (files: Json[]) =>
  files.map(
    (f) => `${f.match_type as string} ${f.path as string} ${f.score as number} ${JSON.stringify(f.indices)}`,
  );

describe("app-server fuzzyFileSearch, equal scores and the name bonuses, as Codex 0.169 answers", () => {
  it("orders one-letter matches: named as the query, then names holding it, ties by path in code point order", async () => {
    const { client: c } = await start();
    const root = tree(PATHS);
    const search = async (query: string) =>
      (await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[];
    const a = await search("a");
    expect(lines(a)).toEqual([
      // A file named as the query first (2^17 + 2^16 + its score), then a folder so named (2^17; one only,
      // the shallowest: not x/a).
      "file zz/yy/a 196642 [6]",
      "directory a 131106 [0]",
      // Files whose name starts with the query tie (2^16 + 34), whatever their folder or its length; upper
      // case first, é/ after every ASCII path.
      "file A.md 65570 [0]",
      "file a.ts 65570 [0]",
      "file b/a.ts 65570 [2]",
      "file bb/cc/a.ts 65570 [6]",
      "file é/a.rs 65570 [2]",
      // Scored and highlighted on its name, not on its folder's leading `a`.
      "file a/xa 65552 [3]",
      // No name bonus for folders.
      "directory ab 34 [0]",
      "directory x/a 34 [2]",
    ]);
    // Every field, in Codex's key order.
    expect(Object.keys(a[0]!)).toEqual(["root", "path", "match_type", "file_name", "score", "indices"]);
    expect(a[0]).toMatchObject({ root, file_name: "a" });
    // Case does not count: the upper-case query answers the same.
    expect(await search("A")).toEqual(a);

    expect(lines(await search("b"))).toEqual([
      // Two files named as the query tie: their folders do not count.
      "file b/c/b 196642 [4]",
      "file zed/b 196642 [4]",
      "directory b 131106 [0]",
      // Over the whole path: a match after "/" or at the start is worth the same anywhere.
      "file b/a.ts 34 [0]",
      "directory b/c 34 [0]",
      "directory bb 34 [0]",
      "directory bb/cc 34 [0]",
      "file bb/cc/a.ts 34 [0]",
      "directory ab 16 [1]",
    ]);
  });

  it("gives the folder bonus to one folder named as the query: the shallowest, then the first by path", async () => {
    const { client: c } = await start();
    const search = async (root: string, query: string) =>
      lines((await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[]);
    expect(await search(tree(["q/w/ab/f.txt", "x/ab2/ab/g.txt", "zz/ab/h.txt"]), "ab")).toEqual([
      "directory zz/ab 131131 [3,4]",
      "directory q/w/ab 59 [4,5]",
      "file q/w/ab/f.txt 59 [4,5]",
      "directory x/ab2 59 [2,3]",
      "directory x/ab2/ab 59 [6,7]",
      "file x/ab2/ab/g.txt 59 [6,7]",
      "file zz/ab/h.txt 59 [3,4]",
    ]);
    expect(await search(tree(["b/ab/f.txt", "a/ab/g.txt"]), "ab")).toEqual([
      "directory a/ab 131131 [2,3]",
      "file a/ab/g.txt 59 [2,3]",
      "directory b/ab 59 [2,3]",
      "file b/ab/f.txt 59 [2,3]",
    ]);
    // A file named as the query takes nothing from the folder's bonus.
    expect(await search(tree(["ab", "x/ab/f.txt"]), "ab")).toEqual([
      "file ab 196667 [0,1]",
      "directory x/ab 131131 [2,3]",
      "file x/ab/f.txt 59 [2,3]",
    ]);
  });

  it("gives non-ASCII queries the same bonuses, folding case as Codex does", async () => {
    const { client: c } = await start();
    const root = tree(PATHS);
    const search = async (query: string) =>
      (await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[];
    const u = await search("ü");
    expect(lines(u)).toEqual(["directory ü 131106 [0]", "file x/Ü.md 65570 [2]", "file ü/ü.md 65570 [2]"]);
    expect(u.map((f) => f.file_name)).toEqual(["ü", "Ü.md", "ü.md"]);
    expect(await search("Ü")).toEqual(u);
    expect(lines(await search("ß"))).toEqual(["file s/ß 196642 [2]", "file ß.txt 65570 [0]"]);
  });

  it("adds up the words of a query of several, with no name bonus; spaces around one word do not count", async () => {
    const { client: c } = await start();
    const root = tree(["src/main.ts", "src/app/main.rs", "lib/app.ts", "main/app/x.md", "docs/main app.md"]);
    const search = async (query: string) =>
      lines((await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[]);
    const words = [
      "directory main/app 193 [0,1,2,3,5,6,7]",
      "file main/app/x.md 193 [0,1,2,3,5,6,7]",
      "file src/app/main.rs 193 [4,5,6,8,9,10,11]",
      "file docs/main app.md 189 [5,6,7,8,10,11,12]",
    ];
    expect(await search("main app")).toEqual(words);
    expect(await search("app  main")).toEqual(words);
    expect(await search(" main ")).toEqual([
      "directory main 131181 [0,1,2,3]",
      "file docs/main app.md 65645 [5,6,7,8]",
      "file src/app/main.rs 65645 [8,9,10,11]",
      "file src/main.ts 65645 [4,5,6,7]",
      "directory main/app 109 [0,1,2,3]",
      "file main/app/x.md 109 [0,1,2,3]",
    ]);
  });
});
