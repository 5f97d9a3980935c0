// A plugin's app connectors (`.app.json`) through `codex-ts app-server`: once the plugin is installed,
// app/list names it on the connector the directory offers (usable in a turn that mentions it) and lists
// the connector the directory does not offer as not accessible; plugin/read shows them; after uninstall
// they are gone again.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { startMcpHttpServer, type McpHttpServer } from "../support/mcp-http-server.js";
import { makeMarketplace, writeFile } from "../support/plugin-fixture.js";

const app = useAppServer();
let directory: McpHttpServer | undefined;

afterEach(async () => {
  await directory?.close();
  directory = undefined;
});

describe("app-server plugin app connectors", () => {
  it("lists an installed plugin's connectors in app/list, and its directory connector works in a turn", async () => {
    directory = await startMcpHttpServer([
      {
        name: "notes_list",
        description: "Lists notes.",
        inputSchema: { type: "object", properties: {} },
        _meta: { connector_id: "notes", connector_name: "Notes", connector_description: "Keeps notes" },
        run: () => "no notes yet",
      },
    ]);
    const {
      home,
      model,
      client: c,
    } = await app.start({
      toml: `\n[connectors]\nurl = ${JSON.stringify(directory.url)}\n`,
      model: { replies: [reply.functionCall("codex_apps__notes_list", {}), reply.message("listed")] },
    });
    const mkt = makeMarketplace();
    writeFile(
      join(mkt.pluginDir, ".app.json"),
      JSON.stringify({
        apps: { notes: { id: "notes" }, calendar: { id: "calendar", category: "Productivity" } },
      }),
    );
    await c.call("marketplace/add", { source: mkt.root });
    const read = await c.call("plugin/read", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" });
    expect((read.plugin as Json).apps).toEqual([
      { id: "notes", name: "notes", description: null, installUrl: null, category: null },
      { id: "calendar", name: "calendar", description: null, installUrl: null, category: "Productivity" },
    ]);

    const before = await c.call("app/list", {});
    expect(before.data).toEqual([
      {
        id: "notes",
        name: "Notes",
        description: "Keeps notes",
        isAccessible: true,
        isEnabled: true,
        pluginDisplayNames: [],
      },
    ]);

    await c.call("plugin/install", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" });
    const after = await c.call("app/list", {});
    expect(after.data).toEqual([
      {
        id: "notes",
        name: "Notes",
        description: "Keeps notes",
        isAccessible: true,
        isEnabled: true,
        pluginDisplayNames: ["Hello"],
      },
      {
        id: "calendar",
        name: "calendar",
        description: null,
        isAccessible: false,
        isEnabled: true,
        pluginDisplayNames: ["Hello"],
      },
    ]);

    const threadId = await startThread(c, { cwd: home.cwd });
    const turn = await runTurn(c, threadId, "list my notes", {
      params: {
        input: [
          { type: "text", text: "list my notes" },
          { type: "mention", name: "Notes", path: "app://notes" },
        ],
      },
    });
    expect(turn.status).toBe("completed");
    expect(directory.calls).toEqual([{ name: "notes_list", arguments: {} }]);
    const output = (model.requests[1]?.body.input ?? []).find((i) => i.type === "function_call_output");
    expect(JSON.stringify(output?.output)).toContain("no notes yet");

    await c.call("plugin/uninstall", { pluginId: "hello@local-mkt" });
    expect(((await c.call("app/list", {})).data as Json[]).map((a) => a.id)).toEqual(["notes"]);
  });

  it("leaves out the connectors of a plugin whose .app.json does not parse", async () => {
    const { client: c } = await app.start();
    const mkt = makeMarketplace();
    writeFile(join(mkt.pluginDir, ".app.json"), JSON.stringify({ apps: { notes: { name: "no id" } } }));
    await c.call("marketplace/add", { source: mkt.root });
    await c.call("plugin/install", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" });
    expect(await c.call("app/list", {})).toEqual({ data: [], nextCursor: null });
  });
});
