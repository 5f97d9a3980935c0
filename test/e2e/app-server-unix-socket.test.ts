// `codex-ts app-server --listen unix://[PATH]`: WebSocket over a Unix domain socket, as Codex 0.169 serves
// it. The socket is bound at /tmp/codex-daemon-<uid>/<sha256 of the path> (sun_path holds 108 bytes) and the
// path asked for is a symlink to it; a live server is not displaced, a dead one's socket is replaced, and
// both are removed when the server stops.
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readlinkSync, realpathSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";
import { waitForSocket } from "../support/unix-socket.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();

const controlSocket = (codexHome: string) => join(codexHome, "app-server-control", "app-server-control.sock");
/** sun_path limits connect(2) too: a client connects where the symlink leads, as Codex's proxy does. */
const wsUrl = (path: string) => `ws+unix://${realpathSync(path)}:/`;

/** Stops a socket server as a user would (SIGTERM) and returns its exit code. */
async function stop(server: AppServerClient): Promise<number | null> {
  server.child?.kill("SIGTERM");
  return server.exited;
}

describe("app-server over a Unix socket", () => {
  it("bare unix:// serves WebSocket clients on $CODEX_HOME/app-server-control/app-server-control.sock", async () => {
    const { home, model } = await app.startModel();
    const server = await app.spawn(home, { args: ["--listen", "unix://"], initialize: false });
    const path = controlSocket(home.codexHome);
    await waitForSocket(path);
    const backing = readlinkSync(path);
    const hash = createHash("sha256").update(path).digest("hex");
    expect(backing).toBe(join("/tmp", `codex-daemon-${process.getuid!()}`, hash));
    expect(lstatSync(backing).isSocket()).toBe(true);
    expect(statSync(backing).mode & 0o777).toBe(0o600);
    expect(statSync(join("/tmp", `codex-daemon-${process.getuid!()}`)).mode & 0o777).toBe(0o700);
    expect(statSync(join(home.codexHome, "app-server-control")).mode & 0o777).toBe(0o700);

    const ws = await AppServerClient.connect(wsUrl(path));
    try {
      model.push(reply.message("over the unix socket"));
      await ws.initialize("unix_client");
      const threadId = await startThread(ws, { cwd: home.cwd });
      expect(await runTurn(ws, threadId, "hi")).toMatchObject({ status: "completed" });
      expect(ws.violations).toEqual([]);
    } finally {
      await ws.close();
    }
    expect(await stop(server)).toBe(0);
    expect(existsSync(path) || existsSync(backing)).toBe(false);
    expect(lstatSync(join(home.codexHome, "app-server-control")).isDirectory()).toBe(true);
  });

  it("unix://PATH works for a path longer than sun_path allows (no token needed), and a live server there is refused", async () => {
    const { home } = await app.startModel();
    const deep = join(scratchDir("codex-ts-sock-"), "d".repeat(60), "e".repeat(60));
    mkdirSync(deep, { recursive: true });
    const path = join(deep, "my.sock");
    expect(path.length).toBeGreaterThan(108);
    // --ws-auth is checked but, as in Codex, applies to ws:// only: the socket's file mode guards this one.
    const digest = createHash("sha256").update("tok").digest("hex");
    const auth = ["--ws-auth", "capability-token", "--ws-token-sha256", digest];
    const server = await app.spawn(home, {
      args: ["--listen", `unix://${path}`, ...auth],
      initialize: false,
    });
    await waitForSocket(path);
    const ws = await AppServerClient.connect(wsUrl(path));
    await ws.initialize("long_path");
    await ws.close();

    const second = await runCli(["app-server", "--listen", `unix://${path}`], { env: home.env });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Error: app-server control socket is already in use at ${path}`);
    expect(await stop(server)).toBe(0);
    expect(existsSync(path)).toBe(false);
  });

  it("replaces the socket a killed server left behind", async () => {
    const { home } = await app.startModel();
    const path = controlSocket(home.codexHome);
    const first = await app.spawn(home, { args: ["--listen", "unix://"], initialize: false });
    await waitForSocket(path);
    const backing = readlinkSync(path);
    first.child?.kill("SIGKILL");
    await first.exited;
    expect(lstatSync(path).isSymbolicLink() && lstatSync(backing).isSocket()).toBe(true); // stale

    const second = await app.spawn(home, { args: ["--listen", "unix://"], initialize: false });
    const ws = await (async () => {
      // The stale symlink is there from the start: connect once the new server answers.
      for (;;) {
        try {
          return await AppServerClient.connect(wsUrl(path));
        } catch {
          await new Promise<void>((r) => setImmediate(r));
        }
      }
    })();
    expect(await ws.initialize("after_crash")).toMatchObject({ codexHome: home.codexHome });
    await ws.close();
    expect(await stop(second)).toBe(0);
  });

  it("bad --listen values: a usage error (exit 2) or, for off, no transport (exit 1)", async () => {
    const { home } = await app.startModel();
    const bad = await runCli(["app-server", "--listen", "tcp://x"], { env: home.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "unsupported --listen URL `tcp://x`; expected `stdio://`, `unix://`, `unix://PATH`, `ws://IP:PORT`, or `off`",
    );
    const host = await runCli(["app-server", "--listen", "ws://localhost:0"], { env: home.env });
    expect(host.code).toBe(2);
    expect(host.stderr).toContain(
      "invalid websocket --listen URL `ws://localhost:0`; expected `ws://IP:PORT`",
    );
    const off = await runCli(["app-server", "--listen", "off"], { env: home.env });
    expect(off.code).toBe(1);
    expect(off.stderr).toContain("Error: no transport configured; use --listen or enable remote control");
  });
});
