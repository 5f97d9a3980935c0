import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load.js";
import { profileNameProblem } from "./profile-layer.js";
import { scratchDir } from "../../test/support/scratch.js";

function home(files: Record<string, string>): string {
  const dir = scratchDir("codex-ts-profiles-");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const load = (codexHome: string, options: Parameters<typeof loadConfig>[0] = {}) =>
  loadConfig({
    codexHome,
    cwd: codexHome,
    env: {},
    systemConfigPath: join(codexHome, "none.toml"),
    ...options,
  });

describe("profiles", () => {
  it("-p NAME layers NAME.config.toml over config.toml; -c and flags stay above it", () => {
    const dir = home({
      "config.toml": 'model = "base"\napproval_policy = "untrusted"\n',
      "p1.config.toml": 'model = "from-file"\n',
    });
    const config = load(dir, { profile: "p1" });
    expect(config.model).toBe("from-file");
    expect(config.approvalPolicy).toBe("untrusted");
    expect(config.layers.map((l) => [l.source, l.path])).toEqual([
      ["defaults", undefined],
      ["user", join(dir, "config.toml")],
      ["profile:p1", join(dir, "p1.config.toml")],
    ]);
    expect(load(dir, { profile: "p1", overrides: ['model="from-c"'] }).model).toBe("from-c");
    expect(load(dir, { profile: "p1", cli: { model: "from-m" } }).model).toBe("from-m");
  });

  it("-p naming no file and no table runs with the base config", () => {
    const config = load(home({ "config.toml": 'model = "base"\n' }), { profile: "nope" });
    expect(config.model).toBe("base");
    expect(config.layers.map((l) => l.source)).toEqual(["defaults", "user"]);
  });

  it("keeps a legacy [profiles.NAME] table working when no NAME.config.toml exists", () => {
    const dir = home({ "config.toml": 'model = "base"\n[profiles.old]\nmodel = "legacy"\n' });
    expect(load(dir, { profile: "old" }).model).toBe("legacy");
    expect(load(dir).model).toBe("base");
    const selected = home({ "config.toml": 'profile = "old"\n[profiles.old]\nmodel = "legacy"\n' });
    expect(load(selected).model).toBe("legacy");
  });

  it("refuses a file and a legacy table or selector for one name, as Codex does", () => {
    const table = home({
      "config.toml": '[profiles.p1]\nmodel = "legacy"\n',
      "p1.config.toml": 'model = "f"\n',
    });
    expect(() => load(table, { profile: "p1" })).toThrow(
      `--profile \`p1\` cannot be used while ${join(table, "config.toml")} contains legacy \`profile = "p1"\` or ` +
        `\`[profiles.p1]\` config; move those settings into ${join(table, "p1.config.toml")} and remove the ` +
        "legacy profile selector/table. See https://developers.openai.com/codex/config-advanced#profiles for more information.",
    );
    const selector = home({ "config.toml": 'profile = "p1"\n', "p1.config.toml": 'model = "f"\n' });
    expect(() => load(selector, { profile: "p1" })).toThrow(/--profile `p1` cannot be used/);
    expect(() => load(selector)).toThrow(
      'legacy `profile = "p1"` config is no longer supported; use `--profile p1` with `p1.config.toml` instead',
    );
    const other = home({ "config.toml": 'profile = "x"\n', "p1.config.toml": 'model = "f"\n' });
    expect(() => load(other, { profile: "p1" })).toThrow(
      /legacy `profile = "x"` config is no longer supported/,
    );
    expect(() => load(home({ "p1.config.toml": "" }), { overrides: ['profile="p1"'] })).toThrow(ConfigError);
  });

  it("stays under the project layers", () => {
    const dir = home({
      "config.toml": 'model = "base"\n',
      "p1.config.toml": 'model = "from-file"\nmodel_reasoning_effort = "low"\n',
    });
    const project = scratchDir("codex-ts-profiles-project-");
    mkdirSync(join(project, ".git"));
    mkdirSync(join(project, ".codex"));
    writeFileSync(join(project, ".codex", "config.toml"), 'model = "from-project"\n');
    writeFileSync(
      join(dir, "config.toml"),
      `model = "base"\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
    );
    const config = load(dir, { profile: "p1", cwd: project });
    expect(config.model).toBe("from-project");
    expect(config.reasoningEffort).toBe("low");
    expect(config.layers.map((l) => l.source)).toEqual(["defaults", "user", "profile:p1", "project"]);
  });

  it("ignores a project's profile keys, with Codex's warning", () => {
    const project = scratchDir("codex-ts-profiles-project-");
    mkdirSync(join(project, ".git"));
    mkdirSync(join(project, ".codex"));
    const projectFile = join(project, ".codex", "config.toml");
    writeFileSync(
      projectFile,
      'profile = "p1"\nmodel_verbosity = "low"\n[profiles.p1]\nmodel = "from-project"\n',
    );
    const dir = home({
      "config.toml": `model = "base"\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
    });
    const config = load(dir, { profile: "p1", cwd: project });
    expect(config.model).toBe("base");
    expect(config.toml.model_verbosity).toBe("low");
    expect(config.warnings).toContainEqual({
      summary:
        `Ignored unsupported project-local config keys in ${projectFile}: profile, profiles. ` +
        "If you want these settings to apply, manually set them in your user-level config.toml.",
      path: projectFile,
    });
  });

  it("checks the profile file's keys like any config file", () => {
    const dir = home({ "config.toml": "", "p1.config.toml": "bogus_key = 1\n" });
    expect(load(dir, { profile: "p1" }).warnings.map((w) => w.path)).toEqual([join(dir, "p1.config.toml")]);
    expect(() => load(dir, { profile: "p1", strict: true })).toThrow(
      /p1\.config\.toml:1: unknown configuration field `bogus_key`/,
    );
    const broken = home({ "p1.config.toml": "model = [\n" });
    expect(() => load(broken, { profile: "p1" })).toThrow(/invalid TOML in .*p1\.config\.toml/);
  });

  it("--ignore-user-config leaves the profile file out too", () => {
    const dir = home({ "config.toml": 'model = "base"\n', "p1.config.toml": 'model = "from-file"\n' });
    const config = load(dir, { profile: "p1", ignoreUserConfig: true });
    expect(config.layers.map((l) => l.source)).toEqual(["defaults"]);
  });

  it("takes plain names only: a profile names a file in $CODEX_HOME", () => {
    for (const name of ["work", "a-b", "a_b", "A1", "1"]) expect(profileNameProblem(name)).toBeUndefined();
    for (const name of ["../x", "a/b", "a.b", "", "a b", "é"]) {
      expect(profileNameProblem(name)).toBe(
        `invalid --profile value \`${name}\`; pass a plain name such as \`work\``,
      );
    }
  });
});
