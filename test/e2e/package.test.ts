// The package as `npm install -g` of its packed tarball gets it: what the tarball holds, that its dependencies
// are exactly what the bundle loads at run time (nothing dev-only is installed, nothing needed is missing), and
// what an install whose native SQLite module was not built, or without the optional node-pty, says.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { bundleModules } from "../support/bundle-modules.js";
import { jsonLines, runCli } from "../support/cli.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { scratchDir } from "../support/scratch.js";

const ROOT = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};
// The budget docs/performance.md states for the tarball (dist with its source maps).
const TARBALL_MAX_BYTES = 3.5 * 1024 * 1024;

interface PackResult {
  size: number;
  files: Array<{ path: string }>;
}

const scratch: string[] = [];
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

/**
 * The package laid out as an install leaves it, from this checkout: dist, prompts and package.json copied, every
 * module linked, except those in `omit`; `sqliteUnbuilt`: better-sqlite3 as its install script left it unrun.
 */
function installedCopy(options: { omit?: string[]; sqliteUnbuilt?: boolean }) {
  const root = scratchDir("codex-ts-package-");
  scratch.push(root);
  const installed = join(root, "codex-ts");
  mkdirSync(join(installed, "node_modules"), { recursive: true });
  for (const part of ["dist", "prompts", "package.json"])
    cpSync(join(ROOT, part), join(installed, part), { recursive: true });
  const modules = join(ROOT, "node_modules");
  const skip = new Set([...(options.omit ?? []), ...(options.sqliteUnbuilt ? ["better-sqlite3"] : [])]);
  for (const name of readdirSync(modules).filter((n) => !skip.has(n) && !n.startsWith(".")))
    symlinkSync(join(modules, name), join(installed, "node_modules", name));
  if (options.sqliteUnbuilt) {
    const sqlite = join(installed, "node_modules", "better-sqlite3");
    mkdirSync(sqlite);
    cpSync(join(modules, "better-sqlite3", "package.json"), join(sqlite, "package.json"));
    cpSync(join(modules, "better-sqlite3", "lib"), join(sqlite, "lib"), { recursive: true });
  }
  const codexHome = join(root, "home");
  mkdirSync(codexHome);
  return { root, installed, codexHome };
}

describe("the npm package", () => {
  it("holds the bundle, the web page, the prompts and the C helpers' sources, within its size budget", async () => {
    // --ignore-scripts: `prepare` would rebuild dist under the tests running beside this one.
    const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: ROOT,
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [result] = JSON.parse(stdout) as PackResult[];
    const paths = (result?.files ?? []).map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        "dist/cli.js",
        "dist/proxy-bridge.js",
        "dist/web/index.html",
        "dist/web/assets/app.js",
        "prompts/base_instructions.md",
        "native/sandbox-helper.c",
        "scripts/build-native-helpers.mjs",
      ]),
    );
    const allowed =
      /^(?:package\.json|README\.md|LICENSE|dist\/.+|prompts\/.+|native\/.+|scripts\/build-native-helpers\.mjs)$/;
    expect(paths.filter((p) => !allowed.test(p))).toEqual([]);
    // The helper binaries are compiled by the install script on the user's machine, never shipped from this one.
    expect(paths).not.toContain("dist/codex-ts-sandbox-helper");
    expect(paths).not.toContain("dist/codex-ts-folder-reader");
    expect(paths).toContain("native/folder-reader.c");
    expect(result?.size).toBeLessThan(TARBALL_MAX_BYTES);
  });

  it("depends on exactly the packages the bundle loads from node_modules", () => {
    const loaded = bundleModules(join(ROOT, "dist"))
      // Ink's developer tools, imported only when DEV=true: never in an installed package.
      .filter((name) => name !== "react-devtools-core");
    const declared = [
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.optionalDependencies ?? {}),
    ].sort();
    expect(loaded).toEqual(declared);
    for (const name of declared) expect(pkg.devDependencies).not.toHaveProperty(name);
  });

  it("without better-sqlite3's native module, a command says how to rebuild it instead of a stack trace", async () => {
    // As installed with --ignore-scripts: better-sqlite3 without its build/ folder.
    const { root, installed, codexHome } = installedCopy({ sqliteUnbuilt: true });
    writeFileSync(join(codexHome, "config.toml"), "");
    const res = await runCli(["sessions", "--all"], {
      env: { PATH: process.env.PATH, HOME: root, CODEX_HOME: codexHome },
      cwd: root,
      cli: join(installed, "dist", "cli.js"),
    });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toBe(
      `codex-ts: the SQLite module (better-sqlite3) is not built for Node.js ${process.version} here: its install ` +
        `script did not run, or ran under another Node.js. Rebuild it with: npm rebuild better-sqlite3 --prefix ${installed}\n`,
    );
  });

  it("without the optional node-pty, a command on a terminal is a failed command that says why", async () => {
    // As installed with --omit=optional.
    const { root, installed, codexHome } = installedCopy({ omit: ["node-pty"] });
    model = await startFakeModel({
      replies: [reply.exec("echo on-a-tty", { tty: true }), reply.message("noted")],
    });
    writeFileSync(join(codexHome, "config.toml"), `openai_base_url = "${model.url}"\n`);
    const cwd = join(root, "work");
    mkdirSync(join(cwd, ".git"), { recursive: true });
    const res = await runCli(["exec", "--json", "run it on a terminal"], {
      env: { PATH: process.env.PATH, HOME: root, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-test" },
      cwd,
      cli: join(installed, "dist", "cli.js"),
    });
    expect(res.code, res.stderr + res.stdout).toBe(0);
    const command = jsonLines(res.stdout).find(
      (e) => e.type === "item.completed" && (e.item as { type?: string }).type === "command_execution",
    )?.item as { status: string; exit_code: number; aggregated_output: string } | undefined;
    expect(command?.status).toBe("failed");
    expect(command?.exit_code).toBe(-1);
    expect(command?.aggregated_output).toMatch(
      /^Failed to start the command: running a command on a terminal \(tty\) needs the optional package node-pty/,
    );
    // The model reads the same reason.
    expect(JSON.stringify(model.requests[1]?.body.input)).toContain("needs the optional package node-pty");
  });
});
