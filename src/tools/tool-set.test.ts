// Which command tools a session offers: exec_command and write_stdin for every model, `shell` on request.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config/load.js";
import { buildToolSet } from "./tool-set.js";
import { scratchDir } from "../../test/support/scratch.js";

const home = scratchDir("tool-set-");
afterAll(() => rmSync(home, { recursive: true, force: true }));

function toolNames(toml: string, options: { profile?: string; overrides?: string[]; model?: string } = {}) {
  writeFileSync(join(home, "config.toml"), toml);
  const config = loadConfig({
    codexHome: home,
    cwd: home,
    env: { OPENAI_API_KEY: "sk-test" },
    systemConfigPath: join(home, "no-system-config.toml"),
    projectConfig: false,
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
    ...(options.model ? { cli: { model: options.model } } : {}),
  });
  const set = buildToolSet(config);
  const names = set.registry.specsForModel().map((spec) => String(spec.name));
  void set.close();
  return names;
}

describe("buildToolSet", () => {
  it.each(["gpt-5.1-codex", "gpt-5.1", "gpt-5", "o3", "gpt-4.1", "some-unknown-model"])(
    "offers exec_command and write_stdin, not shell, to %s by default",
    (model) => {
      const names = toolNames("", { model });
      expect(names.slice(0, 2)).toEqual(["exec_command", "write_stdin"]);
      expect(names).not.toContain("shell");
      expect(names).toEqual(
        expect.arrayContaining(["apply_patch", "update_plan", "view_image", "request_user_input"]),
      );
    },
  );

  it('offers the one-shot shell with shell_tool = "shell", in config.toml, a profile or -c', () => {
    const shellOnly = (names: string[]) => names.includes("shell") && !names.includes("exec_command");
    expect(shellOnly(toolNames('shell_tool = "shell"\n'))).toBe(true);
    const withProfile = '[profiles.classic]\nshell_tool = "shell"\n';
    expect(shellOnly(toolNames(withProfile, { profile: "classic" }))).toBe(true);
    expect(shellOnly(toolNames(withProfile))).toBe(false);
    expect(shellOnly(toolNames("", { overrides: ["shell_tool=shell"] }))).toBe(true);
    expect(toolNames('shell_tool = "exec_command"\n').slice(0, 2)).toEqual(["exec_command", "write_stdin"]);
  });
});
