// config/mcpServer/reload through `codex-ts app-server`: a loaded thread's MCP servers follow config.toml as
// it is on disk now. A server that failed (bad command) starts again once fixed, its startup told again, and
// its tool works in the next turn; a server removed from the file is stopped and its tools leave the turn.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { stdioServerArgs, stdioServerToml } from "../support/mcp-config.js";

const app = useAppServer();

const BROKEN_LOCAL = '\n[mcp_servers.local]\ncommand = "/nonexistent/mcp-server"\n';

function toolNames(request: { body: Json } | undefined): string[] {
  return ((request?.body.tools as Json[] | undefined) ?? []).map((t) => String(t.name));
}

function callOutput(request: { body: Json } | undefined): unknown {
  const input = (request?.body.input as Json[] | undefined) ?? [];
  return input.find((i) => i.type === "function_call_output")?.output;
}

describe("app-server config/mcpServer/reload", () => {
  it("restarts a fixed server and stops a removed one in a loaded thread", async () => {
    const before = BROKEN_LOCAL + stdioServerToml("gone");
    const {
      home,
      model,
      client: c,
    } = await app.start({
      toml: before,
      model: {
        replies: [reply.functionCall("local__echo", { text: "hi" }), reply.message("done")],
      },
    });
    const threadId = await startThread(c, { cwd: home.cwd });
    const status = (name: string, state: string, from = 0) =>
      c.waitNotification(
        "mcpServer/startupStatus/updated",
        (p) => p.threadId === threadId && p.name === name && p.status === state,
        { from, timeoutMs: 20_000 },
      );
    await status("local", "failed");
    await status("gone", "ready");

    // The file fixed and the other server removed, then the reload.
    const configPath = join(home.codexHome, "config.toml");
    const text = readFileSync(configPath, "utf8");
    expect(text).toContain(before);
    writeFileSync(configPath, text.replace(before, stdioServerToml("local")));
    const from = c.received.length;
    expect(await c.call("config/mcpServer/reload", undefined)).toEqual({});
    await status("local", "starting", from);
    await status("local", "ready", from);
    // The server that kept running and was removed says nothing more: it is just gone.
    const after = c.received.slice(from);
    expect(JSON.stringify(after)).not.toContain('"name":"gone"');

    const listed = await c.call("mcpServerStatus/list", { threadId });
    expect((listed.data as Json[]).map((s) => [s.name, s.runtimeStatus])).toEqual([["local", "connected"]]);
    const stopped = await c.waitResponse(
      c.request("mcpServer/tool/call", { threadId, server: "gone", tool: "echo", arguments: { text: "x" } }),
    );
    expect(stopped.error).toMatchObject({ message: "unknown MCP server 'gone'" });

    const turn = await runTurn(c, threadId, "echo hi", { timeoutMs: 30_000 });
    expect(turn.status).toBe("completed");
    const offered = toolNames(model.requests[0]);
    expect(offered).toContain("local__echo");
    expect(offered.filter((n) => n.startsWith("gone"))).toEqual([]);
    expect(callOutput(model.requests[1])).toBe("echo: hi");
  });

  it("starts a server added to config.toml, keeps the thread's own servers, restarts nothing unchanged", async () => {
    const {
      home,
      model,
      client: c,
    } = await app.start({
      model: { replies: [reply.functionCall("added__echo", { text: "new" }), reply.message("done")] },
    });
    // A server the thread was started with through its `config` overrides (not in config.toml).
    const threadId = await startThread(c, {
      cwd: home.cwd,
      config: { "mcp_servers.own.command": process.execPath, "mcp_servers.own.args": stdioServerArgs() },
    });
    await c.waitNotification(
      "mcpServer/startupStatus/updated",
      (p) => p.threadId === threadId && p.name === "own" && p.status === "ready",
      { timeoutMs: 20_000 },
    );
    const configPath = join(home.codexHome, "config.toml");
    writeFileSync(configPath, readFileSync(configPath, "utf8") + stdioServerToml("added"));
    let from = c.received.length;
    expect(await c.call("config/mcpServer/reload", undefined)).toEqual({});
    await c.waitNotification(
      "mcpServer/startupStatus/updated",
      (p) => p.threadId === threadId && p.name === "added" && p.status === "ready",
      { from, timeoutMs: 20_000 },
    );

    const listed = await c.call("mcpServerStatus/list", { threadId });
    expect((listed.data as Json[]).map((s) => [s.name, s.runtimeStatus])).toEqual([
      ["added", "connected"],
      ["own", "connected"],
    ]);

    // A second reload with nothing changed restarts nothing.
    from = c.received.length;
    expect(await c.call("config/mcpServer/reload", undefined)).toEqual({});
    const turn = await runTurn(c, threadId, "echo new", { timeoutMs: 30_000 });
    expect(turn.status).toBe("completed");
    expect(c.received.slice(from).map((m) => (m as Json).method)).not.toContain(
      "mcpServer/startupStatus/updated",
    );
    expect(callOutput(model.requests[1])).toBe("echo: new");
  });
});
