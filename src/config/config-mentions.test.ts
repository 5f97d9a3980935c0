import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configMayMention } from "./config-mentions.js";
import { scratchDir } from "../../test/support/scratch.js";

function scratch(): { codexHome: string; project: string } {
  const root = scratchDir("config-mentions-");
  const codexHome = join(root, "home");
  const project = join(root, "repo", "pkg", "src");
  mkdirSync(codexHome, { recursive: true });
  mkdirSync(project, { recursive: true });
  return { codexHome, project };
}

describe("configMayMention", () => {
  it("is false when no file or override names the word", () => {
    const { codexHome, project } = scratch();
    writeFileSync(join(codexHome, "config.toml"), 'model = "gpt-5"\n');
    expect(configMayMention(/fleet/, { codexHome, overrides: ["model=o3"], cwd: project })).toBe(false);
  });

  it("finds it in the user's file, in an override, or in a project file above the folder", () => {
    const { codexHome, project } = scratch();
    expect(configMayMention(/fleet/, { codexHome, overrides: ["fleet.queue=q"] })).toBe(true);
    const repo = join(project, "..", "..");
    mkdirSync(join(repo, ".codex"));
    writeFileSync(join(repo, ".codex", "config.toml"), '[fleet]\nredis_url = "redis://127.0.0.1:1"\n');
    expect(configMayMention(/fleet/, { codexHome, overrides: [], cwd: project })).toBe(true);
    // Without a folder only the system and user files count.
    expect(configMayMention(/fleet/, { codexHome, overrides: [] })).toBe(false);
    writeFileSync(join(codexHome, "config.toml"), '[profiles.ci.fleet]\nqueue = "ci"\n');
    expect(configMayMention(/fleet/, { codexHome, overrides: [] })).toBe(true);
  });
});
