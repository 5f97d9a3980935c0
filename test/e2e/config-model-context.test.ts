// Codex config keys that shape what the model is sent, through the binary: model_instructions_file,
// compact_prompt / experimental_compact_prompt_file, model_verbosity, and their -c and profile forms.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { jsonLines, JsonLinesProcess, makeHome, runCli } from "../support/cli.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";

type Input = Array<Record<string, unknown>>;
const texts = (input: Input | undefined) =>
  (input ?? [])
    .filter((i) => i.type === "message")
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""));

const app = useAppServer();
let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

describe("model_instructions_file", () => {
  it("replaces the base instructions; relative to config.toml's folder; -c and profiles too", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(
      model.url,
      'model_instructions_file = "prompts/base.md"\n[profiles.terse]\nmodel_instructions_file = "terse.md"',
    );
    mkdirSync(join(home.codexHome, "prompts"));
    writeFileSync(join(home.codexHome, "prompts", "base.md"), "You are the house coding agent.\n");
    writeFileSync(join(home.codexHome, "terse.md"), "Answer in one word.\n");
    writeFileSync(join(home.cwd, "cli.md"), "Instructions from the command line.\n");

    const runs = [
      ["exec", "hi"],
      ["exec", "--profile", "terse", "hi"],
      ["exec", "-c", "model_instructions_file=cli.md", "hi"],
    ];
    for (const args of runs) {
      const res = await runCli(args, { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
    }
    const firsts = model.requests.map((r) => texts(r.body.input as Input)[0]);
    expect(firsts).toEqual([
      "You are the house coding agent.\n",
      "Answer in one word.\n",
      "Instructions from the command line.\n",
    ]);
  });

  it("a missing or empty file stops exec with the path", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url, 'model_instructions_file = "nowhere.md"');
    const missing = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `failed to read model instructions file ${join(home.codexHome, "nowhere.md")}`,
    );
    writeFileSync(join(home.cwd, "empty.md"), "  \n");
    const empty = await runCli(["exec", "-c", "model_instructions_file=empty.md", "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(`model instructions file ${join(home.cwd, "empty.md")} is empty`);
    expect(model.requests).toHaveLength(0);
  });
});

describe("compact_prompt", () => {
  async function compactWith(toml: string, setup?: (codexHome: string) => void) {
    model = await startFakeModel({ fallback: () => reply.message("SUMMARY") });
    const home = makeHome(model.url, toml);
    setup?.(home.codexHome);
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "c", op: { type: "configure_session" } });
    await proto.waitFor(is("session_configured"));
    proto.send({ id: "t", op: { type: "user_turn", items: [{ type: "text", text: "hello" }] } });
    await proto.waitFor((e) => e.id === "t" && msg(e).type === "task_complete");
    proto.send({ id: "k", op: { type: "compact" } });
    const done = await proto.waitFor((e) => e.id === "k" && ["task_complete", "error"].includes(msg(e).type));
    expect(msg(done).type).toBe("task_complete");
    return texts(model.requests.at(-1)?.body.input).at(-1);
  }

  it("is what a compaction asks the model", async () => {
    expect(await compactWith('compact_prompt = "Summarize in three bullets."')).toBe(
      "Summarize in three bullets.",
    );
  });

  it("experimental_compact_prompt_file is read when compact_prompt is not set", async () => {
    const last = await compactWith('experimental_compact_prompt_file = "compact.md"', (codexHome) =>
      writeFileSync(join(codexHome, "compact.md"), "Write a handoff note.\n"),
    );
    expect(last).toBe("Write a handoff note.\n");
  });

  it("automatic compaction uses it too", async () => {
    model = await startFakeModel({
      replies: [reply.message("first", { usage: { input: 900, output: 5 } })],
      fallback: () => reply.message("SUMMARY"),
    });
    const home = makeHome(model.url, 'model_auto_compact_token_limit = 800\ncompact_prompt = "Squash it."');
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "c", op: { type: "configure_session" } });
    await proto.waitFor(is("session_configured"));
    for (const id of ["t1", "t2"]) {
      proto.send({ id, op: { type: "user_turn", items: [{ type: "text", text: id }] } });
      await proto.waitFor((e) => e.id === id && msg(e).type === "task_complete");
    }
    const summaryRequest = model.requests.find((r) => texts(r.body.input as Input).at(-1) === "Squash it.");
    expect(summaryRequest).toBeDefined();
  });
});

describe("project_doc_fallback_filenames and project_root_markers", () => {
  it("CLAUDE.md is read where there is no AGENTS.md; [] markers keep to cwd", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url, 'project_doc_fallback_filenames = ["CLAUDE.md"]');
    const pkg = join(home.cwd, "pkg");
    mkdirSync(pkg);
    writeFileSync(join(home.cwd, "CLAUDE.md"), "Root rules from CLAUDE.md.");
    writeFileSync(join(pkg, "AGENTS.md"), "Package rules.");
    writeFileSync(join(pkg, "CLAUDE.md"), "Never read: AGENTS.md is here.");
    for (const args of [
      ["exec", "hi"],
      ["exec", "-c", "project_root_markers=[]", "hi"],
    ]) {
      const res = await runCli(args, { env: home.env, cwd: pkg });
      expect(res.code, res.stderr).toBe(0);
    }
    const docs = model.requests.map((r) =>
      texts(r.body.input as Input).find((t) => t.startsWith("# AGENTS.md instructions")),
    );
    expect(docs[0]).toContain("Root rules from CLAUDE.md.\n\nPackage rules.");
    expect(docs[0]).not.toContain("Never read");
    expect(docs[1]).not.toContain("Root rules");
    expect(docs[1]).toContain("Package rules.");
  });
});

describe("tool_output_token_limit", () => {
  const outputOf = (body: Record<string, unknown> | undefined): string => {
    const item = ((body?.input as Input | undefined) ?? []).find((i) => i.type === "function_call_output");
    return typeof item?.output === "string" ? item.output : "";
  };

  it("cuts the shell tool's and exec_command's output to the budget; the default keeps it whole", async () => {
    const print = "yes abcdefghij | head -n 400"; // 4,400 bytes
    model = await startFakeModel({
      replies: [
        reply.shell(["sh", "-c", print]),
        reply.message("done"),
        reply.shell(["sh", "-c", print]),
        reply.message("done"),
        reply.exec(print),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    const run = (args: string[]) => runCli(["exec", ...args, "go"], { env: home.env, cwd: home.cwd });
    expect((await run([])).code).toBe(0);
    expect((await run(["-c", "tool_output_token_limit=100"])).code).toBe(0);
    expect((await run(["-c", "tool_output_token_limit=100", "-c", 'shell_tool="exec_command"'])).code).toBe(
      0,
    );
    const [whole = "", cut = "", execCut = ""] = [1, 3, 5].map((i) => outputOf(model?.requests[i]?.body));
    expect(whole.split("abcdefghij")).toHaveLength(401);
    for (const output of [cut, execCut]) {
      // Cut once, by the tool itself: the rest is its header.
      expect(output.match(/omitted|truncated/g)).toHaveLength(1);
      expect(Buffer.byteLength(output)).toBeLessThan(100 * 4 + 300);
      expect(output).toContain("abcdefghij");
    }
  });
});

describe("review_model and plan_mode_reasoning_effort", () => {
  it("a review runs on review_model; the thread's own turns keep their model", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url, 'model = "gpt-5.1-codex"\nreview_model = "gpt-5.1-codex-mini"');
    rmSync(join(home.cwd, ".git"), { recursive: true, force: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: home.cwd });
    git("init", "-q");
    writeFileSync(join(home.cwd, "a.txt"), "one\n");
    git("add", ".");
    git("commit", "-qm", "init");
    writeFileSync(join(home.cwd, "a.txt"), "two\n");
    const review = await runCli(["review", "--uncommitted"], { env: home.env, cwd: home.cwd });
    expect(review.code, review.stderr).toBe(0);
    const turn = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(turn.code, turn.stderr).toBe(0);
    expect(model.requests.map((r) => r.body.model)).toEqual(["gpt-5.1-codex-mini", "gpt-5.1-codex"]);
  });

  it("a plan-mode turn uses plan_mode_reasoning_effort; a default-mode turn model_reasoning_effort", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url, 'model_reasoning_effort = "low"\nplan_mode_reasoning_effort = "high"');
    for (const args of [
      ["exec", "-c", "collaboration_mode=plan", "hi"],
      ["exec", "hi"],
    ]) {
      const res = await runCli(args, { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
    }
    const efforts = model.requests.map((r) => (r.body.reasoning as { effort?: string } | null)?.effort);
    expect(efforts).toEqual(["high", "low"]);
  });
});

describe("include_environment_context, include_permissions_instructions, include_environment_context_time", () => {
  it("false leaves out the environment context, or only its approval and sandbox lines, or its date", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url);
    const runs = [
      [],
      ["-c", "include_environment_context=false"],
      ["-c", "include_permissions_instructions=false"],
      ["-c", "include_environment_context_time=false"],
    ];
    for (const args of runs) {
      const res = await runCli(["exec", ...args, "hi"], { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
    }
    const envs = model.requests.map((r) =>
      texts(r.body.input as Input).filter((t) => t.startsWith("<environment_context>")),
    );
    expect(envs[0]).toHaveLength(1);
    expect(envs[0]?.[0]).toContain("<approval_policy>never</approval_policy>");
    expect(envs[1]).toEqual([]);
    expect(envs[2]).toHaveLength(1);
    expect(envs[2]?.[0]).toContain(`<cwd>${home.cwd}</cwd>`);
    expect(envs[2]?.[0]).not.toMatch(/approval_policy|sandbox_mode/);
    expect(envs[0]?.[0]).toMatch(/<current_date>\d{4}-\d{2}-\d{2}<\/current_date>/);
    expect(envs[3]).toHaveLength(1);
    expect(envs[3]?.[0]).toContain("<approval_policy>never</approval_policy>");
    expect(envs[3]?.[0]).not.toContain("current_date");
  });
});

describe("include_environment_context in a review", () => {
  it("a review's own turns leave it out too", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url);
    rmSync(join(home.cwd, ".git"), { recursive: true, force: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: home.cwd });
    git("init", "-q");
    writeFileSync(join(home.cwd, "a.txt"), "one\n");
    git("add", ".");
    git("commit", "-qm", "init");
    writeFileSync(join(home.cwd, "a.txt"), "two\n");
    for (const args of [[], ["-c", "include_environment_context=false"]]) {
      const review = await runCli(["review", ...args, "--uncommitted"], { env: home.env, cwd: home.cwd });
      expect(review.code, review.stderr).toBe(0);
    }
    const envs = model.requests.map(
      (r) => texts(r.body.input as Input).filter((t) => t.startsWith("<environment_context>")).length,
    );
    expect(envs).toEqual([1, 0]);
  });
});

describe("service_tier", () => {
  it("exec: sent as the request's service_tier; fast as priority; default as none", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url, 'service_tier = "flex"');
    for (const args of [[], ["-c", "service_tier=fast"], ["-c", "service_tier=default"]]) {
      const res = await runCli(["exec", ...args, "hi"], { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
    }
    expect(model.requests.map((r) => r.body.service_tier)).toEqual(["flex", "priority", undefined]);
  });

  it("app-server: thread/start reports it, turn/start changes it for later turns too", async () => {
    const {
      home,
      model: m,
      client,
    } = await app.start({
      toml: 'service_tier = "flex"',
      model: { fallback: reply.message("ok") },
    });
    const started = await client.call("thread/start", { cwd: home.cwd });
    expect(started.serviceTier).toBe("flex");
    const threadId = (started.thread as Json).id as string;
    await runTurn(client, threadId, "one");
    await runTurn(client, threadId, "two", { params: { serviceTier: "fast" } });
    await runTurn(client, threadId, "three");
    expect(m.requests.map((r) => r.body.service_tier)).toEqual(["flex", "priority", "priority"]);
    const updates = client.notifications("thread/settings/updated");
    expect(updates.map((u) => (u.threadSettings as Json).serviceTier)).toEqual(["fast"]);
  });
});

describe("model_supports_reasoning_summaries", () => {
  it("true sends reasoning for a model codex-ts does not know; false leaves it out for one it does", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(model.url, 'model_reasoning_summary = "detailed"');
    const runs = [
      ["-m", "my-local-model", "-c", "model_supports_reasoning_summaries=true"],
      ["-m", "my-local-model"],
      ["-c", "model_supports_reasoning_summaries=false"],
    ];
    for (const args of runs) {
      const res = await runCli(["exec", ...args, "hi"], { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
    }
    expect(model.requests.map((r) => r.body.reasoning)).toEqual([{ summary: "detailed" }, null, null]);
  });
});

describe("show_raw_agent_reasoning", () => {
  /** A reasoning item with a summary and raw reasoning text, then an answer. */
  const thinking = () => ({
    events: [
      sse.created(),
      { type: "response.reasoning_text.delta", item_id: "rs_raw", content_index: 0, delta: "raw thought" },
      {
        type: "response.output_item.done",
        item: {
          type: "reasoning",
          id: "rs_raw",
          summary: [{ type: "summary_text", text: "Summary." }],
          content: [{ type: "reasoning_text", text: "raw thought" }],
        },
      },
      ...sse.message("answer"),
      sse.completed(),
    ],
  });

  it("exec --json: the reasoning item carries the raw reasoning only when asked", async () => {
    model = await startFakeModel({ fallback: thinking });
    const home = makeHome(model.url);
    const reasoningOf = async (args: string[]) => {
      const res = await runCli(["exec", "--json", ...args, "hi"], { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
      const done = jsonLines(res.stdout).filter((e) => e.type === "item.completed");
      return done.map((e) => e.item as Json).find((i) => i.type === "reasoning")?.text;
    };
    expect(await reasoningOf([])).toBe("Summary.");
    expect(await reasoningOf(["-c", "show_raw_agent_reasoning=true"])).toBe("Summary.\n\nraw thought");
    const human = await runCli(["exec", "-c", "show_raw_agent_reasoning=true", "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(human.stderr + human.stdout).toContain("thinking raw thought");
  });

  it("app-server: item/reasoning/textDelta and the item's content", async () => {
    const { home, client } = await app.start({
      toml: "show_raw_agent_reasoning = true",
      model: { fallback: thinking },
    });
    const started = await client.call("thread/start", { cwd: home.cwd });
    await runTurn(client, (started.thread as Json).id as string, "hi");
    expect(client.notifications("item/reasoning/textDelta").map((n) => [n.delta, n.contentIndex])).toEqual([
      ["raw thought", 0],
    ]);
    const items = client.notifications("item/completed").map((n) => n.item as Json);
    expect(items.find((i) => i.type === "reasoning")).toMatchObject({
      summary: ["Summary."],
      content: ["raw thought"],
    });
  });
});

describe("model_verbosity", () => {
  it("a profile and -c set it like the top-level key; models without verbosity are not sent it", async () => {
    model = await startFakeModel({ fallback: () => reply.message("ok") });
    const home = makeHome(
      model.url,
      'model = "gpt-5.5"\nmodel_verbosity = "low"\n[profiles.chatty]\nmodel_verbosity = "high"',
    );
    const runs = [[], ["--profile", "chatty"], ["-c", "model_verbosity=medium"], ["-m", "gpt-5.1-codex"]];
    for (const args of runs) {
      const res = await runCli(["exec", ...args, "hi"], { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
    }
    expect(model.requests.map((r) => (r.body.text as { verbosity?: string } | undefined)?.verbosity)).toEqual(
      ["low", "high", "medium", undefined],
    );
  });
});
