// Installed plugins as a session sees them: skill folders, MCP servers (run from the plugin's folder, bad ones
// reported) and hook sources, read from a real CODEX_HOME layout.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPluginManifest } from "./manifest.js";
import { pluginHookSources, pluginMcpServers, pluginSkillRoots } from "./runtime.js";
import { scratchDir } from "../../test/support/scratch.js";

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function homeWith(
  plugins: Record<string, { manifest: object; files?: Record<string, string>; enabled?: boolean }>,
) {
  const home = scratchDir("codex-ts-plugins-");
  let toml = "";
  for (const [id, p] of Object.entries(plugins)) {
    const [name = "", marketplace = ""] = id.split("@");
    const root = join(home, "plugins/cache", marketplace, name, "1.0.0");
    write(join(root, ".codex-plugin/plugin.json"), JSON.stringify(p.manifest));
    for (const [rel, text] of Object.entries(p.files ?? {})) write(join(root, rel), text);
    toml += `[plugins."${id}"]\nenabled = ${p.enabled ?? true}\n`;
  }
  write(join(home, "config.toml"), toml);
  return home;
}

describe("installed plugins at run time", () => {
  it("none under --ignore-user-config: the user's file that lists them is left out", () => {
    const home = homeWith({
      "a@m": {
        manifest: { name: "a", hooks: { PreToolUse: [] } },
        files: { ".mcp.json": '{"srv": {"command": "x"}}' },
      },
    });
    expect(pluginHookSources(home)).toHaveLength(1);
    const ignoring = { codexHome: home, ignoreUserConfig: true };
    expect(pluginHookSources(ignoring)).toEqual([]);
    expect(pluginMcpServers(ignoring).servers).toEqual({});
    expect(pluginSkillRoots(ignoring)).toEqual([]);
  });

  it("gives skill roots, MCP servers and hook sources of enabled plugins only", () => {
    const home = homeWith({
      "a@m": {
        manifest: { name: "a", hooks: "./hooks/hooks.json" },
        files: {
          "skills/x/SKILL.md": "---\nname: x\ndescription: d\n---\n",
          ".mcp.json": JSON.stringify({
            mcpServers: { srv: { command: "node", args: ["s.js"] }, bad: { command: 5 } },
          }),
          "hooks/hooks.json": "{}",
        },
      },
      "b@m": { manifest: { name: "b", hooks: { PreToolUse: [] } } },
      "c@m": { manifest: { name: "c" }, files: { "skills/y/SKILL.md": "" }, enabled: false },
    });
    const root = join(home, "plugins/cache/m/a/1.0.0");
    expect(pluginSkillRoots(home)).toEqual([
      { dir: join(root, "skills"), namePrefix: "a:", pluginId: "a@m" },
    ]);
    const mcp = pluginMcpServers(home);
    expect(mcp.servers).toEqual({ srv: { command: "node", args: ["s.js"], cwd: root } });
    expect(mcp.errors).toEqual([
      "plugin a@m: MCP server `bad`: command: Invalid input: expected string, received number",
    ]);
    expect(pluginHookSources(home)).toEqual([
      { pluginId: "a@m", root, paths: [join(root, "hooks/hooks.json")] },
      { pluginId: "b@m", root: join(home, "plugins/cache/m/b/1.0.0"), paths: [], inline: { PreToolUse: [] } },
    ]);
  });

  it("falls back to the marketplace's name without a manifest, and refuses one without either", () => {
    const dir = scratchDir("codex-ts-plugin-");
    expect(readPluginManifest(dir, "z")).toMatchObject({ name: "z", version: "local", skillDirs: [] });
    expect(() => readPluginManifest(dir)).toThrow(`missing .codex-plugin/plugin.json in ${dir}`);
  });
});
