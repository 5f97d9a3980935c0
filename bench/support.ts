// Shared helpers for benchmarks: medians, a scratch CODEX_HOME, and peak RSS of a child via GNU time.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function scratchHome(configToml: string): { codexHome: string; cwd: string } {
  const root = mkdtempSync(join(tmpdir(), "codex-ts-bench-"));
  const codexHome = join(root, "home");
  const cwd = join(root, "work");
  mkdirSync(codexHome);
  mkdirSync(join(cwd, ".git"), { recursive: true });
  writeFileSync(join(codexHome, "config.toml"), configToml);
  return { codexHome, cwd };
}

const GNU_TIME = "/usr/bin/time";
export const canMeasureRss = existsSync(GNU_TIME);

/** Runs a command to completion; returns wall time (ms) and peak RSS (KiB, when GNU time is present). */
export function timeCommand(
  argv: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string },
): Promise<{ wallMs: number; rssKiB?: number; code: number | null }> {
  const full = canMeasureRss ? [GNU_TIME, "-f", "__RSS__%M", ...argv] : argv;
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(full[0] as string, full.slice(1), {
      env: options.env,
      cwd: options.cwd,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const rss = /__RSS__(\d+)/.exec(stderr)?.[1];
      resolve({ wallMs, code, ...(rss ? { rssKiB: Number(rss) } : {}) });
    });
  });
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
