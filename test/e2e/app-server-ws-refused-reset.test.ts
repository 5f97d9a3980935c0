// A client that resets its connection after its WebSocket upgrade was refused (403 for a browser Origin,
// 401 from `--ws-auth`) must not take the server down: the next client is still served. A client that stops
// half way through its HTTP request does not hold up shutdown.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useAppServer } from "../support/app-server-fixture.js";
import { listeningUrl } from "../support/ws-listener.js";

const app = useAppServer();

/** Sends an upgrade request, waits for the refusal's status line, then resets the connection. */
function refuseThenReset(url: string, headers: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(
        `GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${headers}\r\n`,
      );
    });
    socket.once("data", (chunk: Buffer) => {
      socket.resetAndDestroy();
      resolve(chunk.toString("utf8").split("\r\n")[0] ?? "");
    });
    socket.once("error", reject);
  });
}

describe("app-server --listen ws:// with misbehaving clients", () => {
  it("survives clients that reset after a 403 (Origin) or a 401 (--ws-auth)", async () => {
    const { home } = await app.startModel();
    const server = await app.spawn(home, {
      args: [
        "--listen",
        "ws://127.0.0.1:0",
        "--ws-auth",
        "capability-token",
        "--ws-token-sha256",
        "a".repeat(64),
      ],
      initialize: false,
    });
    const url = await listeningUrl(server);
    for (let i = 0; i < 3; i += 1) {
      expect(await refuseThenReset(url, "Origin: http://evil.example\r\n")).toBe("HTTP/1.1 403 Forbidden");
      expect(await refuseThenReset(url, "")).toBe("HTTP/1.1 401 Unauthorized");
    }
    const ready = await fetch(`${url.replace("ws:", "http:")}/readyz`);
    expect(ready.status).toBe(200);
    expect(server.child?.exitCode).toBeNull();
    server.child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("a client stopped half way through its HTTP request does not hold up shutdown", async () => {
    const { home } = await app.startModel();
    const server = await app.spawn(home, { args: ["--listen", "ws://127.0.0.1:0"], initialize: false });
    const { hostname, port } = new URL(await listeningUrl(server));
    const partial = connect({ host: hostname, port: Number(port) });
    await new Promise((resolve) => partial.once("connect", resolve));
    partial.write("GET /readyz HTTP/1.1\r\nHost: x\r\n");
    const closed = new Promise((resolve) => partial.once("close", resolve));
    partial.on("error", () => undefined);
    server.child?.kill("SIGTERM");
    // Without the cut-off, close() would wait for Node's 60 s header timeout.
    expect(await server.exited).toBe(0);
    await closed;
  }, 15_000);
});
