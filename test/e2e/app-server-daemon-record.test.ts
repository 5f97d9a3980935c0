// `app-server daemon stop` acts only on the process its daemon.pid records: a tampered record (pid -1 or 0,
// which would signal every process of the user or a whole group; or the pid of another process whose start
// time differs from the record's) is reported as not running, removed, and nothing is signalled. A `start`
// whose server exits before it listens fails at once, its record removed; two at once start one server.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type TestHome } from "../support/cli.js";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

const recordPath = (codexHome: string) => join(codexHome, "app-server-daemon", "daemon.pid");

function tamper(home: TestHome, pid: number, processStartTime: string): void {
  mkdirSync(join(home.codexHome, "app-server-daemon"), { recursive: true });
  writeFileSync(recordPath(home.codexHome), JSON.stringify({ pid, processStartTime, version: "0.169.0" }));
}

async function stop(home: TestHome) {
  const run = await runCli(["app-server", "daemon", "stop"], { env: home.env });
  return { ...run, json: run.code === 0 ? (JSON.parse(run.stdout) as Record<string, unknown>) : undefined };
}

describe("app-server daemon with a tampered daemon.pid, or a server that does not listen", () => {
  it("pid -1 and pid 0 are not running: nothing is signalled, the record is removed", async () => {
    const { home } = await app.startModel();
    for (const pid of [-1, 0]) {
      tamper(home, pid, "1");
      const run = await stop(home);
      expect(run.stderr).toBe("");
      expect(run.json).toMatchObject({ status: "notRunning", managedCodexVersion: null });
      expect(existsSync(recordPath(home.codexHome))).toBe(false);
    }
  });

  it("the live pid of another app-server-looking process with a different start time is left running", async () => {
    const { home } = await app.startModel();
    // An unrelated process whose command line even holds "app-server": only the start time tells it apart.
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "app-server"], {
      stdio: "ignore",
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      other.once("exit", (_c, sig) => resolve(sig)),
    );
    try {
      await new Promise((resolve) => other.once("spawn", resolve));
      tamper(home, other.pid as number, "12345");
      const run = await stop(home);
      expect(run.json).toMatchObject({ status: "notRunning" });
      expect(existsSync(recordPath(home.codexHome))).toBe(false);
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      other.kill("SIGKILL");
    }
    expect(await exited).toBe("SIGKILL");
  });

  it("start whose server exits before it listens fails at once and leaves no record", async () => {
    const { home } = await app.startModel();
    // Something that is not a socket where the control socket goes: the server refuses it and exits 1.
    mkdirSync(join(home.codexHome, "app-server-control", "app-server-control.sock", "x"), {
      recursive: true,
    });
    const began = Date.now();
    const run = await runCli(["app-server", "daemon", "start"], { env: home.env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Error: the app-server daemon exited (code 1) before it listened; see ");
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(existsSync(recordPath(home.codexHome))).toBe(false);
  });

  it("two starts at once: one starts the server, the other finds it running (a stale lock is taken over)", async () => {
    const { home } = await app.startModel();
    // A lock left by a command that died (no process has this pid).
    mkdirSync(join(home.codexHome, "app-server-daemon"), { recursive: true });
    writeFileSync(join(home.codexHome, "app-server-daemon", "daemon.lock"), "99999999\n");
    const runs = await Promise.all(
      [0, 1].map(() => runCli(["app-server", "daemon", "start"], { env: home.env })),
    );
    // Every server a start reported, so that none outlives the test even when the check fails.
    const pids = runs.flatMap((run) => /"pid":(\d+)/.exec(run.stdout)?.[1] ?? []).map(Number);
    try {
      const statuses = runs.map((run) => (JSON.parse(run.stdout) as { status: string }).status).sort();
      expect(statuses).toEqual(["alreadyRunning", "started"]);
      expect(existsSync(join(home.codexHome, "app-server-daemon", "daemon.lock"))).toBe(false);
      const stopped = await runCli(["app-server", "daemon", "stop"], { env: home.env });
      expect(JSON.parse(stopped.stdout)).toMatchObject({ status: "stopped" });
    } finally {
      for (const pid of pids) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already stopped.
        }
      }
    }
  });
});
