// Helpers for the memories tests: the fake model's answers to the pipeline's two structured requests, and
// a wait for the pipeline's log line (fs.watch on the log folder: no sleeping).
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, utimesSync, watch } from "node:fs";
import { join } from "node:path";
import { reply } from "./fake-model.js";

export type Json = Record<string, unknown>;

/** Which request of the pipeline a recorded request is: by the name of its structured output. */
export function memoryRequestKind(body: Json): "extraction" | "consolidation" | undefined {
  const name = ((body.text as Json | undefined)?.format as Json | undefined)?.name;
  if (name === "memory_extraction") return "extraction";
  if (name === "memory_consolidation") return "consolidation";
  return undefined;
}

export const extractionAnswer = (raw: string, summary: string, slug: string) =>
  reply.message(JSON.stringify({ raw_memory: raw, rollout_summary: summary, rollout_slug: slug }));

export const consolidationAnswer = (summary: string, registry: string) =>
  reply.message(JSON.stringify({ memory_summary: summary, memory_md: registry }));

/** Every rollout file under `codexHome/sessions`. */
export function rolloutFiles(codexHome: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".jsonl")) out.push(path);
    }
  };
  walk(join(codexHome, "sessions"));
  return out;
}

/** Makes the thread look idle for `hours` (the pipeline reads the rollout file's modification time). */
export function ageFile(path: string, hours: number): void {
  const when = new Date(Date.now() - hours * 3_600_000);
  utimesSync(path, when, when);
}

/** Resolves with the memories log once a line matches `pattern` (the log folder is watched for changes). */
export function waitForMemoriesLog(codexHome: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const dir = join(codexHome, "log");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "memories.log");
  const read = () => (existsSync(file) ? readFileSync(file, "utf8") : "");
  return new Promise((resolve, reject) => {
    const watcher = watch(dir, () => check());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`memories.log never matched ${pattern}; it has:\n${read()}`));
    }, timeoutMs);
    function check() {
      const text = read();
      if (!pattern.test(text)) return;
      clearTimeout(timer);
      watcher.close();
      resolve(text);
    }
    check();
  });
}
