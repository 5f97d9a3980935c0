// `app-server daemon start|stop` where things go wrong: a server that does not answer in time (the start
// timeout, shortened through CODEX_TS_DAEMON_START_TIMEOUT_MS), a file where a folder goes or a folder
// where the record goes, a recorded daemon that is another user's, and a record an earlier build wrote.
// Each is an error worded as Codex 0.169 words it (exit 1, no stack trace) that leaves nothing running.
import { execFile, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, runCli, type RunResult, type TestHome } from "../support/cli.js";
import { useAppServer } from "../support/app-server-fixture.js";
import { waitForSocket } from "../support/unix-socket.js";

const app = useAppServer();

const controlDir = (codexHome: string) => join(codexHome, "app-server-control");
const controlSocket = (codexHome: string) => join(controlDir(codexHome), "app-server-control.sock");
const daemonDir = (codexHome: string) => join(codexHome, "app-server-daemon");
const recordPath = (codexHome: string) => join(daemonDir(codexHome), "daemon.pid");

/** The pids of processes whose environment names this home: a server the daemon left behind would. */
function processesOf(home: TestHome): number[] {
  const marker = `CODEX_HOME=${home.codexHome}\0`;
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/environ`, "utf8").includes(marker);
      } catch {
        return false; // Ended meanwhile.
      }
    })
    .map(Number);
}

function daemon(home: TestHome, command: string, env: NodeJS.ProcessEnv = {}) {
  return runCli(["app-server", "daemon", command], { env: { ...home.env, ...env }, timeoutMs: 40_000 });
}

function startTicks(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

describe("app-server daemon start when the server does not answer in time", () => {
  it("one that listens but never answers initialize is killed at the deadline, its socket and record removed", async () => {
    const { home } = await app.startModel();
    // A config.toml that is a FIFO nobody writes: the server listens, then blocks reading its config.
    const fifo = join(home.codexHome, "config.toml");
    rmSync(fifo);
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const run = await daemon(home, "start", { CODEX_TS_DAEMON_START_TIMEOUT_MS: "5000" });
    const socket = controlSocket(home.codexHome);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const log = join(daemonDir(home.codexHome), "daemon.stderr.log");
    expect(run.stderr).toContain(
      `Error: app server did not become ready on ${socket}\n\nManaged app-server stderr (${log}):\n`,
    );
    // (On a machine slow enough, the deadline comes before it even listens: killed the same.)
    expect(run.stderr).toMatch(
      /Caused by:\n {4}(timed out probing app-server control socket .*: deadline has elapsed|no server listened within 5 s)\n$/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(processesOf(home)).toEqual([]);
    expect(existsSync(recordPath(home.codexHome))).toBe(false);
    expect(existsSync(socket)).toBe(false);
  });

  it("one that has not listened by the deadline is killed too", async () => {
    const { home } = await app.startModel();
    // No server listens 1 ms after it was spawned.
    const run = await daemon(home, "start", { CODEX_TS_DAEMON_START_TIMEOUT_MS: "1" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Error: app server did not become ready on ${controlSocket(home.codexHome)}`,
    );
    expect(run.stderr).toContain("Caused by:\n    no server listened within 0.001 s\n");
    expect(processesOf(home)).toEqual([]);
    expect(existsSync(recordPath(home.codexHome))).toBe(false);
    // The next start, given its time, starts one.
    const again = await daemon(home, "start");
    try {
      expect(JSON.parse(again.stdout)).toMatchObject({ status: "started", appServerVersion: "0.169.0" });
    } finally {
      expect(JSON.parse((await daemon(home, "stop")).stdout)).toMatchObject({ status: "stopped" });
    }
  });
});

describe("app-server daemon start where its files cannot be written", () => {
  const cases: Array<[string, (home: TestHome) => string]> = [
    [
      "a file where the daemon's folder goes",
      (home) => {
        writeFileSync(daemonDir(home.codexHome), "x");
        return `Error: failed to create daemon state directory ${daemonDir(home.codexHome)}\n\nCaused by:\n    path exists and is not a directory: ${daemonDir(home.codexHome)}\n`;
      },
    ],
    [
      "a folder where daemon.pid goes",
      (home) => {
        mkdirSync(join(recordPath(home.codexHome), "x"), { recursive: true });
        return `Error: failed to read pid file ${recordPath(home.codexHome)}\n\nCaused by:\n    Illegal operation on a directory (os error 21)\n`;
      },
    ],
    [
      "a file where the control socket's folder goes",
      (home) => {
        writeFileSync(controlDir(home.codexHome), "x");
        return `Error: failed to create control socket directory ${controlDir(home.codexHome)}\n\nCaused by:\n    path exists and is not a directory: ${controlDir(home.codexHome)}\n`;
      },
    ],
  ];
  for (const [name, lay] of cases) {
    it(`${name}: a clear error (exit 1), no server left running`, async () => {
      const { home } = await app.startModel();
      const expected = lay(home);
      const run = await daemon(home, "start");
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(expected);
      expect(processesOf(home)).toEqual([]);
    });
  }
});

/** Runs `command` in a namespace of its own where `dir` is mounted read-only: not writable even by root. */
function withReadOnly(dir: string, command: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  const script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"';
  return new Promise((resolve) => {
    execFile(
      "unshare",
      ["-rm", "sh", "-c", script, "sh", dir, ...command],
      { env, timeout: 40_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === "number" ? err.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const canMountReadOnly =
  spawnSync("unshare", ["-rm", "sh", "-c", "mount --bind /tmp /tmp && mount -o remount,bind,ro /tmp"], {
    stdio: "ignore",
  }).status === 0;

describe("app-server daemon start with a read-only folder", () => {
  const start = [process.execPath, CLI, "app-server", "daemon", "start"];

  it.skipIf(!canMountReadOnly)(
    "the daemon's folder: the lock cannot be made, an error naming it (exit 1), nothing started",
    async () => {
      const { home } = await app.startModel();
      mkdirSync(daemonDir(home.codexHome), { mode: 0o700 });
      const run = await withReadOnly(daemonDir(home.codexHome), start, home.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `Error: failed to create lock file ${join(daemonDir(home.codexHome), "daemon.lock")}\n\nCaused by:\n    Read-only file system (os error 30)\n`,
      );
      expect(processesOf(home)).toEqual([]);
    },
  );

  it.skipIf(!canMountReadOnly)(
    "the control socket's folder: the server cannot lay its socket and exits; start says why, at once",
    async () => {
      const { home } = await app.startModel();
      mkdirSync(controlDir(home.codexHome), { mode: 0o700 });
      const run = await withReadOnly(controlDir(home.codexHome), start, home.env);
      const log = join(daemonDir(home.codexHome), "daemon.stderr.log");
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Error: the app-server daemon exited (code 1) before it listened; see ${log}\n\nManaged app-server stderr (${log}):\n  Error: EROFS: read-only file system, symlink `,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(processesOf(home)).toEqual([]);
      expect(existsSync(recordPath(home.codexHome))).toBe(false);
    },
  );
});

/** Runs the CLI inside a user namespace (`unshare -r`): root there, yet not another user's owner. */
function inUserNamespace(args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      "unshare",
      ["-r", process.execPath, CLI, ...args],
      { env, timeout: 40_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === "number" ? err.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const canRunAsOthers =
  process.getuid?.() === 0 && spawnSync("unshare", ["-r", "true"], { stdio: "ignore" }).status === 0;

describe("app-server daemon stop of a recorded server it may not signal, or recorded by an earlier build", () => {
  // Signalling another user's process needs root to start one and a user namespace to lose root again.
  it.skipIf(!canRunAsOthers)(
    "a recorded daemon that is another user's (EPERM): an error, the process and its record kept",
    async () => {
      const { home } = await app.startModel();
      const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "app-server"], {
        uid: 65534,
        gid: 65534,
        cwd: "/",
        stdio: "ignore",
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        other.once("exit", (_code, signal) => resolve(signal)),
      );
      try {
        await new Promise((resolve) => other.once("spawn", resolve));
        const pid = other.pid as number;
        mkdirSync(daemonDir(home.codexHome), { recursive: true });
        const record = JSON.stringify({ pid, processStartTime: startTicks(pid), version: "0.169.0" });
        writeFileSync(recordPath(home.codexHome), record);
        const run = await inUserNamespace(["app-server", "daemon", "stop"], home.env);
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(
          `Error: failed to terminate pid-managed app server ${pid}\n\nCaused by:\n    Operation not permitted (os error 1)\n`,
        );
        expect(readFileSync(recordPath(home.codexHome), "utf8")).toBe(record);
        expect(other.exitCode).toBeNull();
        expect(other.signalCode).toBeNull();
      } finally {
        other.kill("SIGKILL");
      }
      expect(await exited).toBe("SIGKILL");
    },
  );

  it("a daemon recorded by an earlier build (its start as a date) is reported and stopped", async () => {
    const { home } = await app.startModel();
    const server = spawn(process.execPath, [CLI, "app-server", "--listen", "unix://"], {
      env: home.env,
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    try {
      // What the earlier build wrote right after its spawn.
      const record = { pid: server.pid, processStartTime: new Date().toString(), version: "0.169.0" };
      mkdirSync(daemonDir(home.codexHome), { recursive: true });
      writeFileSync(recordPath(home.codexHome), JSON.stringify(record));
      await waitForSocket(controlSocket(home.codexHome));
      const version = await daemon(home, "version");
      expect(JSON.parse(version.stdout)).toMatchObject({
        status: "running",
        backend: "pid",
        managedCodexVersion: "0.169.0",
      });
      const stop = await daemon(home, "stop");
      expect(stop.stderr).toBe("");
      expect(JSON.parse(stop.stdout)).toMatchObject({ status: "stopped", backend: "pid" });
      expect(await exited).toBe(0);
      expect(existsSync(recordPath(home.codexHome))).toBe(false);
    } finally {
      server.kill("SIGKILL");
    }
  });
});
