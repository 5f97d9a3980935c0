// skills/list through `codex-ts app-server` follows the user's project_root_markers, and a change of the
// markers (config/value/write) reaches the next listing: the markers are part of what its cache is kept by.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

function skill(path: string, name: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `---\nname: ${name}\ndescription: ${name} skill\n---\nbody\n`);
  return path;
}

describe("app-server skills and project_root_markers", () => {
  it("lists repo skills up to the marked root, and again after the markers change", async () => {
    const { home, client: c } = await app.start({ toml: 'project_root_markers = [".hg"]' });
    const mono = join(home.cwd, "mono");
    const pkg = join(mono, "pkg");
    mkdirSync(join(mono, ".hg"), { recursive: true });
    skill(join(home.cwd, ".agents/skills/outer/SKILL.md"), "outer");
    skill(join(mono, ".agents/skills/inner/SKILL.md"), "inner");
    mkdirSync(pkg, { recursive: true });
    const names = async () =>
      (((await c.call("skills/list", { cwds: [pkg] })).data as Json[])[0]?.skills as Json[]).map(
        (s) => s.name,
      );
    expect(await names()).toEqual(["inner"]);

    // Back to `.git`: the root is cwd, which holds it, so the outer skill is a repo skill too.
    await c.call("config/value/write", {
      keyPath: "project_root_markers",
      value: [".git"],
      mergeStrategy: "replace",
    });
    expect(await names()).toEqual(["inner", "outer"]);

    // No markers: cwd only.
    await c.call("config/value/write", {
      keyPath: "project_root_markers",
      value: [],
      mergeStrategy: "replace",
    });
    expect(await names()).toEqual([]);
  });
});
