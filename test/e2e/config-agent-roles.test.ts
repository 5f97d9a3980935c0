// `[agents]` through the binary (proto): roles declared in config.toml (with a config_file) and found in
// $CODEX_HOME/agents/ are offered by subagent_spawn's agent_type; a child of a role runs with the role's
// model, effort, instructions and sandbox (a write under its read-only sandbox fails for real); an unknown
// role is a tool error; a role's nickname names the child; `[agents] max_threads` bounds the tree.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { agentOf, scriptByAgent, toolOutputs, type Input } from "../support/subagents.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

const CONFIG = `
[subagents]
enabled = true

[agents]
max_threads = 2

[agents.reviewer]
description = "Reviews a change and reports risks."
config_file = "./roles/reviewer.toml"
`;

const REVIEWER = `
model = "gpt-5-mini-role"
model_reasoning_effort = "high"
sandbox_mode = "read-only"
developer_instructions = "REVIEWER RULES: never edit files."
`;

const SCOUT = `
name = "scout"
description = "Answers questions about the code."
nickname_candidates = ["Magellan", "Cook"]
developer_instructions = "SCOUT RULES: read, do not write."
`;

type Body = { model?: string; input?: Input; reasoning?: { effort?: string }; tools?: unknown[] };

const texts = (input: Input) =>
  input
    .filter((item) => item.type === "message")
    .flatMap((item) => (item.content as Array<{ text?: string }>).map((c) => c.text ?? ""));

describe("[agents] roles", () => {
  it("offers the roles, runs a child with its role's settings, refuses unknown ones, counts max_threads", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "review it", agent_type: "reviewer", model: "asked" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.functionCall("subagent_spawn", { task: "x", agent_type: "nope" }),
        reply.functionCall("subagent_spawn", { task: "find it", agent_type: "scout" }),
        reply.functionCall("subagent_await", { agent_id: 2 }),
        reply.functionCall("subagent_spawn", { task: "one too many" }),
        reply.message("all done"),
      ],
      1: [reply.shell(["bash", "-c", "echo no > role-write.txt"]), reply.message("reviewed")],
      2: [reply.message("found")],
    });
    model = await startFakeModel({ fallback: script.fallback });
    const home = makeHome(model.url, CONFIG);
    mkdirSync(join(home.codexHome, "roles"));
    writeFileSync(join(home.codexHome, "roles", "reviewer.toml"), REVIEWER);
    mkdirSync(join(home.codexHome, "agents"));
    writeFileSync(join(home.codexHome, "agents", "scout.toml"), SCOUT);

    proto = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
      env: home.env,
      cwd: home.cwd,
    });
    proto.send({ id: "c1", op: { type: "configure_session" } });
    await proto.waitFor(is("session_configured"));
    proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "go" }] } });
    const done = await proto.waitFor(
      (e) => e.id === "t1" && ["task_complete", "error"].includes(msg(e).type),
      {
        timeoutMs: 30_000,
      },
    );
    expect(msg(done)).toMatchObject({ type: "task_complete", last_agent_message: "all done" });

    const bodies = model.requests.map((r) => r.body as Body);
    const of = (agent: number) => bodies.filter((b) => agentOf(b.input ?? []) === agent);

    // The root's spawn tool lists both roles, with the settings the reviewer fixes.
    const spawnTool = (of(0)[0]?.tools ?? []).find(
      (t) => (t as { name?: string }).name === "subagent_spawn",
    ) as { parameters: { properties: Record<string, { description?: string }> } } | undefined;
    const roleDoc = spawnTool?.parameters.properties.agent_type?.description ?? "";
    expect(roleDoc).toContain("reviewer: Reviews a change and reports risks.");
    expect(roleDoc).toContain("model gpt-5-mini-role, reasoning effort high");
    expect(roleDoc).toContain("scout: Answers questions about the code.");

    // The reviewer runs the role's model (over the spawn's) and effort, with the role's instructions.
    const reviewer = of(1)[0];
    expect(reviewer?.model).toBe("gpt-5-mini-role");
    expect(reviewer?.reasoning?.effort).toBe("high");
    const reviewerText = texts(reviewer?.input ?? []).join("\n");
    expect(reviewerText).toContain("REVIEWER RULES: never edit files.");
    expect(reviewerText).toMatch(/read-only/);
    // Its sandbox is the role's read-only one, not the root's full access: the write fails.
    expect(existsSync(join(home.cwd, "role-write.txt"))).toBe(false);
    expect(toolOutputs(of(1)[1]?.input ?? []).at(-1)).toMatch(/Read-only file system|Permission denied/);

    const rootOutputs = toolOutputs(of(0).at(-1)?.input ?? []);
    expect(rootOutputs.find((o) => o.includes("nope"))).toMatch(/unknown agent_type 'nope'/);
    // The scout (found in $CODEX_HOME/agents/) gets its nickname and its own instructions, the root's model.
    const scout = of(2)[0];
    expect(texts(scout?.input ?? []).join("\n")).toContain("SCOUT RULES");
    expect(scout?.model).toBe(of(0)[0]?.model);
    const lifecycles = proto.received.filter(is("subagent_lifecycle")).map((e) => msg(e).summary);
    expect(lifecycles).toContainEqual(
      expect.objectContaining({ agent_id: 2, name: "Magellan", agent_type: "scout" }),
    );
    // Two agents exist: the third spawn is refused by [agents] max_threads.
    expect(rootOutputs.at(-1)).toContain("[agents] max_threads");
  });

  it("stops with a clear error when a role has no description or its file no developer_instructions", async () => {
    model = await startFakeModel({ fallback: () => reply.message("unused") });
    const home = makeHome(model.url, '[agents.broken]\nconfig_file = "./broken.toml"\n');
    writeFileSync(join(home.codexHome, "broken.toml"), 'model = "m"\n');
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    const code = await proto.exited;
    expect(code).not.toBe(0);
    expect(proto.stderr).toMatch(/broken\.toml must define `developer_instructions`/);
  });
});
