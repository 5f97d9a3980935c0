// The app-server flags Codex 0.169's clients pass: `--stdio`, `--analytics-default-enabled` (how the IDE
// extension spawns it) and `--strict-config`; and how bad combinations are refused.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("app-server flags", () => {
  it("serves stdio with --stdio and --analytics-default-enabled, alone or together", async () => {
    for (const args of [
      ["--analytics-default-enabled"],
      ["--stdio"],
      ["--stdio", "--analytics-default-enabled", "-c", 'model="gpt-5.1-codex"'],
    ]) {
      const { home, model, client } = await app.start({ args });
      model.push(reply.message(`ok ${args.join(" ")}`));
      const threadId = await startThread(client, { cwd: home.cwd });
      expect(await runTurn(client, threadId, "hi"), args.join(" ")).toMatchObject({ status: "completed" });
    }
  });

  it("refuses --stdio with --listen", async () => {
    const { home } = await app.startModel();
    const run = await runCli(["app-server", "--stdio", "--listen", "ws://127.0.0.1:0"], { env: home.env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/'--stdio' cannot be used with option '--listen/);
  });

  it("--strict-config stops before serving when config.toml has an unknown key; without it the server runs", async () => {
    const { home } = await app.startModel({ toml: "bogus_key = 1" });
    const strict = await runCli(["app-server", "--strict-config"], { env: home.env });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      `Error: ${join(home.codexHome, "config.toml")}:3: unknown configuration field \`bogus_key\``,
    );
    expect(strict.stdout).toBe("");
    const client = await app.spawn(home, { args: [] });
    expect(client.stderr).not.toContain("Error:");
  });

  it("--strict-config passes a clean config and the server answers", async () => {
    const { home } = await app.startModel();
    const client = await app.spawn(home, { args: ["--strict-config"] });
    const started = await client.call("thread/start", { cwd: home.cwd });
    expect(started).toMatchObject({ cwd: home.cwd });
  });
});
