// --strict-config over every layer that is a file (user, profile file, trusted project) and over `-c`: an
// unknown key at any depth stops loading with its file, line and dotted path; without the flag it is a warning.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../test/support/scratch.js";
import { loadConfig, type LoadConfigOptions } from "./load.js";

function setup(files: Record<string, string>): { home: string; project: string } {
  const root = scratchDir("codex-ts-strict-");
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".codex"));
  mkdirSync(home);
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(
      join(name.startsWith(".codex") ? project : home, name),
      text.replaceAll("PROJECT", project),
    );
  }
  return { home, project };
}

function load(dirs: { home: string; project: string }, extra: Partial<LoadConfigOptions> = {}) {
  return loadConfig({
    codexHome: dirs.home,
    cwd: dirs.project,
    env: {},
    systemConfigPath: join(dirs.home, "none.toml"),
    ...extra,
  });
}

describe("--strict-config on nested keys", () => {
  it("the user's config.toml", () => {
    const dirs = setup({ "config.toml": 'model = "m"\n\n[history]\npersistence = "none"\nbogus = 1\n' });
    const file = join(dirs.home, "config.toml");
    expect(() => load(dirs, { strict: true })).toThrow(
      `${file}:5: unknown configuration field \`history.bogus\` (--strict-config)`,
    );
    expect(load(dirs).warnings).toContainEqual({
      summary: `${file}, line 5: history.bogus: unknown key, ignored`,
      path: file,
    });
  });

  it("names the line of a key in the Nth [[array.of.tables]]", () => {
    const dirs = setup({
      "config.toml":
        "[[skills.config]]\nenabled = true\nbogus = 1\n\n[[skills.config]]\nenabled = false\nother = 2\n",
    });
    const file = join(dirs.home, "config.toml");
    expect(load(dirs).warnings.map((w) => w.summary)).toEqual([
      `${file}, line 3: skills.config.0.bogus: unknown key, ignored`,
      `${file}, line 7: skills.config.1.other: unknown key, ignored`,
    ]);
  });

  it("a profile file", () => {
    const dirs = setup({ "config.toml": "", "p.config.toml": "[sandbox_workspace_write]\nbogus = 1\n" });
    expect(() => load(dirs, { profile: "p", strict: true })).toThrow(
      /p\.config\.toml:2: unknown configuration field `sandbox_workspace_write\.bogus`/,
    );
  });

  it("a trusted project's .codex/config.toml", () => {
    const dirs = setup({
      "config.toml": '[projects."PROJECT"]\ntrust_level = "trusted"\n',
      ".codex/config.toml": "[history]\nbogus = 1\n",
    });
    expect(() => load(dirs, { strict: true })).toThrow(
      /\.codex\/config\.toml:2: unknown configuration field `history\.bogus`/,
    );
    expect(load(dirs).warnings.map((w) => w.summary)).toContainEqual(
      expect.stringMatching(/\.codex\/config\.toml, line 2: history\.bogus: unknown key, ignored$/),
    );
  });

  it("-c overrides: an error with the flag, a warning without it", () => {
    const dirs = setup({ "config.toml": "" });
    const overrides = ["tui.keymap.bogus=1", "features.shell_tool=true", 'mcp_servers.s.env.ANY="1"'];
    expect(() => load(dirs, { overrides, strict: true })).toThrow(
      "unknown configuration field `tui.keymap.bogus` in -c/--config override",
    );
    expect(load(dirs, { overrides }).warnings).toContainEqual({
      summary: "-c/--config override: tui.keymap.bogus: unknown key, ignored",
    });
    expect(load(dirs, { overrides: overrides.slice(1), strict: true }).warnings).toEqual([]);
  });

  it("keys Codex reads and codex-ts does not pass, in every layer", () => {
    const dirs = setup({
      "config.toml":
        '[projects."PROJECT"]\ntrust_level = "trusted"\n[tui]\ntheme = "x"\n[tui.keymap.global]\ncopy = "ctrl-y"\n' +
        '[agents.reviewer]\ndescription = "d"\nbogus = 1\n',
      "p.config.toml": '[otel]\nenvironment = "ci"\n[features]\nfast_mode = true\n',
      ".codex/config.toml": '[mcp_servers.s]\ncommand = "c"\nsupports_parallel_tool_calls = true\n',
    });
    const config = load(dirs, { profile: "p", strict: true, overrides: ["realtime.voice=cedar"] });
    expect(config.warnings).toEqual([]);
  });
});
