// `codex-ts features list|enable|disable`: the flags codex-ts acts on with their stage and effective state,
// and `[features]` of config.toml edited in place.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { makeHome, runCli, type TestHome } from "../support/cli.js";

function home(toml?: string): TestHome & { path: string } {
  const h = makeHome("http://127.0.0.1:9/v1");
  const path = join(h.codexHome, "config.toml");
  if (toml === undefined) rmSync(path);
  else writeFileSync(path, toml);
  return { ...h, path };
}

const run = (h: TestHome, ...args: string[]) => runCli(args, { env: h.env, cwd: h.cwd });

/** The state column of `list`, by flag. */
function states(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trimEnd()
      .split("\n")
      .map((line): [string, string] => {
        const [name = "", , state = ""] = line.split(/\s+/);
        return [name, state];
      }),
  );
}

describe("codex-ts features list", () => {
  it("prints every flag sorted by name, in columns as wide as their widest cell", async () => {
    const h = home();
    const list = await run(h, "features", "list");
    expect(list).toMatchObject({ code: 0, stderr: "" });
    expect(list.stdout).toBe(
      [
        "enable_fanout       removed     false",
        "hooks               stable      true",
        "memories            stable      false",
        "multi_agent         deprecated  false",
        "personality         removed     true",
        "shell_tool          stable      true",
        "unified_exec        stable      true",
        "view_image          stable      true",
        "web_search_cached   deprecated  false",
        "web_search_request  deprecated  false",
        "",
      ].join("\n"),
    );
  });

  it("shows the state after config.toml, the selected profile, a trusted project and overrides", async () => {
    const h = home(
      [
        "[features]",
        "memories = true",
        "hooks = false",
        "collab = true # an older spelling of multi_agent",
        "",
        "[profiles.quiet.features]",
        "view_image = false",
        "",
      ].join("\n"),
    );
    let s = states((await run(h, "features", "list")).stdout);
    expect(s).toMatchObject({ memories: "true", hooks: "false", multi_agent: "true", view_image: "true" });

    s = states((await run(h, "features", "list", "-p", "quiet")).stdout);
    expect(s.view_image).toBe("false");
    s = states((await run(h, "-p", "quiet", "features", "list")).stdout);
    expect(s.view_image).toBe("false");

    // A project's .codex/config.toml counts once the project is trusted.
    mkdirSync(join(h.cwd, ".codex"));
    writeFileSync(join(h.cwd, ".codex", "config.toml"), "[features]\nshell_tool = false\n");
    expect(states((await run(h, "features", "list")).stdout).shell_tool).toBe("true");
    writeFileSync(
      h.path,
      `${readFileSync(h.path, "utf8")}\n[projects.${JSON.stringify(h.cwd)}]\ntrust_level = "trusted"\n`,
    );
    expect(states((await run(h, "features", "list")).stdout).shell_tool).toBe("false");

    // -c, --enable and --disable, before `features`, after it, or after `list`; aliases too.
    s = states(
      (
        await run(
          h,
          "--disable",
          "memories",
          "features",
          "-c",
          "features.hooks=true",
          "list",
          "--enable",
          "web_search",
          "--disable",
          "collab",
        )
      ).stdout,
    );
    expect(s).toMatchObject({ memories: "false", hooks: "true", web_search_request: "true" });
    // `--disable collab` is `-c features.collab=false`: it outranks the file's `collab = true`.
    expect(s.multi_agent).toBe("false");
  });

  it("refuses a flag it does not know, naming the ones it does", async () => {
    const h = home();
    const list = await run(h, "features", "list", "--enable", "nosuch");
    expect(list.code).toBe(1);
    expect(list.stdout).toBe("");
    expect(list.stderr).toMatch(
      /^Error: Unknown feature flag: nosuch\n\(codex-ts acts on: enable_fanout, hooks, /,
    );
  });

  it("stops at a config file that does not parse", async () => {
    const h = home("model = [\n");
    const list = await run(h, "features", "list");
    expect(list.code).toBe(1);
    expect(list.stderr).toContain(`Error: invalid TOML in ${h.path}`);
  });
});

describe("codex-ts features enable|disable", () => {
  it("writes [features] in config.toml, keeping comments and every other key", async () => {
    const original = [
      "# my settings",
      'model = "gpt-5.1-codex" # keep me',
      "",
      "[features]",
      "unified_exec = true # the default",
      "",
      "[profiles.fast]",
      'model = "mini"',
      "",
    ].join("\n");
    const h = home(original);

    expect(await run(h, "features", "enable", "memories")).toMatchObject({
      code: 0,
      stdout: "Enabled feature `memories` in config.toml.\n",
      stderr: "",
    });
    expect(await run(h, "features", "disable", "unified_exec")).toMatchObject({
      code: 0,
      stdout: "Disabled feature `unified_exec` in config.toml.\n",
    });
    const text = readFileSync(h.path, "utf8");
    expect(text.startsWith('# my settings\nmodel = "gpt-5.1-codex" # keep me\n\n[features]\n')).toBe(true);
    expect(text).toContain("unified_exec = false # the default\n");
    expect(parse(text)).toEqual({
      model: "gpt-5.1-codex",
      features: { unified_exec: false, memories: true },
      profiles: { fast: { model: "mini" } },
    });
    const s = states((await run(h, "features", "list")).stdout);
    expect(s).toMatchObject({ memories: "true", unified_exec: "false" });

    // A flag off by default is turned off by removing its key, as Codex does.
    expect((await run(h, "features", "disable", "memories")).stdout).toBe(
      "Disabled feature `memories` in config.toml.\n",
    );
    expect(parse(readFileSync(h.path, "utf8"))).toEqual({
      model: "gpt-5.1-codex",
      features: { unified_exec: false },
      profiles: { fast: { model: "mini" } },
    });
  });

  it("creates config.toml to enable, and leaves it uncreated when there is nothing to turn off", async () => {
    const h = home();
    expect((await run(h, "features", "disable", "memories")).code).toBe(0);
    expect(existsSync(h.path)).toBe(false);
    expect((await run(h, "features", "enable", "collab")).stdout).toBe(
      "Enabled feature `collab` in config.toml.\n",
    );
    expect(readFileSync(h.path, "utf8")).toBe("[features]\ncollab = true\n");
    // Created private, as Codex creates it; a file's own mode is kept by later writes.
    expect(statSync(h.path).mode & 0o777).toBe(0o600);
    chmodSync(h.path, 0o640);
    expect((await run(h, "features", "disable", "collab")).code).toBe(0);
    expect(statSync(h.path).mode & 0o777).toBe(0o640);
    expect((await run(h, "features", "enable", "collab")).code).toBe(0);
    expect(states((await run(h, "features", "list")).stdout).multi_agent).toBe("true");
  });

  it("turning a flag off clears an older spelling that has it on", async () => {
    const h = home("[features]\ncollab = true # older spelling\nhooks = true\n");
    const res = await run(h, "features", "disable", "multi_agent");
    expect(res).toMatchObject({
      code: 0,
      stdout: "Disabled feature `multi_agent` in config.toml.\n",
      stderr: "",
    });
    expect(parse(readFileSync(h.path, "utf8"))).toEqual({ features: { hooks: true } });
    expect(states((await run(h, "features", "list")).stdout).multi_agent).toBe("false");
  });

  it("with --profile, writes a legacy profile's [features] when config.toml has it and there is no file", async () => {
    const h = home('[profiles.fast]\nmodel = "mini"\n');
    expect(await run(h, "features", "disable", "hooks", "--profile", "fast")).toMatchObject({
      code: 0,
      stdout: "Disabled feature `hooks` in config.toml (profile `fast`).\n",
    });
    expect(parse(readFileSync(h.path, "utf8"))).toEqual({
      profiles: { fast: { model: "mini", features: { hooks: false } } },
    });
    expect(states((await run(h, "features", "list", "-p", "fast")).stdout).hooks).toBe("false");
    expect(states((await run(h, "features", "list")).stdout).hooks).toBe("true");

    const before = readFileSync(h.path, "utf8");
    const bad = await run(h, "features", "enable", "hooks", "-p", "../x");
    expect(bad.code).toBe(2);
    expect(readFileSync(h.path, "utf8")).toBe(before);
  });

  it("with --profile, writes the profile file's [features] (made when missing); config.toml is left alone", async () => {
    const h = home('model = "o3"\n');
    const file = join(h.codexHome, "work.config.toml");
    expect(await run(h, "features", "disable", "hooks", "-p", "work")).toMatchObject({
      code: 0,
      stdout: "Disabled feature `hooks` in work.config.toml.\n",
    });
    expect(parse(readFileSync(file, "utf8"))).toEqual({ features: { hooks: false } });
    expect(readFileSync(h.path, "utf8")).toBe('model = "o3"\n');
    expect(states((await run(h, "features", "list", "-p", "work")).stdout).hooks).toBe("false");
    expect(states((await run(h, "features", "list")).stdout).hooks).toBe("true");
    // A file beside a legacy table of the same name: the file is written.
    writeFileSync(h.path, '[profiles.work]\nmodel = "mini"\n');
    expect((await run(h, "features", "enable", "hooks", "-p", "work")).stdout).toBe(
      "Enabled feature `hooks` in work.config.toml.\n",
    );
    expect(parse(readFileSync(file, "utf8"))).toEqual({ features: { hooks: true } });
  });

  it("says so when a layer above config.toml's [features] still decides", async () => {
    const h = home('profile = "quiet"\n\n[profiles.quiet.features]\nhooks = false\n');
    const enabled = await run(h, "features", "enable", "hooks");
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toBe("Enabled feature `hooks` in config.toml.\n");
    expect(enabled.stderr).toBe("warning: `hooks` stays off: it is set by profile 'quiet'\n");
    expect(parse(readFileSync(h.path, "utf8"))).toMatchObject({ features: { hooks: true } });
  });

  it("refuses an unknown flag or a config it cannot keep valid, and writes nothing", async () => {
    const h = home('# mine\nmodel = "o3"\n');
    const unknown = await run(h, "features", "enable", "nosuch");
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(/^Error: Unknown feature flag: nosuch\n/);
    expect(readFileSync(h.path, "utf8")).toBe('# mine\nmodel = "o3"\n');

    const unknownToggle = await run(h, "features", "enable", "memories", "--disable", "nosuch");
    expect(unknownToggle.code).toBe(1);
    expect(unknownToggle.stdout).toBe("");
    expect(readFileSync(h.path, "utf8")).toBe('# mine\nmodel = "o3"\n');

    writeFileSync(h.path, "model = [\n");
    const broken = await run(h, "features", "enable", "memories");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`Error: invalid TOML in ${h.path}`);
    expect(readFileSync(h.path, "utf8")).toBe("model = [\n");
  });
});
