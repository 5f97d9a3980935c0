// `codex-ts app-server generate-json-schema --out DIR` and `generate-ts --out DIR`: the protocol as files,
// from the same method table the server uses.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { generateJsonSchemas } from "../../protocol/app-server/json-schema.js";
import { generateTypeScript } from "../../protocol/app-server/typescript.js";

function writeAll(out: string, files: Iterable<[string, string]>): number {
  let count = 0;
  for (const [path, text] of files) {
    const full = join(resolve(out), path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    count++;
  }
  return count;
}

export function writeJsonSchemas(out: string): number {
  const { files } = generateJsonSchemas();
  const count = writeAll(
    out,
    [...files].map(([path, schema]) => [path, `${JSON.stringify(schema, null, 2)}\n`]),
  );
  process.stderr.write(`wrote ${count} JSON Schema files to ${resolve(out)}\n`);
  return 0;
}

export function writeTypeScript(out: string): number {
  const count = writeAll(out, generateTypeScript());
  process.stderr.write(`wrote ${count} TypeScript files to ${resolve(out)}\n`);
  return 0;
}
