// What a command loads before it answers: the dist chunks it imports and, from esbuild's metafile, which
// packages and source folders fill them. Build first with `CODEX_TS_METAFILE=/tmp/meta.json npm run build`.
// Usage: node --import tsx bench/startup-report.ts /tmp/meta.json version|exec|app-server
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [metaPath, which = "app-server"] = process.argv.slice(2) as [string | undefined, string?];
if (!metaPath) {
  console.error("usage: node --import tsx bench/startup-report.ts META.json [version|exec|app-server]");
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..");
const meta = JSON.parse(readFileSync(metaPath, "utf8")) as {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
};
const scratch = mkdtempSync(join(tmpdir(), "codex-ts-startup-"));
const hook = join(scratch, "hook.mjs");
// A module hook that logs every URL Node loads, and marks the first write to stdout (the first answer);
// the report keeps the files of dist/ loaded before that mark.
writeFileSync(
  hook,
  `import { register } from "node:module";
const write = process.stdout.write.bind(process.stdout);
let marked = false;
process.stdout.write = (...args) => { if (!marked) { marked = true; process.stderr.write("ANSWERED\\n"); } return write(...args); };
register("data:text/javascript," + encodeURIComponent(\`
export async function load(url, ctx, next) { process.stderr.write("LOADED " + url + "\\\\n"); return next(url, ctx); }\`));`,
);
const commands: Record<string, string[]> = {
  version: ["--version"],
  exec: ["exec", "--json", "--skip-git-repo-check", "hello"],
  "app-server": ["app-server"],
};
const argv = commands[which];
if (!argv) {
  console.error(`unknown command ${which}: one of ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}
const input =
  which === "app-server"
    ? '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"r","version":"1"}}}\n'
    : "";
const r = spawnSync(
  process.execPath,
  ["--import", pathToFileURL(hook).href, join(root, "dist/cli.js"), ...argv],
  {
    input,
    cwd: scratch,
    env: {
      ...process.env,
      CODEX_HOME: scratch,
      OPENAI_API_KEY: "sk-report",
      OPENAI_BASE_URL: "http://127.0.0.1:9",
    },
    encoding: "utf8",
    timeout: 20_000,
  },
);
const beforeAnswer = r.stderr.split("ANSWERED\n")[0] ?? "";
const loaded = [...beforeAnswer.matchAll(/^LOADED (\S+)$/gm)].map((m) => m[1] ?? "");
const distFiles = loaded
  .filter((u) => u.startsWith(pathToFileURL(join(root, "dist")).href))
  .map((u) => relative(root, new URL(u).pathname));
const external = loaded.filter((u) => u.includes("/node_modules/"));
const byOwner = new Map<string, number>();
let total = 0;
for (const file of distFiles) {
  const out = meta.outputs[file];
  if (!out) continue;
  total += out.bytes;
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const owner = m?.[1] ?? input.split("/").slice(0, 3).join("/");
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytesInOutput);
  }
}
console.log(
  `${which}, loaded before the first answer: ${distFiles.length} dist files, ${(total / 1024).toFixed(0)} KiB; ${external.length} files from node_modules`,
);
for (const u of external) console.log(`  external ${relative(root, new URL(u).pathname)}`);
for (const [owner, bytes] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KiB  ${owner}`);
}
