// Bundles the CLI into dist/ with esbuild. Code-splitting keeps each command's start-up to what it imports.
import { build } from "esbuild";
import { chmodSync, copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const zodLocales = join(dirname(require.resolve("zod")), "v4", "locales");

/**
 * zod's namespace re-exports ~50 locales (0.6 MB of start-up parse); codex-ts only speaks English.
 * @type {import("esbuild").Plugin}
 */
const englishOnlyZod = {
  name: "english-only-zod",
  setup(b) {
    b.onResolve({ filter: /locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${join("node_modules", "zod")}`)
        ? { path: "zod-locales", namespace: "zod-locales" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, () => ({
      contents: `export { default as en } from ${JSON.stringify(join(zodLocales, "en.js"))};`,
      loader: "js",
      resolveDir: zodLocales,
    }));
  },
};

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
const cli = await build({
  // proxy-bridge runs inside network-isolated sandboxes in front of the command (src/sandbox/proxy-bridge.ts).
  entryPoints: { cli: "src/cli/entry.ts", "proxy-bridge": "src/sandbox/proxy-bridge.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  keepNames: false,
  sourcemap: "linked",
  // Native modules cannot be bundled; react-devtools-core is an optional dev-only import of Ink.
  // yaml is required lazily by the skills loader, so it stays a file of its own in node_modules; bullmq
  // (and its ioredis) load their Lua scripts from their own files, and only the fleet commands load them.
  external: [
    "better-sqlite3",
    "web-tree-sitter",
    "node-pty",
    "react-devtools-core",
    "yaml",
    "bullmq",
    "ioredis",
  ],
  plugins: [englishOnlyZod],
  // React (the terminal UI) ships its production build; the development one is twice the size.
  // The version as a constant: src/version.ts then never embeds package.json.
  define: { "process.env.NODE_ENV": '"production"', __CODEX_TS_VERSION__: JSON.stringify(version) },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
  metafile: Boolean(process.env.CODEX_TS_METAFILE),
});
// `CODEX_TS_METAFILE=meta.json npm run build`: what each chunk holds (bench/startup-report.ts reads it).
if (process.env.CODEX_TS_METAFILE) writeFileSync(process.env.CODEX_TS_METAFILE, JSON.stringify(cli.metafile));
chmodSync(new URL("../dist/cli.js", import.meta.url), 0o755);
await import("./build-native-helpers.mjs");

// The page of `codex-ts web`: React bundled for the browser with the same esbuild (no second build tool),
// served from dist/web by the CLI. Fixed file names: index.html names them, and the server sends no-store.
await build({
  entryPoints: { app: "src/surfaces/web/page/main.tsx" },
  outdir: "dist/web/assets",
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["chrome115", "firefox115", "safari16"],
  minify: true,
  sourcemap: false,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
copyFileSync("src/surfaces/web/page/index.html", "dist/web/index.html");
