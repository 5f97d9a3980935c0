// Plugins through `codex-ts app-server`: marketplace/add, plugin/list, plugin/read, plugin/install (its
// skill in skills/list and its MCP tool called in a turn), skills/config/write, plugin/reconcile,
// plugin/uninstall, marketplace/remove, and the refusals of the ChatGPT-only methods, every message checked
// against the real protocol's schema.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { makeMarketplace } from "../support/plugin-fixture.js";

const app = useAppServer();

async function errorOf(c: Awaited<ReturnType<typeof app.start>>["client"], method: string, params: unknown) {
  const response = await c.waitResponse(c.request(method, params));
  return response.error as Json;
}

describe("app-server plugins", () => {
  it("adds a marketplace, installs a plugin whose skill and MCP tool work, then uninstalls it", async () => {
    const {
      home,
      model,
      client: c,
    } = await app.start({
      model: { replies: [reply.functionCall("hello-srv__echo", { text: "yo" }), reply.message("done")] },
    });
    const mkt = makeMarketplace();

    expect(await c.call("marketplace/add", { source: mkt.root })).toEqual({
      marketplaceName: "local-mkt",
      installedRoot: mkt.root,
      alreadyAdded: false,
    });
    const listed = await c.call("plugin/list", {});
    expect(listed.marketplaceLoadErrors).toEqual([]);
    const [entry] = listed.marketplaces as Json[];
    expect(entry).toMatchObject({
      name: "local-mkt",
      path: mkt.marketplaceFile,
      interface: { displayName: "Local Market" },
    });
    expect((entry?.plugins as Json[])[0]).toMatchObject({
      id: "hello@local-mkt",
      localVersion: "1.0.0",
      installed: false,
      enabled: false,
      source: { type: "local", path: mkt.pluginDir },
      installPolicy: "AVAILABLE",
      authPolicy: "ON_INSTALL",
      interface: { displayName: "Hello", shortDescription: "Greets", category: "Productivity" },
    });
    expect(await c.call("plugin/installed", {})).toEqual({ marketplaces: [], marketplaceLoadErrors: [] });
    expect(await c.call("plugin/reconcile", {})).toMatchObject({ changedPlugins: [] });

    const read = await c.call("plugin/read", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" });
    expect(read.plugin).toMatchObject({
      marketplaceName: "local-mkt",
      description: "Says hello",
      skills: [{ name: "hello:greet", description: "Greet the user warmly", enabled: true }],
      mcpServers: ["hello-srv"],
    });

    expect(
      await c.call("plugin/install", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" }),
    ).toEqual({
      authPolicy: "ON_INSTALL",
      appsNeedingAuth: [],
    });
    expect(await c.call("plugin/reconcile", { reason: "test" })).toEqual({
      changedPlugins: [
        { id: "hello@local-mkt", hasApps: false, hasHooks: false, hasMcps: true, hasSkills: true },
      ],
      failedRemotePluginIds: [],
      failedMaterializationRemotePluginIds: [],
    });
    const installed = await c.call("plugin/installed", {});
    expect(
      ((installed.marketplaces as Json[])[0]?.plugins as Json[]).map((p) => [p.id, p.installed]),
    ).toEqual([["hello@local-mkt", true]]);

    const servers = (await c.call("mcpServerStatus/list", {})).data as Json[];
    // Started for the listing (no thread runs it yet): its tools, no runtime status.
    expect(servers.map((s) => [s.name, s.runtimeStatus, Object.keys(s.tools as Json).sort()])).toEqual([
      ["hello-srv", null, ["add_note", "die", "echo"]],
    ]);

    const skills = async () =>
      ((await c.call("skills/list", { cwds: [home.cwd] })).data as Json[])[0]?.skills as Json[];
    expect((await skills()).find((s) => s.name === "hello:greet")).toMatchObject({
      enabled: true,
      scope: "user",
    });

    const threadId = await startThread(c, { cwd: home.cwd });
    const turn = await runTurn(c, threadId, "say $hello:greet", { timeoutMs: 30_000 });
    expect(turn.status).toBe("completed");
    expect(JSON.stringify(model.requests[0]?.body.input)).toContain("GREET-V1");
    const call = (turn.items as Json[]).find((i) => i.type === "mcpToolCall");
    // The call names the plugin that brought its server, and the tool's own read-only annotation.
    expect(call).toMatchObject({
      server: "hello-srv",
      tool: "echo",
      status: "completed",
      pluginId: "hello@local-mkt",
      readOnlyHint: true,
    });

    expect(await c.call("skills/config/write", { name: "hello:greet", enabled: false })).toEqual({
      effectiveEnabled: false,
    });
    expect((await skills()).find((s) => s.name === "hello:greet")).toMatchObject({ enabled: false });
    expect(await errorOf(c, "skills/config/write", { enabled: true })).toMatchObject({
      code: -32602,
      message: "skills/config/write requires exactly one of path or name",
    });

    expect(await c.call("plugin/uninstall", { pluginId: "hello@local-mkt" })).toEqual({});
    expect((await skills()).some((s) => s.name === "hello:greet")).toBe(false);
    expect(await c.call("marketplace/remove", { marketplaceName: "local-mkt" })).toEqual({
      marketplaceName: "local-mkt",
      installedRoot: mkt.root,
    });
    expect((await c.call("plugin/list", {})).marketplaces).toEqual([]);
  });

  it("answers bad requests and the ChatGPT-only methods as the real server does without a ChatGPT login", async () => {
    const { client: c } = await app.start();
    const refusal = "chatgpt authentication required for remote plugin catalog";
    const cases: Array<[string, Json, string]> = [
      ["plugin/share/list", {}, `list remote plugin shares: ${refusal}`],
      ["plugin/share/save", { pluginPath: "/x" }, `save remote plugin share: ${refusal}`],
      ["plugin/share/checkout", { remotePluginId: "x" }, `checkout plugin share: ${refusal}`],
      ["plugin/share/delete", { remotePluginId: "x" }, `delete remote plugin share: ${refusal}`],
      [
        "plugin/share/updateTargets",
        { remotePluginId: "x", discoverability: "PRIVATE", shareTargets: [] },
        `update remote plugin share targets: ${refusal}`,
      ],
      [
        "plugin/skill/read",
        { remoteMarketplaceName: "a", remotePluginId: "b", skillName: "c" },
        `read remote plugin skill details: ${refusal}`,
      ],
      ["plugin/uninstall", { pluginId: "bad" }, `resolve remote plugin before uninstall: ${refusal}`],
      [
        "plugin/install",
        { pluginName: "hello" },
        "plugin/install requires exactly one of marketplacePath or remoteMarketplaceName",
      ],
      [
        "marketplace/remove",
        { marketplaceName: "nope" },
        "marketplace `nope` is not configured or installed",
      ],
      [
        "marketplace/upgrade",
        { marketplaceName: "nope" },
        "marketplace `nope` is not configured as a Git marketplace",
      ],
    ];
    for (const [method, params, message] of cases) {
      expect(await errorOf(c, method, params)).toEqual({ code: -32600, message });
    }
    expect(await c.call("marketplace/upgrade", {})).toEqual({
      selectedMarketplaces: [],
      upgradedRoots: [],
      errors: [],
    });
  });
});
