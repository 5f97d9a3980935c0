// --strict-config on keys inside tables, as Codex 0.169 checks them: `codex-ts exec` and `codex-ts app-server`
// refuse an unknown nested key (exit 1, the file, line and dotted path) before doing anything, warn of it
// without the flag, and take a config that uses every table Codex documents without a word.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli, type TestHome } from "../support/cli.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";
import { killPtyRuns, runCliOnPty } from "../support/pty-cli.js";

type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;
let model: FakeModel | undefined;
afterEach(async () => {
  killPtyRuns();
  await model?.close();
  model = undefined;
});

const app = useAppServer();

// After makeHome's two top-level lines: `[tui.keymap]` is line 3.
const NESTED =
  '[tui.keymap]\nbogus = 1\n\n[history]\npersistence = "save-all"\nmax_bytes = 1000000\ntypo = 2\n';

/** The fixture config with the fake model as its provider (and the key its provider names). */
function useFullConfig(home: TestHome, url: string): void {
  const text = readFileSync(new URL("../fixtures/config/codex-full.toml", import.meta.url), "utf8");
  writeFileSync(join(home.codexHome, "config.toml"), text.replaceAll("MODEL_URL", url));
  home.env.LOCAL_KEY = "sk-local";
}

describe("exec --strict-config, nested keys", () => {
  it("refuses an unknown key inside a table (exit 1, nothing sent); without the flag warns and runs", async () => {
    model = await startFakeModel({ replies: [reply.message("ran")] });
    const home = makeHome(model.url, NESTED);
    const file = join(home.codexHome, "config.toml");
    const strict = await runCli(["exec", "--strict-config", "hi"], { env: home.env, cwd: home.cwd });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe(
      `Error: ${file}:4: unknown configuration field \`tui.keymap.bogus\` (--strict-config)\n`,
    );
    expect(model.requests).toHaveLength(0);

    // With an unknown `-c` key too, the override is the one named, as Codex names it.
    const override = await runCli(["exec", "--strict-config", "-c", "features.nonsense=true", "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(override.code).toBe(1);
    expect(override.stderr).toBe(
      "Error: unknown configuration field `features.nonsense` in -c/--config override\n",
    );
    expect(model.requests).toHaveLength(0);

    writeFileSync(file, `openai_base_url = "${model.url}"\nshell_tool = "shell"\n${NESTED}`);
    const lenient = await runCli(["exec", "-c", "history.bogus=1", "hi"], { env: home.env, cwd: home.cwd });
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stderr).toContain(`warning: ${file}, line 4: tui.keymap.bogus: unknown key, ignored\n`);
    expect(lenient.stderr).toContain(`warning: ${file}, line 9: history.typo: unknown key, ignored\n`);
    expect(lenient.stderr).toContain("warning: -c/--config override: history.bogus: unknown key, ignored\n");
    expect(lenient.stdout).toContain("ran");
    expect(model.requests).toHaveLength(1);
  });

  it("runs a config using every table Codex documents under --strict-config, without a warning", async () => {
    model = await startFakeModel({ replies: [reply.message("all tables read")] });
    const home = makeHome(model.url);
    useFullConfig(home, model.url);
    const run = await runCli(["exec", "--strict-config", "hi"], { env: home.env, cwd: home.cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/warning|unknown/i);
    expect(run.stdout).toContain("all tables read");
    expect(model.requests).toHaveLength(1);
  });
});

describe("app-server --strict-config, nested keys", () => {
  it("stops before initialize on an unknown key inside a table; without the flag it serves", async () => {
    const { home, model: fake } = await app.startModel({ toml: NESTED });
    const strict = await runCli(["app-server", "--strict-config"], {
      env: home.env,
      stdin:
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"t","version":"1"}}}\n',
    });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      `Error: ${join(home.codexHome, "config.toml")}:4: unknown configuration field \`tui.keymap.bogus\``,
    );
    expect(strict.stdout).toBe("");
    const client = await app.spawn(home);
    fake.push(reply.message("served"));
    const threadId = await startThread(client, { cwd: home.cwd });
    // Sent before thread/start's answer, so it is there once the answer is.
    expect(client.notifications("configWarning").map((params) => params.summary)).toEqual([
      `${join(home.codexHome, "config.toml")}, line 4: tui.keymap.bogus: unknown key, ignored`,
      `${join(home.codexHome, "config.toml")}, line 9: history.typo: unknown key, ignored`,
    ]);
    expect(await runTurn(client, threadId, "hi")).toMatchObject({ status: "completed" });
  });

  it("serves a config using every table Codex documents under --strict-config", async () => {
    const { home, model: fake } = await app.startModel();
    useFullConfig(home, fake.url);
    const client = await app.spawn(home, { args: ["--strict-config"] });
    fake.push(reply.message("served"));
    const threadId = await startThread(client, { cwd: home.cwd });
    expect(await runTurn(client, threadId, "hi")).toMatchObject({ status: "completed" });
    expect(client.stderr).not.toMatch(/unknown/i);
  });
});

describe("--strict-config on the other commands Codex 0.169 takes it on", () => {
  it("review, fork, and (on a terminal) the interactive UI and resume refuse an unknown nested key", async () => {
    model = await startFakeModel({ replies: [] });
    const home = makeHome(model.url, NESTED);
    const error = `${join(home.codexHome, "config.toml")}:4: unknown configuration field \`tui.keymap.bogus\``;
    for (const args of [
      ["review", "--strict-config"],
      ["fork", "--strict-config", "--last"],
      ["--strict-config", "exec", "hi"],
    ]) {
      const run = await runCli(args, { env: home.env, cwd: home.cwd });
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr, args.join(" ")).toContain(`Error: ${error}`);
    }
    for (const args of [["--strict-config"], ["resume", "--strict-config", "--last"]]) {
      const term = runCliOnPty(args, { env: home.env, cwd: home.cwd });
      expect(await term.exited, args.join(" ")).toBe(1);
      expect(term.output().replace(/\r?\n/g, ""), args.join(" ")).toContain(error);
    }
    expect(model.requests).toHaveLength(0);
  });
});
