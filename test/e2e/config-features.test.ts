// `[features]`, `experimental_use_unified_exec_tool` and `[tools]`: which tools the model is offered, seen in
// the request the fake model received, and a call to the tool that takes a command's place.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

type Json = Record<string, unknown>;
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** One `exec` turn with `toml` in config.toml (and `args` before the prompt); the first request's tools. */
async function offered(toml: string, args: string[] = []) {
  model = await startFakeModel({ replies: [reply.message("done")] });
  const home = makeHome(model.url, toml, { shellTool: "default" });
  const run = await runCli(["exec", ...args, "hello"], { env: home.env, cwd: home.cwd });
  expect(run.stderr).not.toContain("error");
  expect(run.code).toBe(0);
  const tools = (model.requests[0]?.body.tools ?? []) as Json[];
  return { names: tools.map((t) => String(t.name ?? t.type)), tools };
}

describe("[features] flags", () => {
  it("by default: exec_command, write_stdin, view_image, no shell and no web search", async () => {
    const { names } = await offered("");
    expect(names).toEqual(
      expect.arrayContaining(["exec_command", "write_stdin", "view_image", "update_plan"]),
    );
    expect(names).not.toContain("shell");
    expect(names).not.toContain("web_search");
  });

  it("shell_tool = false offers no command tool; view_image = false no view_image", async () => {
    const { names } = await offered("[features]\nshell_tool = false\nview_image = false\n");
    expect(names).not.toContain("exec_command");
    expect(names).not.toContain("write_stdin");
    expect(names).not.toContain("shell");
    expect(names).not.toContain("view_image");
    expect(names).toContain("apply_patch");
  });

  it("unified_exec = false gives the one-shot shell tool, which runs the command", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["bash", "-c", "echo from-shell-tool"], { callId: "c1" }), reply.message("done")],
    });
    const home = makeHome(model.url, "[features]\nunified_exec = false\n", { shellTool: "default" });
    const run = await runCli(["exec", "run it"], { env: home.env, cwd: home.cwd });
    expect(run.code).toBe(0);
    const names = ((model.requests[0]?.body.tools ?? []) as Json[]).map((t) => t.name);
    expect(names).toContain("shell");
    expect(names).not.toContain("exec_command");
    const input = (model.requests[1]?.body.input ?? []) as Json[];
    const output = input.find((i) => i.type === "function_call_output" && i.call_id === "c1");
    expect(JSON.stringify(output?.output)).toContain("from-shell-tool");
  });

  it("the older experimental_use_unified_exec_tool = false does the same; shell_tool wins over both", async () => {
    expect((await offered("experimental_use_unified_exec_tool = false")).names).toContain("shell");
    await model?.close();
    const both = await offered('shell_tool = "exec_command"\n[features]\nunified_exec = false\n');
    expect(both.names).toContain("exec_command");
  });

  it("flags come from -c and from a profile too", async () => {
    expect((await offered("", ["-c", "features.view_image=false"])).names).not.toContain("view_image");
    await model?.close();
    const profile = "[profiles.bare.features]\nshell_tool = false\n";
    expect((await offered(profile, ["-p", "bare"])).names).not.toContain("exec_command");
  });

  it("web_search_request (or web_search) = true offers live search, web_search_cached cached search", async () => {
    const live = await offered("[features]\nweb_search_request = true\n");
    expect(live.tools.find((t) => t.type === "web_search")).toEqual({
      type: "web_search",
      external_web_access: true,
    });
    await model?.close();
    const cached = await offered("[features]\nweb_search = true\nweb_search_cached = true\n");
    expect(cached.tools.find((t) => t.type === "web_search")).toEqual({
      type: "web_search",
      external_web_access: false,
    });
    await model?.close();
    // The top-level key wins over the flags.
    const off = await offered('web_search = "disabled"\n[features]\nweb_search_request = true\n');
    expect(off.names).not.toContain("web_search");
  });

  it("multi_agent = true offers the subagent tools; [subagents] enabled wins", async () => {
    expect((await offered("[features]\nmulti_agent = true\n")).names).toContain("subagent_spawn");
    await model?.close();
    const off = await offered("[features]\nmulti_agent = true\n[subagents]\nenabled = false\n");
    expect(off.names).not.toContain("subagent_spawn");
  });

  it("--enable and --disable stand for -c features.NAME=true|false; a bad name is an error", async () => {
    const { names } = await offered("", ["--disable", "view_image", "--enable", "multi_agent"]);
    expect(names).not.toContain("view_image");
    expect(names).toContain("subagent_spawn");
    await model?.close();
    model = await startFakeModel({ replies: [reply.message("done")] });
    const home = makeHome(model.url, "", { shellTool: "default" });
    const run = await runCli(["exec", "--enable", "no such", "hello"], { env: home.env, cwd: home.cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("invalid feature flag name 'no such'");
    expect(model.requests).toHaveLength(0);
  });

  it("an unknown or unsupported flag is accepted and changes nothing", async () => {
    const { names } = await offered("[features]\ngoals = false\nbrand_new_flag = true\n");
    expect(names).toContain("exec_command");
  });
});

describe("[tools]", () => {
  it("[tools.web_search] turns search on (cached) and narrows it", async () => {
    const { tools } = await offered(
      '[tools.web_search]\ncontext_size = "high"\nallowed_domains = ["example.com"]\nlocation = { country = "US", city = "Boston" }\n',
    );
    expect(tools.find((t) => t.type === "web_search")).toEqual({
      type: "web_search",
      external_web_access: false,
      filters: { allowed_domains: ["example.com"] },
      user_location: { type: "approximate", country: "US", city: "Boston" },
      search_context_size: "high",
    });
  });

  it("update_plan, experimental_request_user_input and view_image can be turned off", async () => {
    const { names } = await offered(
      "[tools]\nview_image = false\nupdate_plan = { enabled = false }\nexperimental_request_user_input = { enabled = false }\n",
    );
    expect(names).not.toContain("update_plan");
    expect(names).not.toContain("request_user_input");
    expect(names).not.toContain("view_image");
    expect(names).toContain("exec_command");
  });

  it("a bad value is a clear error", async () => {
    model = await startFakeModel({ replies: [reply.message("done")] });
    const home = makeHome(model.url, '[tools.web_search]\ncontext_size = "huge"\n', { shellTool: "default" });
    const run = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("tools.web_search");
    expect(model.requests).toHaveLength(0);
  });
});
