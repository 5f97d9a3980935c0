import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, type ConfigLayer } from "../../config/load.js";
import { discoverHooks } from "./discovery.js";
import { readUserTrust } from "./trust-state.js";
import { scratchDir } from "../../../test/support/scratch.js";

function scratch() {
  const root = scratchDir("hooks-discovery-");
  const home = join(root, "home");
  const repo = join(root, "repo");
  mkdirSync(home);
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(join(repo, ".codex"));
  return { home, repo };
}

const json = (hooks: unknown) => JSON.stringify({ hooks });

describe("discoverHooks", () => {
  it("reads hooks.json and inline tables per layer, with Codex's keys, defaults and warnings", () => {
    const { home, repo } = scratch();
    writeFileSync(
      join(home, "hooks.json"),
      json({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard", timeout: 5 }] }] }),
    );
    const layers: ConfigLayer[] = [
      {
        source: "user",
        path: join(home, "config.toml"),
        value: {
          hooks: {
            Stop: [{ hooks: [{ type: "command", command: "done" }, { type: "prompt" }] }],
            state: { x: { trusted_hash: "sha256:1" } },
          },
        },
      },
    ];
    const found = discoverHooks({ codexHome: home, cwd: repo, layers });
    expect(found.hooks.map((h) => [h.key, h.timeoutSec, h.matcher, h.trustStatus])).toEqual([
      [`${home}/hooks.json:pre_tool_use:0:0`, 5, "Bash", "untrusted"],
      [`${home}/config.toml:stop:0:0`, 600, null, "untrusted"],
    ]);
    expect(found.warnings.some((w) => w.includes("prefer a single representation"))).toBe(true);
    expect(found.warnings.some((w) => w.includes("skipping prompt hook"))).toBe(true);
  });

  it("a trust record for the current hash trusts; for another hash the hook is modified", () => {
    const { home, repo } = scratch();
    writeFileSync(join(home, "hooks.json"), json({ Stop: [{ hooks: [{ type: "command", command: "a" }] }] }));
    const first = discoverHooks({ codexHome: home, cwd: repo, layers: [] }).hooks[0]!;
    const state = { [first.key]: { trusted_hash: first.currentHash } };
    const layers: ConfigLayer[] = [
      { source: "user", path: join(home, "config.toml"), value: { hooks: { state } } },
    ];
    expect(discoverHooks({ codexHome: home, cwd: repo, layers }).hooks[0]!.trustStatus).toBe("trusted");
    writeFileSync(join(home, "hooks.json"), json({ Stop: [{ hooks: [{ type: "command", command: "b" }] }] }));
    expect(discoverHooks({ codexHome: home, cwd: repo, layers }).hooks[0]!.trustStatus).toBe("modified");
  });

  it("project hooks only for a trusted project; a project cannot trust its own hooks", () => {
    const { home, repo } = scratch();
    writeFileSync(
      join(repo, ".codex", "hooks.json"),
      json({ UserPromptSubmit: [{ hooks: [{ type: "command", command: "p" }] }] }),
    );
    expect(discoverHooks({ codexHome: home, cwd: repo, layers: [] }).hooks).toEqual([]);
    const trusted: ConfigLayer = {
      source: "user",
      path: join(home, "config.toml"),
      value: { projects: { [repo]: { trust_level: "trusted" } } },
    };
    const hook = discoverHooks({ codexHome: home, cwd: repo, layers: [trusted] }).hooks[0]!;
    expect(hook).toMatchObject({ source: "project", trustStatus: "untrusted" });
    const selfTrust: ConfigLayer = {
      source: "project",
      path: join(repo, ".codex", "config.toml"),
      value: { hooks: { state: { [hook.key]: { trusted_hash: hook.currentHash } } } },
    };
    expect(
      discoverHooks({ codexHome: home, cwd: repo, layers: [trusted, selfTrust] }).hooks[0]!.trustStatus,
    ).toBe("untrusted");
  });

  it("under --ignore-user-config the user's project trust still finds project hooks; its hook trust is left out", () => {
    const { home, repo } = scratch();
    writeFileSync(
      join(repo, ".codex", "hooks.json"),
      json({ UserPromptSubmit: [{ hooks: [{ type: "command", command: "p" }] }] }),
    );
    writeFileSync(
      join(home, "config.toml"),
      `[projects."${repo}"]\ntrust_level = "trusted"\n[hooks.state."x"]\ntrusted_hash = "sha256:1"\n`,
    );
    const config = loadConfig({ codexHome: home, cwd: repo, ignoreUserConfig: true, env: {} });
    expect(config.layers.some((l) => l.source === "user")).toBe(false);
    const found = discoverHooks({
      codexHome: home,
      cwd: repo,
      layers: config.layers,
      projectTrust: config.projectTrust,
    });
    expect(found.hooks.map((h) => h.source)).toEqual(["project"]);
    expect(readUserTrust(config)).toEqual({});
    expect(readUserTrust(home)).toEqual({ x: { trusted_hash: "sha256:1" } });
  });

  it("project hooks are looked for from the root project_root_markers give; [] means cwd only", () => {
    const { home, repo } = scratch();
    const sub = join(repo, "sub");
    mkdirSync(sub);
    writeFileSync(
      join(repo, ".codex", "hooks.json"),
      json({ Stop: [{ hooks: [{ type: "command", command: "r" }] }] }),
    );
    const user = (value: Record<string, unknown>): ConfigLayer => ({
      source: "user",
      path: join(home, "config.toml"),
      value: { projects: { [repo]: { trust_level: "trusted" } }, ...value },
    });
    const found = (layers: ConfigLayer[]) =>
      discoverHooks({ codexHome: home, cwd: sub, layers }).hooks.map((h) => h.source);
    expect(found([user({})])).toEqual(["project"]);
    expect(found([user({ project_root_markers: [] })])).toEqual([]);
    expect(found([user({ project_root_markers: ["nothing-here"] })])).toEqual([]);
    // A project's own file cannot move its root.
    const own: ConfigLayer = { source: "project", value: { project_root_markers: [] } };
    expect(found([user({}), own])).toEqual(["project"]);
  });

  it("extra sources (plugins) add their hooks.json; bad files are errors, not exceptions", () => {
    const { home, repo } = scratch();
    const plugin = join(home, "plugins", "lint");
    mkdirSync(join(plugin, "hooks"), { recursive: true });
    writeFileSync(
      join(plugin, "hooks", "hooks.json"),
      json({ PostToolUse: [{ hooks: [{ type: "command", command: "lint" }] }] }),
    );
    writeFileSync(join(home, "hooks.json"), "{ not json");
    const found = discoverHooks({
      codexHome: home,
      cwd: repo,
      layers: [],
      extraSources: [{ kind: "plugin", path: plugin, pluginId: "lint@local" }],
    });
    expect(found.hooks).toMatchObject([{ source: "plugin", pluginId: "lint@local", event: "PostToolUse" }]);
    expect(found.errors).toMatchObject([{ path: join(home, "hooks.json") }]);
  });
});
