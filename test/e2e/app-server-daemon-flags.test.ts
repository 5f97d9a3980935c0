// The overrides a daemon's server runs with come from every level of the command line (`codex-ts -c A
// app-server -p P daemon -c B start`); an `app-server` flag the daemon cannot honour is refused with
// Codex 0.169's words (exit 1), not dropped.
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("app-server daemon flags", () => {
  it("root -c, app-server -p and daemon --enable reach the server start runs", async () => {
    const { home } = await app.startModel();
    writeFileSync(join(home.codexHome, "work.config.toml"), 'model_reasoning_effort = "high"\n');
    const args = ["-c", 'model="root-model"', "app-server", "-p", "work", "daemon", "start"];
    const started = await runCli(args, { env: home.env });
    expect(started.stderr).toBe("");
    expect(JSON.parse(started.stdout)).toMatchObject({ status: "started" });
    const socket = join(home.codexHome, "app-server-control", "app-server-control.sock");
    try {
      const ws = await AppServerClient.connect(`ws+unix://${realpathSync(socket)}:/`);
      await ws.initialize("daemon_flags");
      expect(await ws.call("config/read", {})).toMatchObject({
        config: { model: "root-model", model_reasoning_effort: "high" },
      });
      await ws.close();
    } finally {
      const stopped = await runCli(["app-server", "daemon", "stop"], { env: home.env });
      expect(JSON.parse(stopped.stdout)).toMatchObject({ status: "stopped" });
    }
  });

  it("--strict-config (or another server flag) on app-server is refused before anything starts", async () => {
    const { home } = await app.startModel();
    const strict = await runCli(["app-server", "--strict-config", "daemon", "start"], { env: home.env });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe(
      "Error: `--strict-config` is not supported for `codex app-server daemon start`\n",
    );
    const model = await runCli(["app-server", "-m", "x", "daemon", "version"], { env: home.env });
    expect(model.code).toBe(1);
    expect(model.stderr).toContain("`--model` is not supported for `codex app-server daemon version`");
  });
});
