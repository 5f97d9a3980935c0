// Compiles native/sandbox-helper.c (the Landlock + seccomp fallback for machines without bubblewrap) into
// dist/ with the machine's own C compiler. Never fails the install: without a compiler, codex-ts still
// runs, and says at run time that this fallback is missing.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("../native/sandbox-helper.c", import.meta.url));
const output = fileURLToPath(new URL("../dist/codex-ts-sandbox-helper", import.meta.url));

if (process.platform === "linux" && existsSync(source)) {
  mkdirSync(fileURLToPath(new URL("../dist", import.meta.url)), { recursive: true });
  const compiler = process.env.CC || "cc";
  try {
    execFileSync(compiler, ["-O2", "-Wall", "-o", output, source], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (/** @type {any} */ error) {
    const detail = error.stderr?.toString().trim() || error.message;
    process.stderr.write(
      `codex-ts: could not build the Landlock sandbox helper with ${compiler} (${detail}); ` +
        "without bubblewrap, commands will ask for approval instead of running sandboxed\n",
    );
  }
}
