// Leftover proxy folders: removed when old and dead (a socket that refuses, or no socket for a day), kept
// otherwise.
import { existsSync, mkdirSync, readdirSync, utimesSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { leaveDeadSocket } from "../../test/support/dead-socket.js";
import { scratchDir } from "../../test/support/scratch.js";
import { startNetworkProxy } from "./network-proxy.js";
import { parseAllowlist } from "./domain-allowlist.js";
import { removeStaleProxyDirs } from "./stale-proxy-dirs.js";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** `parent/name`, made (with a dead socket, a live one, or none), and aged by `ageMs`. */
async function proxyDir(parent: string, name: string, socket: "dead" | "live" | "none", ageMs = 120_000) {
  const dir = path.join(parent, name);
  mkdirSync(dir);
  const socketPath = path.join(dir, "proxy.sock");
  if (socket === "dead") await leaveDeadSocket(socketPath);
  if (socket === "live") {
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(socketPath, resolve));
  }
  const then = new Date(Date.now() - ageMs);
  utimesSync(dir, then, then);
  return dir;
}

describe("stale proxy folders", () => {
  it("removes the old ones whose proxy is gone, and only those", async () => {
    const parent = scratchDir("codex-ts-stale-proxy-");
    await proxyDir(parent, "codex-net-dead01", "dead");
    await proxyDir(parent, "codex-net-empty1", "none", 25 * 60 * 60_000);
    await proxyDir(parent, "codex-net-empty2", "none");
    await proxyDir(parent, "codex-net-live01", "live");
    await proxyDir(parent, "codex-net-young1", "dead", 0);
    await proxyDir(parent, "not-a-proxy-dir", "dead");
    expect(existsSync(path.join(parent, "codex-net-dead01", "proxy.sock"))).toBe(true);

    expect((await removeStaleProxyDirs(parent)).sort()).toEqual(["codex-net-dead01", "codex-net-empty1"]);
    expect(readdirSync(parent).sort()).toEqual([
      "codex-net-empty2",
      "codex-net-live01",
      "codex-net-young1",
      "not-a-proxy-dir",
    ]);
  });

  it("a missing parent is no error", async () => {
    expect(await removeStaleProxyDirs(path.join(scratchDir("codex-ts-stale-proxy-"), "missing"))).toEqual([]);
  });

  it("a new proxy clears what a killed one left, and its own folder goes when it closes", async () => {
    const parent = scratchDir("codex-ts-stale-proxy-");
    await proxyDir(parent, "codex-net-killed", "dead");
    const proxy = await startNetworkProxy({ allowlist: parseAllowlist(["127.0.0.1"]), parentDir: parent });
    const own = path.basename(path.dirname(proxy.socketPath));
    expect(readdirSync(parent)).toEqual([own]);
    await proxy.close();
    expect(readdirSync(parent)).toEqual([]);
  });
});
