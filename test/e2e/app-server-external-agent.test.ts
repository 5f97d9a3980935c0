// externalAgentConfig/*: Claude Code's instructions, MCP servers, skills and environment found and imported
// into codex-ts's own files, with progress, a completion and a history.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

function writeClaudeFiles(home: string, repo: string): void {
  writeFileSync(join(repo, "CLAUDE.md"), "# Rules\nUse tabs.\n");
  writeFileSync(
    join(repo, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        docs: { command: "npx", args: ["-y", "docs-mcp"], env: { A: "1" } },
        old: { type: "sse", url: "http://127.0.0.1:9/sse" },
      },
    }),
  );
  mkdirSync(join(home, ".claude", "skills", "lint"), { recursive: true });
  writeFileSync(
    join(home, ".claude", "skills", "lint", "SKILL.md"),
    "---\nname: lint\ndescription: run the linter\n---\nRun it.\n",
  );
  writeFileSync(join(home, ".claude", "CLAUDE.md"), "Be brief.\n");
  writeFileSync(
    join(home, ".claude.json"),
    JSON.stringify({ mcpServers: { web: { type: "http", url: "http://127.0.0.1:9/mcp" } } }),
  );
  writeFileSync(
    join(home, ".claude", "settings.json"),
    JSON.stringify({ model: "sonnet", env: { X_FLAG: "1" } }),
  );
}

describe("app-server externalAgentConfig", () => {
  it("detects Claude Code's config, imports it, and records the import", async () => {
    const { home, client: c } = await app.start();
    const userHome = dirname(home.cwd); // the fixture's HOME
    writeClaudeFiles(userHome, home.cwd);

    const detected = await c.call("externalAgentConfig/detect", { includeHome: true, cwds: [home.cwd] });
    const items = detected.items as Json[];
    expect(items.map((i) => [i.itemType, i.cwd ?? null])).toEqual([
      ["CONFIG", null],
      ["MCP_SERVER_CONFIG", null],
      ["SKILLS", null],
      ["AGENTS_MD", null],
      ["MCP_SERVER_CONFIG", home.cwd],
      ["AGENTS_MD", home.cwd],
    ]);
    expect((items[1]!.details as Json).mcpServers).toEqual([{ name: "web" }]);
    expect((items[2]!.details as Json).skills).toEqual([{ name: "lint" }]);
    expect((items[4]!.details as Json).mcpServers).toEqual([{ name: "docs" }, { name: "old" }]);
    expect(detected.connectors).toEqual([]);

    const from = c.received.length;
    const { importId } = await c.call("externalAgentConfig/import", { migrationItems: items });
    const completed = await c.waitNotification("externalAgentConfig/import/completed", () => true, { from });
    expect(completed.importId).toBe(importId);
    expect(c.notifications("externalAgentConfig/import/progress")).toHaveLength(items.length);
    const results = completed.itemTypeResults as Json[];
    const byType: Record<string, Json> = Object.fromEntries(results.map((r) => [String(r.itemType), r]));
    expect((byType.MCP_SERVER_CONFIG!.successes as Json[]).map((s) => s.source)).toEqual(["web", "docs"]);
    expect(byType.MCP_SERVER_CONFIG!.failures).toEqual([
      expect.objectContaining({
        source: "old",
        message: expect.stringContaining("sse MCP servers are not supported"),
      }),
    ]);

    // The files codex-ts reads now hold what Claude Code had.
    expect(readFileSync(join(home.cwd, "AGENTS.md"), "utf8")).toBe("# Rules\nUse tabs.\n");
    expect(readFileSync(join(home.codexHome, "AGENTS.md"), "utf8")).toBe("Be brief.\n");
    expect(existsSync(join(home.codexHome, "skills", "lint", "SKILL.md"))).toBe(true);
    const userToml = readFileSync(join(home.codexHome, "config.toml"), "utf8");
    expect(userToml).toContain("[mcp_servers.web]");
    expect(userToml).toContain('url = "http://127.0.0.1:9/mcp"');
    expect(userToml).toMatch(/X_FLAG = "1"/);
    const repoToml = readFileSync(join(home.cwd, ".codex", "config.toml"), "utf8");
    expect(repoToml).toContain("[mcp_servers.docs]");
    expect(repoToml).toContain('command = "npx"');

    // The config still loads, with the imported server and environment.
    const config = await c.call("config/read", { cwd: home.cwd });
    expect(((config.config as Json).mcp_servers as Json).web).toMatchObject({
      url: "http://127.0.0.1:9/mcp",
    });

    // Nothing left to offer; only the server that could not be converted.
    const again = await c.call("externalAgentConfig/detect", { includeHome: true, cwds: [home.cwd] });
    expect((again.items as Json[]).map((i) => [i.itemType, (i.details as Json | null)?.mcpServers])).toEqual([
      ["MCP_SERVER_CONFIG", [{ name: "old" }]],
    ]);

    // History: ours, then one a client reports.
    const recorded = await c.call("externalAgentConfig/import/recordHistory", {
      providerId: "p1",
      itemTypeResults: [{ itemType: "AGENTS_MD", successes: [{ itemType: "AGENTS_MD" }], failures: [] }],
    });
    const histories = await c.call("externalAgentConfig/import/readHistories");
    const data = histories.data as Json[];
    expect(data.map((h) => h.importId)).toEqual([recorded.importId, importId]);
    expect(data[0]).toMatchObject({ providerId: "p1", successes: [{ itemType: "AGENTS_MD", source: null }] });
    expect((data[1]!.successes as Json[]).length).toBe(6);

    // A second import of the same items overwrites nothing: each is a failure saying why.
    const second = c.received.length;
    await c.call("externalAgentConfig/import", { migrationItems: [items[5]] });
    const done = await c.waitNotification("externalAgentConfig/import/completed", () => true, {
      from: second,
    });
    expect((done.itemTypeResults as Json[])[0]).toMatchObject({
      itemType: "AGENTS_MD",
      successes: [],
      failures: [expect.objectContaining({ message: expect.stringContaining("already exists") })],
    });
    expect(readFileSync(join(home.cwd, "AGENTS.md"), "utf8")).toBe("# Rules\nUse tabs.\n");

    const bad = await c.waitResponse(c.request("externalAgentConfig/detect", { cwds: ["relative/dir"] }));
    expect(bad.error).toMatchObject({ code: -32600 });
    const none = await c.call("externalAgentConfig/detect", { cwds: [join(home.cwd, "missing")] });
    expect(none.items).toEqual([]);
  });
});
