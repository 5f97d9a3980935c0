// A reader that goes away before the output ends (`codex-ts sessions | head -1`) ends the output, not the
// command: no EPIPE stack trace, exit status as if it had been read.
import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../support/cli.js";
import { tempCodexHome, threadLines, writeRolloutFile } from "../support/rollout-files.js";

const homes: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of homes.splice(0)) cleanup();
});

describe("a closed stdout", () => {
  it("`sessions` whose reader has gone exits 0 without a trace", async () => {
    const home = tempCodexHome();
    homes.push(home.cleanup);
    for (let n = 0; n < 5; n++) writeRolloutFile(home.dir, threadLines(crypto.randomUUID(), 1));
    const child = spawn(process.execPath, [CLI, "sessions", "--all"], {
      env: { PATH: process.env.PATH, HOME: home.dir, CODEX_HOME: home.dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Closed before the command writes anything: its first write fails with EPIPE.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`codex-ts sessions did not exit\nstderr: ${stderr}`));
      }, 60_000);
      child.on("close", (status) => {
        clearTimeout(timer);
        resolve(status);
      });
    });
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
