// Compiles the small C helpers into dist/ with the machine's own C compiler: native/sandbox-helper.c (the
// Landlock + seccomp fallback for machines without bubblewrap) and native/folder-reader.c (reads folders on
// threads for the file search's walk). Never fails the install: without a compiler, codex-ts still runs;
// the sandbox says at run time that its fallback is missing, and the file search reads folders in Node.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const helpers = [
  {
    source: "sandbox-helper.c",
    output: "codex-ts-sandbox-helper",
    flags: [],
    linuxOnly: true,
    without: "without bubblewrap, commands will ask for approval instead of running sandboxed",
  },
  {
    source: "folder-reader.c",
    output: "codex-ts-folder-reader",
    flags: ["-pthread"],
    linuxOnly: false,
    without: "the file search will read folders in Node (slower on large trees)",
  },
];

const compiler = process.env.CC || "cc";
for (const helper of helpers) {
  const source = fileURLToPath(new URL(`../native/${helper.source}`, import.meta.url));
  const output = fileURLToPath(new URL(`../dist/${helper.output}`, import.meta.url));
  if (
    process.platform === "win32" ||
    (helper.linuxOnly && process.platform !== "linux") ||
    !existsSync(source)
  )
    continue;
  mkdirSync(fileURLToPath(new URL("../dist", import.meta.url)), { recursive: true });
  try {
    execFileSync(compiler, ["-O2", "-Wall", ...helper.flags, "-o", output, source], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (/** @type {any} */ error) {
    const detail = error.stderr?.toString().trim() || error.message;
    process.stderr.write(
      `codex-ts: could not build ${helper.output} with ${compiler} (${detail}); ${helper.without}\n`,
    );
  }
}
