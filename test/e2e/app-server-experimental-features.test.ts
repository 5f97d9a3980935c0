// experimentalFeature/list names the `[features]` flags codex-ts acts on, each as the config has it;
// experimentalFeature/enablement/set turns them on or off for the threads started after it, seen in the
// tools the fake model is offered.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

const toolNames = (body: Json | undefined) =>
  ((body?.tools ?? []) as Json[]).map((t) => String(t.name ?? t.type));

describe("app-server experimental features", () => {
  it("lists the flags as the config has them, pages them, and enablement/set changes the next thread", async () => {
    const {
      home,
      model,
      client: c,
    } = await app.start({ toml: "[features]\nview_image = false\n", home: { shellTool: "default" } });
    const listed = (await c.call("experimentalFeature/list", {})).data as Json[];
    expect(listed.find((f) => f.name === "view_image")).toMatchObject({
      enabled: false,
      defaultEnabled: true,
    });
    // Codex's order and stages; as there, none of these flags has a display name.
    expect(listed.map((f) => [f.name, f.stage, f.displayName, f.description, f.announcement])).toEqual([
      ["shell_tool", "stable", null, null, null],
      ["view_image", "stable", null, null, null],
      ["unified_exec", "stable", null, null, null],
      ["web_search_request", "deprecated", null, null, null],
      ["web_search_cached", "deprecated", null, null, null],
      ["hooks", "stable", null, null, null],
      ["multi_agent", "deprecated", null, null, null],
      ["enable_fanout", "removed", null, null, null],
      ["personality", "removed", null, null, null],
      ["memories", "stable", null, null, null],
    ]);
    expect(listed.find((f) => f.name === "multi_agent")).toMatchObject({
      enabled: false,
      defaultEnabled: false,
    });

    const first = await c.call("experimentalFeature/list", { limit: 2 });
    expect(first.data as Json[]).toHaveLength(2);
    const rest = await c.call("experimentalFeature/list", { cursor: first.nextCursor as string });
    expect([...(first.data as Json[]), ...(rest.data as Json[])]).toEqual(listed);
    expect(rest.nextCursor).toBeNull();

    // Unknown names are left out of the answer, as Codex does.
    const set = await c.call("experimentalFeature/enablement/set", {
      enablement: { view_image: true, shell_tool: false, nope: true },
    });
    expect(set).toEqual({ enablement: { view_image: true, shell_tool: false } });
    const after = (await c.call("experimentalFeature/list", {})).data as Json[];
    expect(after.find((f) => f.name === "view_image")?.enabled).toBe(true);
    expect(after.find((f) => f.name === "shell_tool")?.enabled).toBe(false);

    model.push(reply.message("done"));
    const started = await c.call("thread/start", { cwd: home.cwd });
    await runTurn(c, (started.thread as Json).id as string, "hello");
    const names = toolNames(model.requests.at(-1)?.body);
    expect(names).toContain("view_image");
    expect(names).not.toContain("exec_command");
    expect(names).not.toContain("shell");
  });
});
