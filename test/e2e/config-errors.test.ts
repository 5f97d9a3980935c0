// A bad config.toml on every surface: exec exits non-zero naming the file, line and key; the app-server
// answers thread/start with that error; the terminal UI says it before anything else. A bad value that a
// flag overrides still runs, with a warning.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { TmuxSession } from "../support/tmux.js";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let term: TmuxSession | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  await model?.close();
  model = undefined;
});

// makeHome writes openai_base_url and shell_tool first: the extra text starts on line 3.
const BAD_SANDBOX = /config\.toml, line 3: sandbox_mode: Invalid option/;

describe("a bad config.toml", () => {
  it("stops exec with the file, line and key, and runs with a warning when a flag overrides the value", async () => {
    model = await startFakeModel({ fallback: reply.message("ran anyway") });
    const home = makeHome(model.url, 'sandbox_mode = "yolo"');
    const bad = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(BAD_SANDBOX);
    expect(model.requests).toHaveLength(0);

    const overridden = await runCli(["exec", "-s", "read-only", "hi"], { env: home.env, cwd: home.cwd });
    expect(overridden.code).toBe(0);
    expect(overridden.stderr).toMatch(/warning: invalid value ignored \(set again by cli\): .*sandbox_mode/);
    expect(overridden.stdout).toContain("ran anyway");

    const plugins = makeHome(model.url, 'plugins = "yes"');
    const wrongKind = await runCli(["exec", "hi"], { env: plugins.env, cwd: plugins.cwd });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(/config\.toml, line 3: plugins: /);
  });

  it("answers thread/start with the error, and warns when the client's settings override the value", async () => {
    const { home, client } = await app.start({ toml: 'sandbox_mode = "yolo"' });
    const response = await client.waitResponse(client.request("thread/start", { cwd: home.cwd }));
    expect((response.error as { message: string }).message).toMatch(BAD_SANDBOX);

    const ok = await client.call("thread/start", { cwd: home.cwd, sandbox: "read-only" });
    expect(ok.thread).toBeDefined();
    const warning = await client.waitNotification("configWarning", (p) =>
      /sandbox_mode/.test(String(p.summary)),
    );
    expect(warning.path).toMatch(/config\.toml$/);
  });

  it("shows the error in the terminal UI before anything else", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url, 'sandbox_mode = "yolo"');
    term = TmuxSession.start({ args: [], env: home.env, cwd: home.cwd });
    expect(await term.waitForExit(15_000)).toBe(1);
    expect(term.captureAll().replace(/\n/g, "")).toMatch(/Error: invalid config in .*sandbox_mode/);
  });
});
