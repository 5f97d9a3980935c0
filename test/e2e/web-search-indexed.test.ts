// `web_search = "indexed"`, Codex 0.169's fourth web search mode: the hosted tool goes out as Codex sends it,
// `{ type: "web_search", external_web_access: true, indexed_web_access: true }`, with `[tools.web_search]`
// narrowing it as for the other modes. Every place that takes a mode takes it: the file, `-c`, a profile,
// and the app-server's thread/start `config`, whose config/read reports it back.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});
const app = useAppServer();

const INDEXED = { type: "web_search", external_web_access: true, indexed_web_access: true };
const searchTool = (body: Json | undefined) => (body?.tools as Json[]).filter((t) => t.type === "web_search");

describe('web_search = "indexed"', () => {
  it("in config.toml, with [tools.web_search] narrowing it (the tool as Codex 0.169 sends it)", async () => {
    model = await startFakeModel({ replies: [reply.message("a")] });
    const toml =
      'web_search = "indexed"\n[tools.web_search]\ncontext_size = "high"\nallowed_domains = ["example.com"]\n';
    const home = makeHome(model.url, toml);
    const run = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain("warning");
    expect(searchTool(model.requests[0]?.body)).toEqual([
      { ...INDEXED, filters: { allowed_domains: ["example.com"] }, search_context_size: "high" },
    ]);
  });

  it("from -c and from a profile; --strict-config takes it", async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b")] });
    const home = makeHome(model.url, '[profiles.deep]\nweb_search = "indexed"\n');
    const byOverride = await runCli(["exec", "--strict-config", "-c", 'web_search="indexed"', "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(byOverride.code, byOverride.stderr).toBe(0);
    const byProfile = await runCli(["exec", "--strict-config", "-p", "deep", "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(byProfile.code, byProfile.stderr).toBe(0);
    expect(searchTool(model.requests[0]?.body)).toEqual([INDEXED]);
    expect(searchTool(model.requests[1]?.body)).toEqual([INDEXED]);
  });

  it("app-server: thread/start config over the file's mode; config/value/write and config/read", async () => {
    const { home, model: m, client } = await app.start({ toml: 'web_search = "disabled"' });
    const threadId = await startThread(client, { cwd: home.cwd, config: { web_search: "indexed" } });
    m.push(reply.message("done"));
    await runTurn(client, threadId, "look it up");
    expect(searchTool(m.requests.at(-1)?.body)).toEqual([INDEXED]);

    await client.call("config/value/write", {
      keyPath: "web_search",
      value: "indexed",
      mergeStrategy: "replace",
    });
    const read = await client.call("config/read", { cwd: home.cwd });
    expect((read.config as Json).web_search).toBe("indexed");
  });
});
