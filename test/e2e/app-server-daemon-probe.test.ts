// `app-server daemon version` (and `start`, which asks a running server too) against a control socket whose
// server cannot be asked: one that accepts and never answers, one that closes at once, one whose backlog is
// full. Each is an error (exit 1) worded as Codex 0.169 words it, not a "running" report with a null version.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, type TestHome } from "../support/cli.js";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

const controlSocket = (codexHome: string) => join(codexHome, "app-server-control", "app-server-control.sock");
const recordPath = (codexHome: string) => join(codexHome, "app-server-daemon", "daemon.pid");

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

/** A server on the home's control socket that handles each connection with `onConnection`. */
async function socketServer(home: TestHome, onConnection: (socket: Socket) => void): Promise<string> {
  const path = controlSocket(home.codexHome);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return path;
}

function daemon(home: TestHome, command: string) {
  return runCli(["app-server", "daemon", command], { env: home.env, timeoutMs: 30_000 });
}

describe("app-server daemon against a server that cannot be asked", () => {
  it("one that accepts and never answers: version and start time out (exit 1), nothing started", async () => {
    const { home } = await app.startModel();
    const path = await socketServer(home, () => undefined);
    const began = Date.now();
    const version = await daemon(home, "version");
    expect(version.code).toBe(1);
    expect(version.stdout).toBe("");
    expect(version.stderr).toBe(
      `Error: timed out probing app-server control socket ${path}\n\nCaused by:\n    deadline has elapsed\n`,
    );
    // The probe's 5 s, not the runner's limit.
    expect(Date.now() - began).toBeLessThan(20_000);

    const start = await daemon(home, "start");
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`Error: timed out probing app-server control socket ${path}`);
    expect(existsSync(recordPath(home.codexHome))).toBe(false);
  });

  it("one that closes at once: failed to upgrade (exit 1); one that answers HTTP 400: the status", async () => {
    const { home } = await app.startModel();
    const path = await socketServer(home, (socket) => socket.destroy());
    const closed = await daemon(home, "version");
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(
      new RegExp(
        `^Error: failed to upgrade ${path}\\n\\nCaused by:\\n    (Connection reset by peer \\(os error 104\\)|Broken pipe \\(os error 32\\))\\n$`,
      ),
    );
    cleanups.splice(0).forEach((clean) => clean());

    await socketServer(home, (socket) =>
      socket.once("data", () => socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")),
    );
    const refused = await daemon(home, "version");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Error: failed to upgrade ${path}\n\nCaused by:\n    HTTP error: 400 Bad Request\n`,
    );
  });

  it("one whose backlog is full (EAGAIN): failed to connect, at once", async () => {
    const { home } = await app.startModel();
    const path = controlSocket(home.codexHome);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // A server that listens with a backlog of 1, says so, then blocks its thread: nothing is accepted.
    const script = [
      "const { createServer } = require('node:net');",
      "createServer().listen({ path: process.argv[1], backlog: 1 }, () => process.stdout.write('ready\\n', () =>",
      "  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000)));",
    ].join("\n");
    const blocked = spawn(process.execPath, ["-e", script, path], { stdio: ["ignore", "pipe", "inherit"] });
    const held: Socket[] = [];
    cleanups.push(() => {
      for (const socket of held) socket.destroy();
      blocked.kill("SIGKILL");
    });
    await new Promise((resolve) => createInterface({ input: blocked.stdout }).once("line", resolve));
    // Connections queue until the kernel refuses one with EAGAIN.
    const refusal = await new Promise<string | undefined>((resolve) => {
      const next = () => {
        const socket = connect(path);
        socket.once("connect", () => {
          held.push(socket);
          if (held.length > 64) resolve(undefined);
          else next();
        });
        socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code));
      };
      next();
    });
    expect(refusal).toBe("EAGAIN");

    const version = await daemon(home, "version");
    expect(version.code).toBe(1);
    expect(version.stderr).toBe(
      `Error: failed to connect to ${path}\n\nCaused by:\n    Resource temporarily unavailable (os error 11)\n`,
    );
    // A full backlog is a server that runs: start does not start a second one beside it.
    const start = await daemon(home, "start");
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`Error: failed to connect to ${path}`);
    expect(existsSync(recordPath(home.codexHome))).toBe(false);
  });
});
