// Hook scripts for tests: real programs (node and sh) that record what they got on stdin and answer as a
// hooks.json handler does.
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A hooks.json body: event -> one matcher group per entry. */
export type HookSpec = Record<string, Array<{ matcher?: string; command: string; timeout?: number }>>;

export function hooksJson(spec: HookSpec): string {
  const hooks = Object.fromEntries(
    Object.entries(spec).map(([event, groups]) => [
      event,
      groups.map((g) => ({
        ...(g.matcher !== undefined ? { matcher: g.matcher } : {}),
        hooks: [{ type: "command", command: g.command, ...(g.timeout ? { timeout: g.timeout } : {}) }],
      })),
    ]),
  );
  return JSON.stringify({ hooks }, null, 2);
}

export function writeHooksJson(folder: string, spec: HookSpec): string {
  const path = join(folder, "hooks.json");
  writeFileSync(path, hooksJson(spec));
  return path;
}

/**
 * A node hook: appends its stdin (one JSON line) to `log`, then prints `answer` (JSON when an object) and
 * exits with `exitCode`, writing `stderr` first.
 */
export function nodeHook(
  dir: string,
  name: string,
  options: { log: string; answer?: unknown; exitCode?: number; stderr?: string },
): string {
  const script = join(dir, `${name}.cjs`);
  writeFileSync(
    script,
    `const fs = require("node:fs");
let input = "";
process.stdin.on("data", (c) => (input += c));
process.stdin.on("end", () => {
  fs.appendFileSync(${JSON.stringify(options.log)}, input.trim() + "\\n");
  const answer = ${JSON.stringify(options.answer ?? null)};
  if (answer !== null) process.stdout.write(typeof answer === "string" ? answer : JSON.stringify(answer));
  ${options.stderr ? `process.stderr.write(${JSON.stringify(options.stderr)});` : ""}
  process.exitCode = ${options.exitCode ?? 0};
});
`,
  );
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`;
}

/** A shell hook script with the given body (it gets the event JSON on stdin). */
export function shellHook(dir: string, name: string, body: string): string {
  const script = join(dir, `${name}.sh`);
  writeFileSync(script, `#!/bin/sh\n${body}\n`);
  chmodSync(script, 0o755);
  return script;
}

/** The JSON lines a node hook recorded. */
export function hookLog(log: string): Array<Record<string, unknown>> {
  let text = "";
  try {
    text = readFileSync(log, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
