/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Sessions about everything beside threads: files, commands, config, MCP, accounts, models, extensions,
// feedback, external agents, search. Each gets a fresh, initialised server (driver.mjs) and its client `c`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startThread } from "./sessions-threads.mjs";

const ZERO = "00000000-0000-0000-0000-000000000000";

export const serviceSessions = {
  async fs(c) {
    const w = c.work;
    await c.request("fs/readFile", { path: `${w}/README.md` });
    await c.request("fs/readFile", { path: `${w}/missing.txt` });
    await c.request("fs/readFile", { path: "relative.txt" });
    await c.request("fs/readDirectory", { path: w });
    await c.request("fs/getMetadata", { path: `${w}/README.md` });
    await c.request("fs/getMetadata", { path: `${w}/missing` });
    await c.request("fs/writeFile", { path: `${w}/new.txt`, dataBase64: "aGk=" });
    await c.request("fs/writeFile", { path: `${w}/new.txt`, dataBase64: "%%%" });
    await c.request("fs/createDirectory", { path: `${w}/sub/deeper`, recursive: true });
    await c.request("fs/createDirectory", { path: `${w}/a/b`, recursive: false });
    await c.request("fs/copy", { sourcePath: `${w}/new.txt`, destinationPath: `${w}/sub/new.txt` });
    await c.request("fs/copy", { sourcePath: `${w}/sub`, destinationPath: `${w}/sub2` });
    await c.request("fs/copy", { sourcePath: `${w}/sub`, destinationPath: `${w}/sub3`, recursive: true });
    await c.request("fs/watch", { path: w, watchId: "w1" });
    await c.request("fs/writeFile", { path: `${w}/watched.txt`, dataBase64: "aGk=" });
    await c.waitFor("fs/changed", () => true, 3_000);
    await c.request("fs/unwatch", { watchId: "w1" });
    await c.request("fs/unwatch", { watchId: "w1" });
    await c.request("fs/remove", { path: `${w}/sub` });
    await c.request("fs/remove", { path: `${w}/sub`, recursive: true });
    await c.request("fs/remove", { path: `${w}/missing`, force: true });
    await c.request("fs/remove", { path: `${w}/missing` });
  },
  async commandExec(c) {
    await c.request("command/exec", { command: ["sh", "-c", "echo out; echo err >&2"], cwd: c.work });
    await c.request("command/exec", { command: ["sh", "-c", "exit 3"] });
    await c.request("command/exec", { command: [] });
    await c.request("command/exec", { command: ["no-such-binary-here"] });
    const running = c.request("command/exec", {
      command: ["cat"],
      processId: "p1",
      streamStdoutStderr: true,
      streamStdin: true,
    });
    await c.request("command/exec/write", { processId: "p1", deltaBase64: "aGkK" });
    await c.waitFor("command/exec/outputDelta", () => true, 3_000);
    await c.request("command/exec/write", { processId: "p1", closeStdin: true });
    await running;
    const tty = c.request("command/exec", {
      command: ["sh", "-c", "sleep 5"],
      processId: "p2",
      tty: true,
      size: { rows: 24, cols: 80 },
    });
    await c.request("command/exec/resize", { processId: "p2", size: { rows: 30, cols: 100 } });
    await c.request("command/exec/terminate", { processId: "p2" });
    await tty;
    await c.request("command/exec/terminate", { processId: "nope" });
    await c.request("command/exec/write", { processId: "nope", deltaBase64: "aGk=" });
  },
  async config(c) {
    await c.request("config/read", { cwd: c.work });
    await c.request("config/read", { includeLayers: true });
    await c.request("config/value/write", {
      keyPath: "model",
      value: "gpt-5.1-codex-mini",
      mergeStrategy: "replace",
    });
    await c.request("config/value/write", {
      keyPath: "model",
      value: "x",
      mergeStrategy: "replace",
      expectedVersion: "stale",
    });
    await c.request("config/batchWrite", {
      edits: [
        { keyPath: "model_reasoning_effort", value: "high", mergeStrategy: "replace" },
        { keyPath: "tools", value: { view_image: true }, mergeStrategy: "upsert" },
      ],
    });
    await c.request("config/value/write", {
      keyPath: "model_reasoning_effort",
      value: 7,
      mergeStrategy: "replace",
    });
    await c.request("configRequirements/read", {});
    await c.request("permissionProfile/list", {});
    await c.request("experimentalFeature/list", {});
    await c.request("experimentalFeature/enablement/set", { enablement: {} });
    await c.request("experimentalFeature/enablement/set", { enablement: { no_such_feature: true } });
    await c.request("collaborationMode/list", {});
    await c.request("windowsSandbox/readiness");
    await c.request("windowsSandbox/setupStart", { mode: "unelevated" });
  },
  async mcp(c) {
    const threadId = await startThread(c);
    const started = (m) => m.params.name === "local" && m.params.status !== "starting";
    await c.waitFor("mcpServer/startupStatus/updated", started, 20_000);
    await c.request("mcpServerStatus/list", {});
    await c.request("mcpServerStatus/list", { threadId });
    await c.request("mcpServer/tool/call", {
      threadId,
      server: "local",
      tool: "echo",
      arguments: { text: "hi" },
    });
    await c.request("mcpServer/tool/call", { threadId, server: "nope", tool: "echo" });
    await c.request("mcpServer/resource/read", { threadId, server: "local", uri: "note://hello" });
    await c.request("mcpServer/resource/read", { threadId, server: "local", uri: "note://other" });
    await c.request("mcpServer/oauth/login", { name: "local" });
    await c.request("mcpServer/oauth/login", { name: "nope" });
    await c.request("config/mcpServer/reload");
  },
  async account(c) {
    await c.request("account/read", {});
    await c.request("account/rateLimits/read");
    await c.request("account/login/start", { type: "apiKey", apiKey: "sk-test" });
    await c.waitFor("account/login/completed", () => true, 3_000);
    await c.request("account/read", {});
    await c.request("account/login/cancel", { loginId: "nope" });
    await c.request("account/logout");
    await c.request("account/read", {});
  },
  // The ChatGPT-backend methods, for an API-key account.
  async chatgptOnly(c) {
    await c.request("account/login/start", { type: "apiKey", apiKey: "sk-test" });
    await c.waitFor("account/login/completed", () => true, 3_000);
    await c.request("account/gatewayOAuth/read");
    await c.request("account/gatewayOAuth/login");
    await c.request("account/gatewayOAuth/cancel");
    await c.request("account/securitySetup/read");
    await c.request("account/usage/read");
    await c.request("account/workspaceMessages/read");
    await c.request("account/rateLimitResetCredit/consume", { idempotencyKey: "k1" });
    await c.request("account/sendAddCreditsNudgeEmail", { creditType: "credits" });
    await c.request("app/list", {});
    await c.request("app/installed", {});
    await c.request("app/read", { appIds: ["x"] });
    await c.request("plugin/share/list", {});
    await c.request("plugin/share/save", { pluginPath: c.work });
    await c.request("plugin/share/updateTargets", {
      remotePluginId: "x",
      discoverability: "private",
      shareTargets: [],
    });
    await c.request("plugin/share/checkout", { remotePluginId: "x" });
    await c.request("plugin/share/delete", { remotePluginId: "x" });
    await c.request("plugin/skill/read", { remoteMarketplaceName: "m", remotePluginId: "x", skillName: "s" });
  },
  async models(c) {
    await c.request("model/list", {});
    await c.request("model/list", { limit: 1 });
    await c.request("model/list", { includeHidden: true });
    await c.request("modelProvider/list", {});
    await c.request("modelProvider/capabilities/read", {});
    await c.request("modelProvider/config/write", {
      settings: { type: "customGateway", name: "gw", baseUrl: "http://127.0.0.1:9/v1", envKey: "GW_KEY" },
    });
    await c.request("modelProvider/list", {});
  },
  async extensions(c) {
    mkdirSync(join(c.work, ".codex", "skills", "lint"), { recursive: true });
    writeFileSync(
      join(c.work, ".codex", "skills", "lint", "SKILL.md"),
      "---\nname: lint\ndescription: run the linter\n---\nRun it.\n",
    );
    await c.request("skills/list", { cwds: [c.work] });
    await c.request("skills/extraRoots/set", { extraRoots: [] });
    await c.request("skills/config/write", { name: "lint", enabled: false });
    await c.request("skills/list", { cwds: [c.work], forceReload: true });
    await c.request("hooks/list", { cwds: [c.work] });
    await c.request("marketplace/add", { source: "/no/such/marketplace" });
    await c.request("marketplace/remove", { marketplaceName: "nope" });
    await c.request("marketplace/upgrade", {});
    await c.request("plugin/list", { cwds: [c.work] });
    await c.request("plugin/installed", {});
    await c.request("plugin/reconcile", {});
    await c.request("plugin/read", { pluginName: "nope" });
    await c.request("plugin/install", { pluginName: "nope" });
    await c.request("plugin/uninstall", { pluginId: "nope@nowhere" });
  },
  async feedback(c) {
    const threadId = await startThread(c);
    await c.request("feedback/save", { classification: "bug", savePath: join(c.root, "fb"), threadId });
    await c.request("feedback/upload", { classification: "bug", reason: "x", includeLogs: false });
    await c.request("feedback/save", { classification: "bug", savePath: "relative" });
    await c.request("feedback/save", {
      classification: "bug",
      savePath: join(c.root, "fb2"),
      threadId: ZERO,
    });
  },
  async externalAgent(c) {
    writeFileSync(join(c.work, "CLAUDE.md"), "# Rules\nUse tabs.\n");
    writeFileSync(
      join(c.work, ".mcp.json"),
      JSON.stringify({ mcpServers: { docs: { command: "npx", args: ["-y", "docs-mcp"], env: { A: "1" } } } }),
    );
    mkdirSync(join(c.root, ".claude", "skills", "lint"), { recursive: true });
    writeFileSync(
      join(c.root, ".claude", "skills", "lint", "SKILL.md"),
      "---\nname: lint\ndescription: run the linter\n---\nRun it.\n",
    );
    writeFileSync(join(c.root, ".claude", "CLAUDE.md"), "Be brief.\n");
    const d = await c.request("externalAgentConfig/detect", { includeHome: true, cwds: [c.work] });
    await c.request("externalAgentConfig/import", { migrationItems: d.result?.items ?? [] });
    await c.waitFor("externalAgentConfig/import/completed", () => true, 5_000);
    await c.request("externalAgentConfig/import/readHistories");
    await c.request("externalAgentConfig/import/recordHistory", {
      providerId: "p1",
      itemTypeResults: [{ itemType: "AGENTS_MD", successes: [{ itemType: "AGENTS_MD" }], failures: [] }],
    });
    await c.request("externalAgentConfig/import/readHistories");
    await c.request("externalAgentConfig/detect", { includeHome: true, cwds: [c.work] });
  },
  async search(c) {
    mkdirSync(join(c.work, "src"), { recursive: true });
    writeFileSync(join(c.work, "src", "alpha.ts"), "a\n");
    await c.request("fuzzyFileSearch", { query: "alp", roots: [c.work] });
    await c.request("fuzzyFileSearch/sessionStart", { sessionId: "s1", roots: [c.work] });
    await c.request("fuzzyFileSearch/sessionUpdate", { sessionId: "s1", query: "alp" });
    await c.waitFor("fuzzyFileSearch/sessionCompleted", (m) => m.params.sessionId === "s1");
    await c.request("fuzzyFileSearch/sessionUpdate", { sessionId: "nope", query: "b" });
    await c.request("fuzzyFileSearch/sessionStop", { sessionId: "s1" });
  },
  async badInput(c) {
    await c.request("no/such/method", {});
    await c.request("thread/start", { cwd: 7 });
    await c.request("thread/read", {});
    await c.request("initialize", { clientInfo: { name: "again", version: "1" } });
  },
};
