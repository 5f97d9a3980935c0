// listMatchingFiles (the streaming filter fuzzyFileSearch uses) keeps exactly what listFiles lists and
// plausibleTest accepts, from each source, including lines split across output chunks; plausibleLines
// picks the same lines as plausibleTest out of a block.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles, listMatchingFiles, type FileSource } from "./file-list.js";
import { plausibleLines, plausibleNames, plausibleTest } from "./fuzzy.js";
import { scratchDir } from "../../test/support/scratch.js";

let root: string;
beforeAll(() => {
  root = scratchDir("codex-ts-files-");
  execFileSync("git", ["init", "-q"], { cwd: root });
  const files = [".gitignore", "ignored/x.ts", "src/main.ts", "src/Émoji-naïve.ts", "docs/guide.md"];
  // Enough long paths that rg's and git's output arrives in several chunks.
  for (let i = 0; i < 1500; i++) files.push(`deep/${"d".repeat(40)}/mod${i}/file${i % 10}.ts`);
  for (const path of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), path === ".gitignore" ? "ignored/\n" : "");
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("listMatchingFiles", () => {
  it.each<FileSource>(["fs", "rg", "git", "walk"])(
    "keeps what listFiles lists and the test accepts (%s)",
    async (source) => {
      for (const query of ["mod12file2", "main", "MAIN", "naive", "zzz"]) {
        const test = plausibleTest(query)!;
        const expected = (await listFiles(root, [source])).filter((p) => test(p, 0, p.length));
        expect(await listMatchingFiles(root, plausibleLines(query), [source])).toEqual(expected);
      }
      expect(await listMatchingFiles(root, plausibleLines("main"), [source])).toContain("src/main.ts");
    },
  );

  it("lets non-ASCII paths through the letters test, and tests a slice of a longer text", () => {
    const test = plausibleTest("naive")!;
    expect(test("src/Émoji-naïve.ts")).toBe(true);
    expect(test("xx/main.ts|docs/n-a-i-v-e.md", 11, 28)).toBe(true);
    expect(test("xx/main.ts|docs/n-a-i-v-e.md", 0, 10)).toBe(false);
    expect(plausibleTest("two words")).toBeUndefined();
  });

  it("picks out of a block the lines plausibleTest accepts", () => {
    const lines = [
      "src/Main.ts",
      "MAIN",
      "m/a/i/n",
      "nam",
      "",
      "src/Émoji-naïve.ts",
      "ıııı",
      "a.b[c]-^$\\d/e",
      "a+b(c)|{d}?*",
      "main\r",
      "x",
    ];
    const block = `${lines.join("\n")}\n`;
    for (const query of [
      "main",
      "MAIN",
      "naive",
      "a.b",
      "[c]",
      "^$",
      "\\d",
      "-",
      "+(|{?*",
      "zzz",
      "i",
      "two words",
      "é",
    ]) {
      const test = plausibleTest(query) ?? (() => true);
      const expected = lines.filter((line) => line !== "" && test(line));
      expect([...new Set(plausibleLines(query)(block))].sort(), query).toEqual(expected.sort());
    }
  });

  it("keeps, a folder's names at a time, what plausibleLines keeps of the same paths", () => {
    const folders: Array<[string, string[]]> = [
      ["", ["Main.ts", "MAIN", "nam", "x", "src/"]],
      ["src/", ["Main.ts", "Émoji-naïve.ts", "ıııı", "main\r", "m/"]],
      ["m/a/i/", ["n", "x", "N/"]],
      ["a.b[c]-^$\\d/", ["e", "f/"]],
      ["dïr/", ["main.ts", "zzz"]],
      ["ma/", ["in.ts", "n.ts"]],
    ];
    const paths = folders.flatMap(([rel, names]) => names.map((name) => rel + name));
    for (const query of [
      "main",
      "MAIN",
      "naive",
      "a.b",
      "[c]",
      "\\d",
      "i",
      "zzz",
      "two words",
      "é",
      "in",
      "m/n",
    ]) {
      const select = plausibleNames(query);
      const kept = folders.flatMap(([rel, names]) =>
        select(rel, names.map((name) => `${rel}${name}\n`).join("")),
      );
      // plausibleLines may give a line twice (see there).
      const lines = new Set(plausibleLines(query)(`${paths.join("\n")}\n`));
      expect(kept.sort(), query).toEqual([...lines].sort());
    }
  });
});
