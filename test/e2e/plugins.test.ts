// Plugins end to end through the built CLI: a local marketplace and a git one (a file:// repository cloned
// with the system git), install, the plugin's skill injected and its MCP server's tool called in an exec turn
// against the fake model, upgrade, remove, and the precise errors of bad manifests.
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import { commitAll, makeMarketplace, writeFile, writeHelloPlugin } from "../support/plugin-fixture.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;

let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

const cli = (home: TestHome, ...args: string[]) =>
  runCli(args, { env: home.env, cwd: home.cwd, timeoutMs: 60_000 });

function inputText(request: Model["requests"][number] | undefined): string {
  return JSON.stringify(request?.body.input ?? []);
}

describe("plugins", () => {
  it("installs a plugin from a local marketplace; its skill is injected and its MCP tool runs in a turn", async () => {
    model = await startFakeModel({
      replies: [reply.functionCall("hello-srv__echo", { text: "hi" }), reply.message("done")],
    });
    const home = makeHome(model.url);
    const mkt = makeMarketplace();

    const added = await cli(home, "plugin", "marketplace", "add", mkt.root);
    expect(added.stderr).toBe("");
    expect(added.stdout).toBe(
      `Added marketplace \`local-mkt\` from ${mkt.root}.\nInstalled marketplace root: ${mkt.root}\n`,
    );
    const again = JSON.parse(
      (await cli(home, "plugin", "marketplace", "add", mkt.root, "--json")).stdout,
    ) as Json;
    expect(again).toEqual({ marketplaceName: "local-mkt", installedRoot: mkt.root, alreadyAdded: true });

    const before = JSON.parse((await cli(home, "plugin", "list", "--json", "--available")).stdout) as Json;
    expect(before.installed).toEqual([]);
    expect(before.available).toEqual([
      expect.objectContaining({
        pluginId: "hello@local-mkt",
        version: "1.0.0",
        installed: false,
        enabled: false,
      }),
    ]);

    const install = await cli(home, "plugin", "add", "hello@local-mkt");
    const cacheDir = join(home.codexHome, "plugins/cache/local-mkt/hello/1.0.0");
    expect(install.stdout).toBe(
      `Added plugin \`hello\` from marketplace \`local-mkt\`.\nInstalled plugin root: ${cacheDir}\n`,
    );
    expect(existsSync(join(cacheDir, ".codex-plugin/plugin.json"))).toBe(true);
    const config = readFileSync(join(home.codexHome, "config.toml"), "utf8");
    expect(config).toContain('[marketplaces.local-mkt]\nsource_type = "local"');
    expect(config).toContain('[plugins."hello@local-mkt"]\nenabled = true');
    const table = (await cli(home, "plugin", "list")).stdout;
    expect(table).toMatch(/hello@local-mkt\s+installed, enabled\s+1\.0\.0/);

    const run = await cli(home, "exec", "--json", "please $hello:greet me");
    expect(run.code).toBe(0);
    const first = model.requests[0];
    expect(inputText(first)).toContain("GREET-V1");
    expect(JSON.stringify(first?.body.instructions ?? "") + inputText(first)).toContain("hello:greet");
    expect(((first?.body.tools ?? []) as Json[]).map((t) => t.name)).toContain("hello-srv__echo");
    const output = (model.requests[1]?.body.input ?? []).findLast((i) => i.type === "function_call_output");
    expect(output?.output).toBe("echo: hi");
    const call = jsonLines(run.stdout).find(
      (e) => e.type === "item.completed" && (e.item as Json).type === "mcp_tool_call",
    );
    expect(call?.item).toMatchObject({ server: "hello-srv", tool: "echo", status: "completed" });

    // Upgrade picks up a new version from the marketplace; the old copy goes.
    writeHelloPlugin(mkt.root, { version: "1.1.0", skillBody: "GREET-V2" });
    const up = await cli(home, "plugin", "upgrade", "hello@local-mkt");
    expect(up.stdout).toBe("Upgraded plugin `hello` from marketplace `local-mkt` (1.0.0 -> 1.1.0).\n");
    expect(readdirSync(join(home.codexHome, "plugins/cache/local-mkt/hello"))).toEqual(["1.1.0"]);

    const removed = await cli(home, "plugin", "remove", "hello", "--marketplace", "local-mkt", "--json");
    expect(JSON.parse(removed.stdout)).toEqual({
      pluginId: "hello@local-mkt",
      name: "hello",
      marketplaceName: "local-mkt",
    });
    expect(existsSync(join(home.codexHome, "plugins/cache/local-mkt/hello"))).toBe(false);
    expect(readFileSync(join(home.codexHome, "config.toml"), "utf8")).not.toContain("hello@local-mkt");
    const after = JSON.parse((await cli(home, "plugin", "list", "--json")).stdout) as Json;
    expect(after).toEqual({ installed: [], available: [] });

    const gone = await cli(home, "plugin", "marketplace", "remove", "local-mkt");
    expect(gone.stdout).toBe("Removed marketplace `local-mkt`.\n");
    expect((await cli(home, "plugin", "marketplace", "list", "--json")).stdout).toBe(
      '{\n  "marketplaces": []\n}\n',
    );
  });

  it("runs an installed plugin's hooks once trusted, with PLUGIN_ROOT set to its installed copy", async () => {
    model = await startFakeModel({ replies: [reply.message("ok"), reply.message("ok")] });
    const home = makeHome(model.url);
    const mkt = makeMarketplace();
    const answer = JSON.stringify({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "PLUGIN-HOOK from %s" },
    });
    writeFile(
      join(mkt.root, "plugins/hello/hooks/hooks.json"),
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: "command", command: `printf '${answer}' "$(basename "$PLUGIN_ROOT")"` }] },
          ],
        },
      }),
    );
    await cli(home, "plugin", "marketplace", "add", mkt.root);
    expect((await cli(home, "plugin", "add", "hello@local-mkt")).code).toBe(0);

    // Not reviewed yet: reported, not run.
    const untrusted = await cli(home, "exec", "hi");
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toMatch(/hook/i);
    expect(inputText(model.requests[0])).not.toContain("PLUGIN-HOOK");

    const trusted = await cli(home, "exec", "--dangerously-bypass-hook-trust", "hi");
    expect(trusted.code).toBe(0);
    expect(inputText(model.requests[1])).toContain("PLUGIN-HOOK from 1.0.0");
  });

  it("adds a git marketplace, installs from it, and upgrades to a new commit", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const mkt = makeMarketplace("git-mkt");
    commitAll(mkt.root, "v1");
    const url = `file://${mkt.root}`;

    const added = JSON.parse((await cli(home, "plugin", "marketplace", "add", url, "--json")).stdout) as Json;
    const clone = join(home.codexHome, ".tmp/marketplaces/git-mkt");
    expect(added).toEqual({ marketplaceName: "git-mkt", installedRoot: clone, alreadyAdded: false });
    expect(readFileSync(join(home.codexHome, "config.toml"), "utf8")).toMatch(
      /\[marketplaces\.git-mkt\]\nsource_type = "git"\nsource = "file:\/\/[^"]+"\n/,
    );
    expect((await cli(home, "plugin", "add", "hello@git-mkt")).code).toBe(0);

    writeHelloPlugin(mkt.root, { version: "2.0.0", skillBody: "GREET-V2" });
    commitAll(mkt.root, "v2");
    const up = JSON.parse((await cli(home, "plugin", "marketplace", "upgrade", "--json")).stdout) as Json;
    expect(up).toEqual({ selectedMarketplaces: ["git-mkt"], upgradedRoots: [clone], errors: [] });
    expect(readFileSync(join(clone, "plugins/hello/skills/greet/SKILL.md"), "utf8")).toContain("GREET-V2");
    const plugins = await cli(home, "plugin", "upgrade");
    expect(plugins.stdout).toBe("Upgraded plugin `hello` from marketplace `git-mkt` (1.0.0 -> 2.0.0).\n");

    // A plugin whose source is a folder of another repository (git-subdir), listed by a local marketplace.
    const sub = makeMarketplace("sub-mkt");
    writeFile(
      sub.marketplaceFile,
      JSON.stringify({
        name: "sub-mkt",
        plugins: [{ name: "hello", source: { source: "git-subdir", url, path: "plugins/hello" } }],
      }),
    );
    await cli(home, "plugin", "marketplace", "add", sub.root);
    const fromSubdir = JSON.parse(
      (await cli(home, "plugin", "add", "hello@sub-mkt", "--json")).stdout,
    ) as Json;
    expect(fromSubdir).toMatchObject({ pluginId: "hello@sub-mkt", version: "2.0.0" });
    expect(readFileSync(join(String(fromSubdir.installedPath), "skills/greet/SKILL.md"), "utf8")).toContain(
      "GREET-V2",
    );

    const notGit = await cli(home, "plugin", "marketplace", "upgrade", "nope");
    expect(notGit.code).toBe(1);
    expect(notGit.stderr).toBe("Error: marketplace `nope` is not configured as a Git marketplace\n");
  });

  it("refuses bad manifests and selectors with a precise error and installs nothing", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const mkt = makeMarketplace();
    await cli(home, "plugin", "marketplace", "add", mkt.root);
    const manifest = join(mkt.pluginDir, ".codex-plugin/plugin.json");
    const cases: Array<[string, string]> = [
      ['{"name": "hello", ', `Error: failed to parse plugin.json (${manifest}): Expected`],
      [
        '{"name": 5}',
        `Error: invalid plugin.json (${manifest}): name: Invalid input: expected string, received number\n`,
      ],
      [
        '{"name": "other"}',
        "Error: plugin.json name `other` does not match marketplace plugin name `hello`\n",
      ],
      [
        '{"name": "hello", "skills": "../x"}',
        "Error: invalid plugin.json: skills: path `../x` must start with `./`\n",
      ],
      [
        '{"name": "hello", "skills": "./../x"}',
        "Error: invalid plugin.json: skills: path `./../x` must stay within the plugin root\n",
      ],
      [
        '{"name": "hello", "version": "  "}',
        `Error: invalid plugin.json (${manifest}): version: invalid plugin version in plugin.json: must not be blank\n`,
      ],
    ];
    for (const [text, error] of cases) {
      writeFile(manifest, text);
      const res = await cli(home, "plugin", "add", "hello@local-mkt");
      expect(res.code).toBe(1);
      expect(res.stderr.startsWith(error)).toBe(true);
    }
    expect(existsSync(join(home.codexHome, "plugins/cache/local-mkt/hello"))).toBe(false);
    expect(readFileSync(join(home.codexHome, "config.toml"), "utf8")).not.toContain("[plugins.");

    const missing = await cli(home, "plugin", "add", "nope@local-mkt");
    expect(missing.stderr).toBe("Error: plugin `nope` was not found in marketplace `local-mkt`\n");
    const bare = await cli(home, "plugin", "add", "hello");
    expect(bare.stderr).toBe(
      "Error: plugin requires --marketplace unless passed as <plugin>@<marketplace>\n",
    );
    rmSync(join(mkt.root, ".agents"), { recursive: true });
    const noFile = await cli(home, "plugin", "marketplace", "add", mkt.root);
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain("marketplace root does not contain a supported manifest");
  });
});
