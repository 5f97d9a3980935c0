import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgentRoles, readRoleFile } from "./agent-roles.js";
import { scratchDir } from "../../test/support/scratch.js";

function folder(files: Record<string, string>): string {
  const dir = scratchDir("codex-ts-roles-");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** No $CODEX_HOME/agents/: only the layers given count. */
const load = (layers: Parameters<typeof loadAgentRoles>[0]) =>
  loadAgentRoles(layers, "/nonexistent-codex-home");

const userLayer = (dir: string, agents: Record<string, unknown>) => ({
  source: "user",
  path: join(dir, "config.toml"),
  value: { agents },
});

describe("loadAgentRoles", () => {
  it("reads declared roles (config_file relative to the config's folder) and agents/*.toml", () => {
    const dir = folder({
      "roles/rev.toml": 'model = "m1"\ndeveloper_instructions = "review"\n',
      "agents/sub/scout.toml":
        'name = "scout"\ndescription = "Scouts."\nnickname_candidates = ["A b", "C-d"]\ndeveloper_instructions = "look"\n',
    });
    const roles = load([
      userLayer(dir, {
        max_threads: 3,
        reviewer: { description: "Reviews.", config_file: "./roles/rev.toml" },
      }),
    ]);
    expect(roles).toEqual({
      reviewer: { name: "reviewer", description: "Reviews.", configFile: join(dir, "roles/rev.toml") },
      scout: {
        name: "scout",
        description: "Scouts.",
        configFile: join(dir, "agents/sub/scout.toml"),
        nicknameCandidates: ["A b", "C-d"],
      },
    });
  });

  it("reads $CODEX_HOME/agents/ without a $CODEX_HOME/config.toml", () => {
    const home = folder({
      "agents/a.toml": 'name = "a"\ndescription = "A."\ndeveloper_instructions = "x"\n',
    });
    expect(Object.keys(loadAgentRoles([], home))).toEqual(["a"]);
  });

  it("a higher layer's role wins, keeping what it leaves out", () => {
    const dir = folder({});
    const roles = load([
      userLayer(dir, { r: { description: "low", nickname_candidates: ["X"] } }),
      {
        source: "project",
        path: join(dir, "p", "config.toml"),
        value: { agents: { r: { description: "high" } } },
      },
    ]);
    expect(roles.r).toEqual({ name: "r", description: "high", nicknameCandidates: ["X"] });
  });

  it("refuses a role without description, a missing file, bad nicknames, a blank description", () => {
    const dir = folder({ "ok.toml": 'developer_instructions = "x"\n' });
    expect(() => load([userLayer(dir, { r: {} })])).toThrow("agent role `r` must define a description");
    expect(() => load([userLayer(dir, { r: { description: "d", config_file: "nope.toml" } })])).toThrow(
      /nope\.toml does not exist/,
    );
    expect(() =>
      load([userLayer(dir, { r: { description: "d", nickname_candidates: ["a", "a"] } })]),
    ).toThrow(/cannot contain duplicates/);
    expect(() => load([userLayer(dir, { r: { description: "d", nickname_candidates: ["a!"] } })])).toThrow(
      /ASCII letters/,
    );
    expect(() => load([userLayer(dir, { r: { description: "  " } })])).toThrow(/cannot be blank/);
  });
});

describe("readRoleFile", () => {
  it("splits the role's own keys from its config layer and checks the layer's values", () => {
    const dir = folder({
      "a.toml": 'name = "a"\ndescription = "d"\nmodel = "m"\ndeveloper_instructions = "do"\n',
      "bad.toml": 'developer_instructions = "do"\nsandbox_mode = "sometimes"\n',
      "none.toml": 'model = "m"\n',
    });
    expect(readRoleFile(join(dir, "a.toml"))).toEqual({
      name: "a",
      about: { description: "d" },
      config: { model: "m", developer_instructions: "do" },
    });
    expect(() => readRoleFile(join(dir, "bad.toml"), "bad")).toThrow(
      /invalid agent role file: .*sandbox_mode/,
    );
    expect(() => readRoleFile(join(dir, "none.toml"), "none")).toThrow(
      /must define `developer_instructions`/,
    );
    expect(() => readRoleFile(join(dir, "a.toml").replace("a.toml", "x.toml"))).toThrow(/does not exist/);
  });
});
