// plugin/read lists a plugin's hooks in the schema's shape (event name and key), before and after install;
// once installed, the keys are the ones hooks/list reports (and trusts by).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { makeMarketplace, writeFile } from "../support/plugin-fixture.js";

const app = useAppServer();

describe("app-server plugin hooks", () => {
  it("plugin/read returns the plugin's hooks, keyed as hooks/list keys them", async () => {
    const { home, client: c } = await app.start();
    const mkt = makeMarketplace();
    writeFile(
      join(mkt.pluginDir, "hooks/hooks.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
          Stop: [
            {
              hooks: [
                { type: "command", command: "./check.sh" },
                { type: "command", command: "./notify.sh", timeout: 5 },
              ],
            },
          ],
        },
      }),
    );
    await c.call("marketplace/add", { source: mkt.root });
    const read = async () =>
      (
        (await c.call("plugin/read", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" }))
          .plugin as Json
      ).hooks;

    const source = join(mkt.pluginDir, "hooks/hooks.json");
    expect(await read()).toEqual([
      { eventName: "preToolUse", key: `${source}:pre_tool_use:0:0` },
      { eventName: "stop", key: `${source}:stop:0:0` },
      { eventName: "stop", key: `${source}:stop:0:1` },
    ]);

    await c.call("plugin/install", { marketplacePath: mkt.marketplaceFile, pluginName: "hello" });
    const listed = ((await c.call("hooks/list", { cwds: [home.cwd] })).data as Json[])[0]?.hooks as Json[];
    const pluginHooks = listed.filter((h) => h.pluginId === "hello@local-mkt");
    expect(pluginHooks).toHaveLength(3);
    const afterInstall = (await read()) as Json[];
    expect(afterInstall).toEqual(pluginHooks.map((h) => ({ eventName: h.eventName, key: h.key })));
    expect(afterInstall.every((h) => !String(h.key).startsWith(mkt.pluginDir))).toBe(true);
  });
});
