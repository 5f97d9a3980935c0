// `sqlite_home` (else $CODEX_SQLITE_HOME) moves the thread index, threads.sqlite, out of CODEX_HOME for
// every surface that reads or writes it; `log_dir` moves the app-server's log (and what feedback bundles
// take from it). The rollout files themselves stay in CODEX_HOME, as in the real Codex.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("sqlite_home", () => {
  it("exec writes the index there and `codex-ts sessions` reads it from there", async () => {
    const { home } = await app.startModel({ model: { replies: [reply.message("done")] } });
    const dbDir = join(home.codexHome, "..", "state-db");
    const env = { ...home.env };
    const run = await runCli(["exec", "-c", `sqlite_home="${dbDir}"`, "index me"], { env, cwd: home.cwd });
    expect(run.code).toBe(0);
    expect(existsSync(join(dbDir, "threads.sqlite"))).toBe(true);
    expect(existsSync(join(home.codexHome, "threads.sqlite"))).toBe(false);
    expect(existsSync(join(home.codexHome, "sessions"))).toBe(true);

    // Through the environment variable the real Codex reads when the config names no folder.
    const listed = await runCli(["sessions", "--all", "--json"], {
      env: { ...env, CODEX_SQLITE_HOME: dbDir },
      cwd: home.cwd,
    });
    expect(listed.code).toBe(0);
    const page = JSON.parse(listed.stdout) as { items: { preview: string }[] };
    expect(page.items.map((t) => t.preview)).toEqual(["index me"]);
    expect(existsSync(join(home.codexHome, "threads.sqlite"))).toBe(false);
  });

  it("the app-server keeps its index in a relative sqlite_home (taken from CODEX_HOME)", async () => {
    const { home } = await app.startModel({
      model: { replies: [reply.message("ok")] },
      toml: 'sqlite_home = "db"',
    });
    const c = await app.spawn(home);
    const threadId = await startThread(c, {});
    await runTurn(c, threadId, "hello index");
    const list = await c.call("thread/list", {});
    expect((list.data as { id: string }[]).map((t) => t.id)).toContain(threadId);
    expect(existsSync(join(home.codexHome, "db", "threads.sqlite"))).toBe(true);
    expect(existsSync(join(home.codexHome, "threads.sqlite"))).toBe(false);
  });
});

describe("log_dir", () => {
  it("the app-server logs to app-server.log there", async () => {
    const { home } = await app.startModel({});
    const logDir = join(home.codexHome, "..", "logs-elsewhere");
    const c = await app.spawn(home, { args: ["-c", `log_dir="${logDir}"`] });
    c.notify("x-unknown/notice");
    const logFile = join(logDir, "app-server.log");
    await expect
      .poll(() => existsSync(logFile) && readFileSync(logFile, "utf8"), { timeout: 20_000 })
      .toContain("notification x-unknown/notice ignored");
    expect(existsSync(join(home.codexHome, "log"))).toBe(false);
  });
});
