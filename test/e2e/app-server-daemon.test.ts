// `codex-ts app-server daemon start|stop|restart|version`: a background app-server on the control socket,
// reported in the JSON Codex 0.169 prints (status, backend, pid, managedCodexPath, managedCodexVersion,
// socketPath, cliVersion, appServerVersion).
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type TestHome } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import { useAppServer } from "../support/app-server-fixture.js";
import { waitForSocket } from "../support/unix-socket.js";

const app = useAppServer();

const controlSocket = (codexHome: string) => join(codexHome, "app-server-control", "app-server-control.sock");

/** Running (a zombie no reaper collected yet counts as ended: it ran to its end). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

async function daemon(home: TestHome, command: string, flags: string[] = []) {
  const run = await runCli(["app-server", "daemon", ...flags, command], { env: home.env });
  const json = run.code === 0 ? (JSON.parse(run.stdout) as Record<string, unknown>) : undefined;
  return { ...run, json };
}

describe("app-server daemon", () => {
  it("start (with -c), version, start again, restart, stop: one server in the background, JSON on stdout", async () => {
    const { home } = await app.startModel();
    const socketPath = controlSocket(home.codexHome);
    const pids: number[] = [];
    try {
      // -c reaches the server the daemon starts.
      const started = await daemon(home, "start", ["-c", 'model="daemon-model"']);
      expect(started.json).toMatchObject({
        status: "started",
        backend: "pid",
        managedCodexVersion: "0.169.0",
        socketPath,
        cliVersion: "0.169.0",
        appServerVersion: "0.169.0",
      });
      const pid = started.json?.pid as number;
      pids.push(pid);
      expect(alive(pid)).toBe(true);

      // A client reaches it on the control socket.
      const ws = await AppServerClient.connect(`ws+unix://${realpathSync(socketPath)}:/`);
      expect(await ws.initialize("daemon_client")).toMatchObject({ codexHome: home.codexHome });
      expect(await ws.call("config/read", {})).toMatchObject({ config: { model: "daemon-model" } });
      await ws.close();

      expect((await daemon(home, "version")).json).toMatchObject({ status: "running", backend: "pid" });
      expect((await daemon(home, "start")).json).toMatchObject({ status: "alreadyRunning" });

      const restarted = await daemon(home, "restart");
      expect(restarted.json).toMatchObject({ status: "restarted", backend: "pid" });
      const newPid = restarted.json?.pid as number;
      pids.push(newPid);
      expect(newPid).not.toBe(pid);
      expect(alive(pid)).toBe(false);

      expect((await daemon(home, "stop")).json).toMatchObject({
        status: "stopped",
        backend: "pid",
        socketPath,
      });
      expect(alive(newPid)).toBe(false);
      expect(existsSync(socketPath)).toBe(false);
      expect((await daemon(home, "stop")).json).toMatchObject({
        status: "notRunning",
        managedCodexVersion: null,
      });
    } finally {
      for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("version without a server is an error; a server not started by the daemon is reported but not stopped", async () => {
    const { home } = await app.startModel();
    const none = await daemon(home, "version");
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`Error: failed to connect to ${controlSocket(home.codexHome)}`);

    const server = await app.spawn(home, { args: ["--listen", "unix://"], initialize: false });
    await waitForSocket(controlSocket(home.codexHome));
    const version = await daemon(home, "version");
    expect(version.json).toMatchObject({ status: "running", appServerVersion: "0.169.0" });
    expect(version.json).not.toHaveProperty("backend");
    const stop = await daemon(home, "stop");
    expect(stop.code).toBe(1);
    expect(stop.stderr).toContain("was not started by `app-server daemon start`");
    server.child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});
