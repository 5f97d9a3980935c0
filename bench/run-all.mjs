// Runs every benchmark in bench/ (files ending .bench.ts) one after another and prints their figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv[2];
const files = readdirSync(new URL(".", import.meta.url))
  .filter((f) => f.endsWith(".bench.ts") && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", new URL(file, import.meta.url).pathname], {
    stdio: "inherit",
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
