// `codex-ts app-server proxy`: stdin/stdout joined byte for byte to a running app-server's Unix socket, as
// Codex 0.169's proxy is (observed: a WebSocket client speaks through it; the bytes are not JSON lines).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { Duplex } from "node:stream";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { CLI, runCli } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";
import { waitForSocket } from "../support/unix-socket.js";

const app = useAppServer();

const controlSocket = (codexHome: string) => join(codexHome, "app-server-control", "app-server-control.sock");

describe("app-server proxy", () => {
  it("a WebSocket client speaks to the control socket through the proxy's stdin/stdout", async () => {
    const { home, model } = await app.startModel();
    const server = await app.spawn(home, { args: ["--listen", "unix://"], initialize: false });
    await waitForSocket(controlSocket(home.codexHome));

    const proxy = spawn(process.execPath, [CLI, "app-server", "proxy"], { env: home.env, cwd: home.cwd });
    const proxyExited = new Promise<number | null>((r) => proxy.on("close", (code) => r(code)));
    const stream = Duplex.from({ readable: proxy.stdout, writable: proxy.stdin });
    const ws = await AppServerClient.connect("ws://localhost/", { createConnection: () => stream as never });
    model.push(reply.message("through the proxy"));
    await ws.initialize("proxy_client");
    const threadId = await startThread(ws, { cwd: home.cwd });
    expect(await runTurn(ws, threadId, "hi")).toMatchObject({ status: "completed" });
    expect(ws.violations).toEqual([]);
    await ws.close();
    expect(await proxyExited).toBe(0);

    server.child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("--sock names the socket; a JSON line is not a WebSocket handshake and gets HTTP 400", async () => {
    const { home } = await app.startModel();
    const sock = join(home.cwd, "..", "other.sock");
    const server = await app.spawn(home, { args: ["--listen", `unix://${sock}`], initialize: false });
    await waitForSocket(sock);
    const line = `${JSON.stringify({ id: 1, method: "initialize", params: { clientInfo: { name: "x" } } })}\n`;
    const run = await runCli(["app-server", "proxy", "--sock", sock], { env: home.env, stdin: line });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    server.child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("without a server: exit 1 and the reason", async () => {
    const { home } = await app.startModel();
    const run = await runCli(["app-server", "proxy"], { env: home.env });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `Error: failed to connect to socket at ${controlSocket(home.codexHome)}: No such file or directory\n`,
    );
  });
});
