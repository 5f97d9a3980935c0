// fs/* and command/exec* through `codex-ts app-server`: the sandbox's writable area (the server runs with
// workspace-write and /tmp excluded, so only its cwd is writable), bad arguments, watches, streaming and
// interactive commands.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";

const app = useAppServer();
const b64 = (s: string) => Buffer.from(s).toString("base64");
const text = (p: Json) => Buffer.from(String(p.deltaBase64), "base64").toString();

/** The error a request is answered with (params the real schema refuses are sent unvalidated). */
async function errorOf(c: AppServerClient, method: string, params: unknown, validate = true): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params, { validate }));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}
const SANDBOX_ARGS = [
  "-s",
  "workspace-write",
  "-c",
  "sandbox_workspace_write.exclude_slash_tmp=true",
  "-c",
  "sandbox_workspace_write.exclude_tmpdir_env_var=true",
];

async function setup() {
  const { home } = await app.startModel();
  const client = await app.spawn(home, { args: SANDBOX_ARGS });
  const outside = join(dirname(home.cwd), "outside");
  mkdirSync(outside);
  return { home, client, outside };
}

describe("app-server fs/*", () => {
  it("reads, writes, lists, copies and removes inside the sandbox; refuses writes outside it", async () => {
    const { home, client: c, outside } = await setup();
    const file = join(home.cwd, "a.txt");
    expect(await c.call("fs/writeFile", { path: file, dataBase64: b64("hello\n") })).toEqual({});
    expect(readFileSync(file, "utf8")).toBe("hello\n");
    expect(await c.call("fs/readFile", { path: file })).toEqual({ dataBase64: b64("hello\n") });
    const meta = await c.call("fs/getMetadata", { path: file });
    expect(meta).toMatchObject({ isFile: true, isDirectory: false, isSymlink: false });
    expect(meta.modifiedAtMs).toBeGreaterThan(0);

    expect(await c.call("fs/createDirectory", { path: join(home.cwd, "d", "e") })).toEqual({});
    await c.call("fs/copy", { sourcePath: file, destinationPath: join(home.cwd, "d", "b.txt") });
    const listed = await c.call("fs/readDirectory", { path: join(home.cwd, "d") });
    expect(listed.entries).toEqual([
      { fileName: "b.txt", isDirectory: false, isFile: true },
      { fileName: "e", isDirectory: true, isFile: false },
    ]);
    const dirCopy = await errorOf(c, "fs/copy", {
      sourcePath: join(home.cwd, "d"),
      destinationPath: join(home.cwd, "d2"),
    });
    expect(dirCopy).toMatchObject({ code: -32600, message: expect.stringContaining("recursive") });
    await c.call("fs/copy", {
      sourcePath: join(home.cwd, "d"),
      destinationPath: join(home.cwd, "d2"),
      recursive: true,
    });
    expect(existsSync(join(home.cwd, "d2", "b.txt"))).toBe(true);
    await c.call("fs/remove", { path: join(home.cwd, "d") });
    expect(existsSync(join(home.cwd, "d"))).toBe(false);
    expect(await c.call("fs/remove", { path: join(home.cwd, "missing") })).toEqual({});

    // Reads are not limited; writes outside the writable area are refused and leave nothing behind.
    writeFileSync(join(outside, "r.txt"), "readable");
    expect(await c.call("fs/readFile", { path: join(outside, "r.txt") })).toEqual({
      dataBase64: b64("readable"),
    });
    for (const [method, params] of [
      ["fs/writeFile", { path: join(outside, "w.txt"), dataBase64: b64("x") }],
      ["fs/createDirectory", { path: join(outside, "dir") }],
      ["fs/remove", { path: join(outside, "r.txt") }],
      ["fs/copy", { sourcePath: file, destinationPath: join(outside, "c.txt") }],
      ["fs/writeFile", { path: join(home.cwd, "..", "outside", "w.txt"), dataBase64: b64("x") }],
      ["fs/writeFile", { path: join(home.cwd, ".git", "config"), dataBase64: b64("x") }],
    ] as const) {
      const error = await errorOf(c, method, params);
      expect(error, method).toMatchObject({
        code: -32600,
        message: expect.stringContaining("writable area"),
      });
    }
    expect(existsSync(join(outside, "w.txt"))).toBe(false);
    expect(existsSync(join(outside, "r.txt"))).toBe(true);
  });

  it("bad arguments: relative paths, missing files, bad base64, unknown watches", async () => {
    const { home, client: c } = await setup();
    // Relative paths: Codex's own answer.
    for (const [method, params] of [
      ["fs/readFile", { path: "a.txt" }],
      ["fs/writeFile", { path: "a.txt", dataBase64: "" }],
      ["fs/copy", { sourcePath: join(home.cwd, "a"), destinationPath: "b" }],
      ["fs/remove", { path: "." }],
    ] as const) {
      expect(await errorOf(c, method, params), method).toMatchObject({
        code: -32600,
        message: "Invalid request: AbsolutePathBuf deserialized without a base path",
      });
    }
    expect(await errorOf(c, "fs/readFile", {}, false)).toMatchObject({
      code: -32600,
      message: "Invalid request: missing field `path`",
    });
    expect(await errorOf(c, "fs/readFile", { path: join(home.cwd, "nope") })).toMatchObject({
      code: -32600,
      message: expect.stringContaining("no such file"),
    });
    expect(
      await errorOf(c, "fs/readDirectory", { path: join(home.cwd, ".git", "..", "nope") }),
    ).toMatchObject({
      code: -32600,
    });
    expect(
      await errorOf(c, "fs/writeFile", { path: join(home.cwd, "x"), dataBase64: "not base64!" }),
    ).toMatchObject({
      code: -32600,
      message: expect.stringContaining("base64"),
    });
    expect(await c.call("fs/unwatch", { watchId: "never" })).toEqual({});
    expect(await errorOf(c, "fs/watch", { path: join(home.cwd, "nope"), watchId: "w" })).toMatchObject({
      code: -32600,
    });
  });

  it("fs/watch reports changes under the path until fs/unwatch", async () => {
    const { home, client: c } = await setup();
    const watched = await c.call("fs/watch", { path: home.cwd, watchId: "w1" });
    expect(watched.path).toBe(home.cwd);
    expect(await errorOf(c, "fs/watch", { path: home.cwd, watchId: "w1" })).toMatchObject({ code: -32600 });
    writeFileSync(join(home.cwd, "changed.txt"), "x");
    const changed = await c.waitNotification("fs/changed", (p) => p.watchId === "w1");
    expect(changed.changedPaths).toContain(join(home.cwd, "changed.txt"));
    expect(await c.call("fs/unwatch", { watchId: "w1" })).toEqual({});
  });
});

describe("app-server command/exec", () => {
  it("runs a command in the sandbox and buffers its output; bad arguments are refused", async () => {
    const { home, client: c, outside } = await setup();
    const done = await c.call("command/exec", { command: ["sh", "-c", "echo out; echo err >&2; exit 3"] });
    expect(done).toEqual({ exitCode: 3, stdout: "out\n", stderr: "err\n" });
    const pwd = await c.call("command/exec", { command: ["pwd"], env: { FOO: "bar" } });
    expect(pwd.stdout).toBe(`${home.cwd}\n`);
    const capped = await c.call("command/exec", {
      command: ["sh", "-c", "printf 0123456789"],
      outputBytesCap: 4,
    });
    expect(capped.stdout).toBe("0123");

    // The sandbox: the cwd is writable, a sibling folder is not.
    const inside = await c.call("command/exec", { command: ["touch", join(home.cwd, "in.txt")] });
    expect(inside.exitCode).toBe(0);
    const denied = await c.call("command/exec", { command: ["touch", join(outside, "out.txt")] });
    expect(denied.exitCode).not.toBe(0);
    expect(existsSync(join(outside, "out.txt"))).toBe(false);
    const free = await c.call("command/exec", {
      command: ["touch", join(outside, "free.txt")],
      sandboxPolicy: { type: "dangerFullAccess" },
    });
    expect(free.exitCode).toBe(0);

    const timedOut = await c.call("command/exec", { command: ["sleep", "5"], timeoutMs: 100 });
    expect(timedOut.exitCode).toBe(124);

    expect(await errorOf(c, "command/exec", { command: [] })).toMatchObject({
      code: -32600,
      message: "command must not be empty",
    });
    expect(await errorOf(c, "command/exec/write", { processId: "x" })).toMatchObject({ code: -32602 });
    expect(await errorOf(c, "command/exec", { command: ["cat"], tty: true })).toMatchObject({
      code: -32600,
      message: expect.stringContaining("processId"),
    });
    expect(await errorOf(c, "command/exec", { command: ["ls"], cwd: join(home.cwd, "nope") })).toMatchObject({
      code: -32600,
      message: expect.stringContaining("not a directory"),
    });
    expect(
      await errorOf(c, "command/exec", { command: ["ls"], disableTimeout: true, timeoutMs: 5 }),
    ).toMatchObject({
      code: -32600,
    });
    expect(
      await errorOf(c, "command/exec/write", { processId: "none", deltaBase64: b64("x") }),
    ).toMatchObject({
      code: -32600,
      message: 'no active command/exec for process id "none"',
    });
    expect(await errorOf(c, "command/exec/terminate", { processId: "none" })).toMatchObject({ code: -32600 });
  });

  it("streams output, takes stdin, resizes a terminal and terminates", async () => {
    const { client: c } = await setup();
    const cat = c.request("command/exec", {
      command: ["sh", "-c", "echo ready; exec cat"],
      processId: "cat",
      streamStdin: true,
      streamStdoutStderr: true,
    });
    await c.waitNotification(
      "command/exec/outputDelta",
      (p) => p.processId === "cat" && text(p) === "ready\n",
    );
    const from = c.received.length;
    await c.call("command/exec/write", { processId: "cat", deltaBase64: b64("hello\n") });
    const delta = await c.waitNotification("command/exec/outputDelta", (p) => p.processId === "cat", {
      from,
    });
    expect(text(delta)).toBe("hello\n");
    expect(delta).toMatchObject({ stream: "stdout", capReached: false });
    await c.call("command/exec/write", { processId: "cat", closeStdin: true });
    const catDone = await c.waitResponse(cat);
    expect(catDone.result).toEqual({ exitCode: 0, stdout: "", stderr: "" });

    const tty = c.request("command/exec", {
      command: ["sh", "-c", "stty size; read line; stty size"],
      processId: "tty",
      tty: true,
      size: { cols: 100, rows: 30 },
    });
    await c.waitNotification("command/exec/outputDelta", (p) => text(p).includes("30 100"));
    await c.call("command/exec/resize", { processId: "tty", size: { cols: 120, rows: 40 } });
    await c.call("command/exec/write", { processId: "tty", deltaBase64: b64("go\n") });
    await c.waitNotification("command/exec/outputDelta", (p) => text(p).includes("40 120"));
    expect((await c.waitResponse(tty)).result).toMatchObject({ exitCode: 0 });

    const sleeper = c.request("command/exec", {
      command: ["sh", "-c", "echo ready; exec sleep 30"],
      processId: "s",
      streamStdoutStderr: true,
    });
    await c.waitNotification("command/exec/outputDelta", (p) => p.processId === "s");
    await c.call("command/exec/terminate", { processId: "s" });
    const ended = (await c.waitResponse(sleeper)).result as Json;
    expect(ended.exitCode).not.toBe(0);
    expect(
      await errorOf(c, "command/exec/resize", { processId: "s", size: { cols: 1, rows: 1 } }),
    ).toMatchObject({
      code: -32600,
    });
  });
});
