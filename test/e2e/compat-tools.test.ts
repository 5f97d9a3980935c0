// Tool calls as third-party providers and clients see them: apply_patch in either form whatever the
// provider, failing calls shown as failed items (exec, app-server, TUI), web search, model_verbosity.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { TmuxSession } from "../support/tmux.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let term: TmuxSession | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});
const app = useAppServer();

const PATCH = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n";
const BAD_PATCH = "*** Begin Patch\n*** Frobnicate File: x\n*** End Patch\n";

/** A config whose provider is not OpenAI's: a local server speaking the Responses API. */
function localProvider(url: string, model = "gpt-5.1-codex"): string {
  return (
    `model = "${model}"\nmodel_provider = "local"\n` +
    `[model_providers.local]\nname = "local"\nbase_url = "${url}"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n`
  );
}

function customCall(input: string, callId?: string) {
  return { events: [sse.created(), sse.customToolCall("apply_patch", input, callId), sse.completed()] };
}

describe("apply_patch whatever the provider", () => {
  it("a gpt-5 model behind a local provider gets the freeform tool; a custom call applies", async () => {
    model = await startFakeModel({ replies: [customCall(PATCH), reply.message("done")] });
    const home = makeHome(model.url, localProvider(model.url));
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "add hello"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    expect(readFileSync(join(home.cwd, "hello.txt"), "utf8")).toBe("hello\n");
    const tools = model.requests[0]?.body.tools as Array<{ type: string; name?: string }>;
    expect(tools.find((t) => t.name === "apply_patch")?.type).toBe("custom");
    const items = jsonLines(res.stdout).filter((e) => e.type === "item.completed");
    expect(items.map((e) => (e.item as Json).type)).toEqual(["file_change", "agent_message"]);
    expect(items[0]?.item).toMatchObject({ status: "completed", changes: [{ kind: "add" }] });
  });

  it("a function-form apply_patch still takes a custom call (and the other way round)", async () => {
    model = await startFakeModel({
      replies: [
        customCall(PATCH),
        reply.functionCall("apply_patch", {
          input: "*** Begin Patch\n*** Add File: two.txt\n+two\n*** End Patch\n",
        }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url, localProvider(model.url, "llama-3"));
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "add files"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const tools = model.requests[0]?.body.tools as Array<{ type: string; name?: string }>;
    expect(tools.find((t) => t.name === "apply_patch")?.type).toBe("function");
    expect(readFileSync(join(home.cwd, "hello.txt"), "utf8")).toBe("hello\n");
    expect(readFileSync(join(home.cwd, "two.txt"), "utf8")).toBe("two\n");
  });
});

describe("failing tool calls are failed items", () => {
  it("exec --json: an error item names the tool and why; human output says it too", async () => {
    model = await startFakeModel({
      replies: [customCall(BAD_PATCH), reply.functionCall("no_such_tool", {}), reply.message("ok")],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "edit"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const errors = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed" && (e.item as Json).type === "error")
      .map((e) => (e.item as Json).message);
    expect(errors).toEqual([
      expect.stringMatching(/^apply_patch: apply_patch verification failed: /),
      "no_such_tool: unsupported call: no_such_tool",
    ]);

    model.push(customCall(BAD_PATCH), reply.message("ok"));
    const human = await runCli(["exec", "edit"], { env: home.env, cwd: home.cwd });
    expect(human.stderr).toMatch(/apply_patch failed: apply_patch verification failed/);
  });

  it("exec: a patch the policy refuses (read-only, never asks) is an error item, not silence", async () => {
    model = await startFakeModel({ replies: [customCall(PATCH), reply.message("done")] });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "add hello"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(existsSync(join(home.cwd, "hello.txt"))).toBe(false);
    const errors = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed" && (e.item as Json).type === "error")
      .map((e) => String((e.item as Json).message));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^apply_patch: /);
  });

  it("app-server: a dynamicToolCall item with status failed", async () => {
    const { home, model: m, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    m.push(customCall(BAD_PATCH, "call_bad"), reply.message("ok"));
    await runTurn(c, threadId, "edit");
    const failed = c
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .find((i) => i.type === "dynamicToolCall");
    expect(failed).toMatchObject({
      id: "call_bad",
      tool: "apply_patch",
      status: "failed",
      success: false,
      contentItems: [{ type: "inputText", text: expect.stringMatching(/verification failed/) }],
    });
  });

  it("TUI: the failure shows as an error line", async () => {
    model = await startFakeModel({ replies: [customCall(BAD_PATCH), reply.message("All edited.")] });
    const home = makeHome(model.url);
    term = TmuxSession.start({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("edit");
    term.press("Enter");
    await term.waitFor(["All edited.", "apply_patch failed: apply_patch verification failed"]);
  });
});

const SEARCH = {
  events: [
    sse.created(),
    {
      type: "response.output_item.added",
      item: { type: "web_search_call", id: "ws_1", status: "in_progress" },
    },
    {
      type: "response.output_item.done",
      item: {
        type: "web_search_call",
        id: "ws_1",
        status: "completed",
        action: { type: "search", query: "codex release notes" },
      },
    },
    ...sse.message("Found them."),
    sse.completed(),
  ],
};

describe("web search", () => {
  it("--search before exec offers live web_search; the call is a web_search item", async () => {
    model = await startFakeModel({ replies: [SEARCH] });
    const home = makeHome(model.url);
    const res = await runCli(["--search", "exec", "--json", "look it up"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const tools = model.requests[0]?.body.tools as Json[];
    expect(tools).toContainEqual({ type: "web_search", external_web_access: true });
    const events = jsonLines(res.stdout).filter((e) => String(e.type).startsWith("item."));
    expect(events.slice(0, 2)).toEqual([
      { type: "item.started", item: { id: "item_0", type: "web_search", query: "" } },
      { type: "item.completed", item: { id: "item_0", type: "web_search", query: "codex release notes" } },
    ]);
  });

  it('web_search = "cached" and "disabled"; model_verbosity reaches text.verbosity', async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b")] });
    const home = makeHome(model.url, 'model = "gpt-5.1"\nmodel_verbosity = "low"');
    const run = (mode: string) =>
      runCli(["exec", "-c", `web_search="${mode}"`, "hi"], { env: home.env, cwd: home.cwd });
    expect((await run("cached")).code).toBe(0);
    expect((await run("disabled")).code).toBe(0);
    const [cached, disabled] = model.requests.map((r) => r.body);
    expect(cached?.tools).toContainEqual({ type: "web_search", external_web_access: false });
    expect((disabled?.tools as Json[]).some((t) => t.type === "web_search")).toBe(false);
    expect(cached?.text).toEqual({ verbosity: "low" });
  });

  it("app-server: a webSearch item with its action", async () => {
    const { home, model: m, client: c } = await app.start({ toml: 'web_search = "live"' });
    const threadId = await startThread(c, { cwd: home.cwd });
    m.push(SEARCH);
    await runTurn(c, threadId, "look it up");
    const started = c.notifications("item/started").map((p) => p.item as Json);
    expect(started).toContainEqual(
      expect.objectContaining({ type: "webSearch", id: "ws_1", query: "", action: null }),
    );
    const done = c
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .find((i) => i.type === "webSearch");
    expect(done).toMatchObject({
      type: "webSearch",
      id: "ws_1",
      query: "codex release notes",
      action: { type: "search", query: "codex release notes", queries: null },
    });
  });
});

describe("web search in the terminal UI", () => {
  it("--search: the search shows as a line with its query", async () => {
    model = await startFakeModel({ replies: [SEARCH] });
    const home = makeHome(model.url);
    term = TmuxSession.start({ args: ["--search"], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("look it up");
    term.press("Enter");
    await term.waitFor(["Found them.", "Searched the web: codex release notes"]);
    expect(model.requests[0]?.body.tools).toContainEqual({ type: "web_search", external_web_access: true });
  });
});
