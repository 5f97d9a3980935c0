import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./load.js";
import { findProjectConfigFiles, isProjectTrusted } from "./project-layers.js";
import { scratchDir } from "../../test/support/scratch.js";

function repo(trust: string) {
  const root = scratchDir("codex-ts-layers-");
  const home = join(root, "home");
  const repoDir = join(root, "repo");
  mkdirSync(home);
  mkdirSync(join(repoDir, ".git"), { recursive: true });
  mkdirSync(join(repoDir, ".codex"));
  mkdirSync(join(repoDir, "a", "b", ".codex"), { recursive: true });
  writeFileSync(join(repoDir, ".codex", "config.toml"), 'model = "repo-model"\napproval_policy = "never"\n');
  writeFileSync(join(repoDir, "a", "b", ".codex", "config.toml"), 'approval_policy = "untrusted"\n');
  writeFileSync(join(home, "config.toml"), `model = "user-model"\n${trust.replaceAll("REPO", repoDir)}`);
  const system = join(root, "system.toml");
  writeFileSync(system, 'model = "system-model"\nmodel_reasoning_effort = "low"\n');
  return { home, repoDir, system };
}

describe("project layers", () => {
  it("finds .codex/config.toml from the repository root down to cwd", () => {
    const { home, repoDir } = repo("");
    expect(findProjectConfigFiles(join(repoDir, "a", "b"), home).map((f) => f.dir)).toEqual([
      repoDir,
      join(repoDir, "a", "b"),
    ]);
    expect(findProjectConfigFiles(join(repoDir, "a"), home).map((f) => f.dir)).toEqual([repoDir]);
  });

  it("trust is decided by the nearest [projects] entry at or above a folder", () => {
    const projects = { "/r": { trust_level: "trusted" }, "/r/x": { trust_level: "untrusted" } };
    expect(isProjectTrusted("/r", projects)).toBe(true);
    expect(isProjectTrusted("/r/y/z", projects)).toBe(true);
    expect(isProjectTrusted("/r/x/z", projects)).toBe(false);
    expect(isProjectTrusted("/other", projects)).toBe(false);
    expect(isProjectTrusted("/r", undefined)).toBe(false);
  });

  it("layers: defaults < system < user < trusted projects (root first) < -c", () => {
    const { home, repoDir, system } = repo('[projects."REPO"]\ntrust_level = "trusted"\n');
    const config = loadConfig({
      codexHome: home,
      cwd: join(repoDir, "a", "b"),
      env: {},
      systemConfigPath: system,
      overrides: ["model_reasoning_effort=high"],
    });
    expect(config.layers.map((l) => l.source)).toEqual([
      "defaults",
      "system",
      "user",
      "project",
      "project",
      "overrides",
    ]);
    expect(config.model).toBe("repo-model");
    expect(config.approvalPolicy).toBe("untrusted");
    expect(config.reasoningEffort).toBe("high");
    expect(config.disabledLayers).toEqual([]);
    const global = loadConfig({
      codexHome: home,
      cwd: join(repoDir, "a", "b"),
      env: {},
      systemConfigPath: system,
      projectConfig: false,
    });
    expect(global.model).toBe("user-model");
  });

  it("an untrusted project is reported, not applied, even when its file is broken", () => {
    const { home, repoDir, system } = repo("");
    writeFileSync(join(repoDir, "a", "b", ".codex", "config.toml"), "this is = = not toml");
    const config = loadConfig({
      codexHome: home,
      cwd: join(repoDir, "a", "b"),
      env: {},
      systemConfigPath: system,
    });
    expect(config.model).toBe("user-model");
    expect(config.disabledLayers.map((l) => [l.path, l.value])).toEqual([
      [join(repoDir, ".codex", "config.toml"), { model: "repo-model", approval_policy: "never" }],
      [join(repoDir, "a", "b", ".codex", "config.toml"), {}],
    ]);
    expect(config.disabledLayers[0]?.disabledReason).toContain(
      `[projects."${repoDir}"] trust_level = "trusted"`,
    );
  });

  it("project_root_markers from the user file decide where project layers start; [] means cwd only", () => {
    const { home, repoDir, system } = repo('[projects."REPO"]\ntrust_level = "trusted"\n');
    const userToml = join(home, "config.toml");
    const load = (markers: string) => {
      writeFileSync(
        userToml,
        `project_root_markers = ${markers}\n[projects."${repoDir}"]\ntrust_level = "trusted"\n`,
      );
      return loadConfig({ codexHome: home, cwd: join(repoDir, "a", "b"), env: {}, systemConfigPath: system });
    };
    const paths = (markers: string) =>
      load(markers)
        .layers.filter((l) => l.source === "project")
        .map((l) => l.path);
    expect(paths("[]")).toEqual([join(repoDir, "a", "b", ".codex", "config.toml")]);
    expect(paths('[".git"]')).toHaveLength(2);
    mkdirSync(join(repoDir, "a", ".hg"));
    expect(paths('[".hg"]')).toEqual([join(repoDir, "a", "b", ".codex", "config.toml")]);
    // The nearest folder holding any of the markers is the root.
    expect(paths('[".hg", ".git"]')).toEqual([join(repoDir, "a", "b", ".codex", "config.toml")]);
  });
});
