// Config profiles as Codex 0.169 has them: `-p NAME` layers $CODEX_HOME/NAME.config.toml on the user's
// config.toml; a legacy [profiles.NAME] table still applies when no such file exists; a file and a legacy
// table (or selector) for one name are refused with Codex's words. exec's header names the model each run
// used, and the model request proves it; config/read lists the profile as a user layer of its own.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;
let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

const headerModel = (stderr: string) => /^model: (.*)$/m.exec(stderr)?.[1];

describe("exec -p", () => {
  it("layers NAME.config.toml; a missing profile runs with the base config; -c wins over the file", async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b"), reply.message("c")] });
    const home = makeHome(model.url, 'model = "gpt-5.1"');
    writeFileSync(join(home.codexHome, "fast.config.toml"), 'model = "gpt-5.1-codex-mini"\n');
    const run = (args: string[]) => runCli(["exec", ...args, "hi"], { env: home.env, cwd: home.cwd });

    const profiled = await run(["-p", "fast"]);
    expect(profiled.code, profiled.stderr).toBe(0);
    expect(headerModel(profiled.stderr)).toBe("gpt-5.1-codex-mini");
    const missing = await run(["-p", "nope"]);
    expect(missing.code, missing.stderr).toBe(0);
    expect(headerModel(missing.stderr)).toBe("gpt-5.1");
    const overridden = await run(["-p", "fast", "-c", 'model="gpt-5.2"']);
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(headerModel(overridden.stderr)).toBe("gpt-5.2");
    expect(model.requests.map((r) => (r.body as { model?: string }).model)).toEqual([
      "gpt-5.1-codex-mini",
      "gpt-5.1",
      "gpt-5.2",
    ]);
  });

  it("takes -p (and the other shared flags) given before the command, as Codex does; the command's own win", async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b")] });
    const home = makeHome(model.url, 'model = "gpt-5.1"');
    writeFileSync(join(home.codexHome, "fast.config.toml"), 'model = "gpt-5.1-codex-mini"\n');
    const run = (args: string[]) => runCli(args, { env: home.env, cwd: home.cwd });
    const before = await run(["-p", "fast", "exec", "hi"]);
    expect(before.code, before.stderr).toBe(0);
    expect(headerModel(before.stderr)).toBe("gpt-5.1-codex-mini");
    const own = await run([
      "-p",
      "fast",
      "-c",
      'model="gpt-5.2"',
      "exec",
      "-c",
      'model="gpt-5.1-codex"',
      "hi",
    ]);
    expect(own.code, own.stderr).toBe(0);
    expect(headerModel(own.stderr)).toBe("gpt-5.1-codex");
  });

  it("keeps a legacy [profiles.NAME] table working when there is no NAME.config.toml", async () => {
    model = await startFakeModel({ replies: [reply.message("a")] });
    const home = makeHome(model.url, 'model = "gpt-5.1"\n[profiles.old]\nmodel = "gpt-5.1-codex"');
    const result = await runCli(["exec", "-p", "old", "hi"], { env: home.env, cwd: home.cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(headerModel(result.stderr)).toBe("gpt-5.1-codex");
  });

  it("refuses a profile file beside a legacy table or selector of the same name, as Codex does", async () => {
    const home = makeHome("http://127.0.0.1:1/v1", '[profiles.p1]\nmodel = "legacy"');
    const userFile = join(home.codexHome, "config.toml");
    const profileFile = join(home.codexHome, "p1.config.toml");
    writeFileSync(profileFile, 'model = "gpt-5.1"\n');
    const both = await runCli(["exec", "-p", "p1", "hi"], { env: home.env, cwd: home.cwd });
    expect(both.code).toBe(1);
    expect(both.stderr).toContain(
      `--profile \`p1\` cannot be used while ${userFile} contains legacy \`profile = "p1"\` or \`[profiles.p1]\` ` +
        `config; move those settings into ${profileFile} and remove the legacy profile selector/table. See ` +
        "https://developers.openai.com/codex/config-advanced#profiles for more information.",
    );
    writeFileSync(userFile, 'profile = "p1"\n');
    const selected = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(selected.code).toBe(1);
    expect(selected.stderr).toContain(
      'legacy `profile = "p1"` config is no longer supported; use `--profile p1` with `p1.config.toml` instead',
    );
  });

  it("refuses a name that is no plain file name as a usage error", async () => {
    const home = makeHome("http://127.0.0.1:1/v1");
    const result = await runCli(["exec", "-p", "../x", "hi"], { env: home.env, cwd: home.cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("invalid --profile value `../x`; pass a plain name such as `work`");
  });
});

const app = useAppServer();

describe("app-server config/read with -p", () => {
  it("lists the profile file as a user layer named after the profile, above config.toml", async () => {
    const { home } = await app.startModel();
    const userFile = join(home.codexHome, "config.toml");
    const profileFile = join(home.codexHome, "fast.config.toml");
    writeFileSync(profileFile, 'model_reasoning_effort = "low"\n');
    const client = await app.spawn(home, { args: ["-p", "fast"] });
    const read = await client.call("config/read", { includeLayers: true });
    expect(read.config).toMatchObject({ model_reasoning_effort: "low" });
    const names = ((read.layers ?? []) as Json[]).map((l) => l.name);
    expect(names.slice(0, 2)).toEqual([
      { type: "user", file: profileFile, profile: "fast" },
      { type: "user", file: userFile, profile: null },
    ]);
    const origins = read.origins as Record<string, Json>;
    expect(origins.model_reasoning_effort?.name).toEqual({
      type: "user",
      file: profileFile,
      profile: "fast",
    });
    expect(origins.openai_base_url?.name).toEqual({ type: "user", file: userFile, profile: null });
  });
});
