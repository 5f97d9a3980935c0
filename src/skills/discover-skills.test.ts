import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverSkills, findSkillFiles, skillRoots } from "./discover-skills.js";
import { SkillsManager } from "./skills-manager.js";
import { writeSkillEnabled } from "./skills-config.js";
import { scratchDir } from "../../test/support/scratch.js";

function layout() {
  const root = scratchDir("codex-ts-skills-");
  const home = join(root, "home");
  const repo = join(root, "repo");
  const cwd = join(repo, "packages", "app");
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home);
  return { root, home, repo, cwd };
}

function skill(path: string, name: string, description = `${name} skill`): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `---\nname: ${name}\ndescription: ${description}\n---\nbody of ${name}\n`);
  return path;
}

describe("skillRoots", () => {
  it("searches cwd up to the repository root, then CODEX_HOME", () => {
    const { home, repo, cwd } = layout();
    expect(skillRoots(home, cwd).map((r) => `${r.scope}:${r.dir}`)).toEqual([
      `repo:${join(cwd, ".agents/skills")}`,
      `repo:${join(cwd, ".codex/skills")}`,
      `repo:${join(repo, "packages", ".agents/skills")}`,
      `repo:${join(repo, "packages", ".codex/skills")}`,
      `repo:${join(repo, ".agents/skills")}`,
      `repo:${join(repo, ".codex/skills")}`,
      `user:${join(home, "skills")}`,
    ]);
  });
});

describe("skillRoots and root markers", () => {
  it("stops at the nearest folder holding a marker; with no root found or no markers, cwd only", () => {
    const { home, repo, cwd } = layout();
    mkdirSync(join(repo, "packages", ".hg"));
    const repoDirs = (markers: string[]) =>
      skillRoots(home, cwd, markers).flatMap((r) => (r.scope === "repo" ? [r.dir] : []));
    expect(repoDirs([".hg"])).toEqual([
      join(cwd, ".agents/skills"),
      join(cwd, ".codex/skills"),
      join(repo, "packages", ".agents/skills"),
      join(repo, "packages", ".codex/skills"),
    ]);
    expect(repoDirs([".nothing-marks-this"])).toEqual([
      join(cwd, ".agents/skills"),
      join(cwd, ".codex/skills"),
    ]);
    expect(repoDirs([])).toEqual([join(cwd, ".agents/skills"), join(cwd, ".codex/skills")]);
  });
});

describe("discoverSkills", () => {
  it("finds skills at any depth, keeps the nearer of two with one name, and reports bad files", () => {
    const { home, repo, cwd } = layout();
    const near = skill(join(cwd, ".agents/skills/deploy/SKILL.md"), "deploy", "near");
    skill(join(repo, ".codex/skills/deploy/SKILL.md"), "deploy", "far");
    const nested = skill(join(repo, ".agents/skills/team/tools/lint/SKILL.md"), "lint");
    const user = skill(join(home, "skills/notes/SKILL.md"), "notes");
    const bad = join(repo, ".agents/skills/bad/SKILL.md");
    mkdirSync(dirname(bad), { recursive: true });
    writeFileSync(bad, "no front matter");
    const { skills, errors } = discoverSkills(home, cwd);
    expect(skills).toEqual([
      { name: "deploy", description: "near", path: near, scope: "repo" },
      { name: "lint", description: "lint skill", path: nested, scope: "repo" },
      { name: "notes", description: "notes skill", path: user, scope: "user" },
    ]);
    expect(errors).toEqual([{ path: bad, message: expect.stringMatching(/front matter/) }]);
  });

  it("does not search a skill's own folder, hidden folders, or a symlink loop twice", () => {
    const { root } = layout();
    const dir = join(root, "skills");
    const outer = skill(join(dir, "outer/SKILL.md"), "outer");
    skill(join(dir, "outer/examples/inner/SKILL.md"), "inner");
    skill(join(dir, ".hidden/x/SKILL.md"), "hidden");
    symlinkSync(dir, join(dir, "loop"));
    expect(findSkillFiles(dir)).toEqual([outer]);
    expect(findSkillFiles(join(root, "absent"))).toEqual([]);
  });
});

describe("[[skills.config]]", () => {
  it("keeps a skill turned off by name or path out of the offered list, and back on when enabled", () => {
    const { home, cwd } = layout();
    skill(join(home, "skills/a/SKILL.md"), "a");
    const b = skill(join(home, "skills/b/SKILL.md"), "b");
    writeSkillEnabled(home, { name: "a" }, false);
    writeSkillEnabled(home, { path: b }, false);
    let found = discoverSkills(home, cwd);
    expect(found.skills.map((s) => s.name)).toEqual([]);
    expect(found.disabled.map((s) => s.name)).toEqual(["a", "b"]);
    writeSkillEnabled(home, { name: "a" }, true);
    found = discoverSkills(home, cwd);
    expect(found.skills.map((s) => s.name)).toEqual(["a"]);
  });
});

describe("SkillsManager", () => {
  it("caches per cwd until a forced reload", () => {
    const { home, cwd } = layout();
    const manager = new SkillsManager(home);
    expect(manager.list([cwd], false)).toEqual([{ cwd, skills: [], errors: [] }]);
    skill(join(home, "skills/late/SKILL.md"), "late");
    expect(manager.forCwd(cwd).skills).toEqual([]);
    expect(manager.list([cwd], true)[0]?.skills.map((s) => s.name)).toEqual(["late"]);
    expect(manager.forCwd(cwd).skills.map((s) => s.name)).toEqual(["late"]);
  });
});
