// exec's run options: --ephemeral, --ignore-user-config, --ignore-rules and --strict-config, each as the real
// Codex 0.169 behaves (see the exec options table in README.md).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";
import { inputTexts, scriptByAgent } from "../support/subagents.js";
import { ThreadIndex } from "../../src/rollout/index.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;
let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

const threadIdOf = (stdout: string) =>
  String(jsonLines(stdout).find((e) => e.type === "thread.started")?.thread_id);

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

function outputOf(m: Model, callId: string): string {
  const item = m.requests
    .flatMap((r) => r.body.input ?? [])
    .find((i) => String(i.type).endsWith("_call_output") && i.call_id === callId);
  return String(item?.output);
}

/** The thread has no row in threads.sqlite and no line in session_index.jsonl. */
async function expectNotIndexed(codexHome: string, id: string): Promise<void> {
  const index = await ThreadIndex.open(codexHome);
  try {
    expect(index.get(id)).toBeUndefined();
    expect(index.count()).toBe(0);
  } finally {
    index.close();
  }
  const names = join(codexHome, "session_index.jsonl");
  expect(existsSync(names) ? readFileSync(names, "utf8") : "").not.toContain(id);
}

describe("exec --ephemeral", () => {
  it("records no rollout and no thread: resuming it finds nothing", async () => {
    model = await startFakeModel({ replies: [reply.message("gone")] });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "--ephemeral", "remember nothing"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(jsonLines(res.stdout).find((e) => e.type === "item.completed")).toMatchObject({
      item: { type: "agent_message", text: "gone" },
    });
    expect(filesUnder(join(home.codexHome, "sessions"))).toEqual([]);
    const id = threadIdOf(res.stdout);
    await expectNotIndexed(home.codexHome, id);
    const again = await runCli(["exec", "resume", id, "still there?"], { env: home.env, cwd: home.cwd });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no thread with id ${id}`);
    expect(model.requests).toHaveLength(1);
  });

  it("a subagent forked from an ephemeral thread gets its conversation from memory", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "say the word", fork_context: true, name: "forky" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("root done"),
      ],
      1: [(input) => reply.message(`the word is ${/PAPAYA/.exec(inputTexts(input).join(" "))?.[0] ?? "?"}`)],
    });
    model = await startFakeModel({ fallback: script.fallback });
    const home = makeHome(model.url, "[subagents]\nenabled = true\n");
    const res = await runCli(["exec", "--json", "--ephemeral", "remember the word PAPAYA"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(script.requestsOf(1)).toHaveLength(1);
    const [childInput = []] = script.requestsOf(1);
    expect(inputTexts(childInput).some((t) => t.includes("remember the word PAPAYA"))).toBe(true);
    expect(JSON.stringify(script.requestsOf(0).at(-1))).toContain("the word is PAPAYA");
    // Neither the root nor the child left a file or an index row.
    expect(filesUnder(join(home.codexHome, "sessions"))).toEqual([]);
    await expectNotIndexed(home.codexHome, threadIdOf(res.stdout));
  });

  it("resuming a recorded thread ephemerally adds nothing to its rollout", async () => {
    model = await startFakeModel({ replies: [reply.message("kept"), reply.message("not kept")] });
    const home = makeHome(model.url);
    const first = await runCli(["exec", "--json", "first"], { env: home.env, cwd: home.cwd });
    const [file] = filesUnder(join(home.codexHome, "sessions"));
    const path = join(home.codexHome, "sessions", String(file));
    const before = readFileSync(path, "utf8");
    const res = await runCli(
      ["exec", "--json", "--ephemeral", "resume", threadIdOf(first.stdout), "second"],
      {
        env: home.env,
        cwd: home.cwd,
      },
    );
    expect(res.code, res.stderr).toBe(0);
    // The resumed turn saw the thread's history...
    expect(JSON.stringify(model.requests[1]?.body.input)).toContain("kept");
    // ...and left the file as it was.
    expect(readFileSync(path, "utf8")).toBe(before);
  });
});

describe("exec --ignore-user-config", () => {
  it("skips $CODEX_HOME/config.toml (and its profiles); project config and -c still apply", async () => {
    model = await startFakeModel({ replies: [reply.message("a"), reply.message("b")] });
    const home = makeHome(model.url);
    writeFileSync(
      join(home.codexHome, "config.toml"),
      `openai_base_url = "http://127.0.0.1:1/v1"\ndeveloper_instructions = "USER-DEV"\n` +
        `model_reasoning_effort = "high"\n[profiles.p]\ndeveloper_instructions = "PROFILE-DEV"\n` +
        `[projects."${home.cwd}"]\ntrust_level = "trusted"\n`,
    );
    mkdirSync(join(home.cwd, ".codex"));
    writeFileSync(join(home.cwd, ".codex", "config.toml"), `model_verbosity = "low"\n`);
    const base = ["exec", "--ignore-user-config", "-c", `openai_base_url="${model.url}"`, "-m", "gpt-5.1"];
    const plain = await runCli([...base, "hi"], { env: home.env, cwd: home.cwd });
    expect(plain.code, plain.stderr).toBe(0);
    // With a profile of the skipped file: no error, no profile (as Codex does).
    const profiled = await runCli([...base, "-p", "p", "-c", 'model_verbosity="high"', "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(profiled.code, profiled.stderr).toBe(0);
    const [first, second] = model.requests.map((r) => r.body as Record<string, unknown>);
    for (const body of [first, second]) {
      const input = JSON.stringify(body?.input);
      expect(input).not.toContain("USER-DEV");
      expect(input).not.toContain("PROFILE-DEV");
      expect(body?.reasoning).not.toMatchObject({ effort: "high" });
    }
    expect(first?.text).toMatchObject({ verbosity: "low" });
    expect(second?.text).toMatchObject({ verbosity: "high" });
    // Auth still comes from CODEX_HOME's environment: the key reached the model.
    expect(model.requests[0]?.headers.authorization).toBe("Bearer sk-test");
  });
});

describe("exec --ignore-user-config and the user's other tables", () => {
  it("the user's project trust still brings the project's rules; its skill toggles are left out", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["bash", "-lc", "touch made.txt"], { callId: "call_1" }), reply.message("done")],
    });
    const home = makeHome(model.url);
    const skill = join(home.cwd, ".agents", "skills", "tidy");
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, "SKILL.md"), "---\nname: tidy-up-skill\ndescription: Tidies.\n---\nTidy.\n");
    writeFileSync(
      join(home.codexHome, "config.toml"),
      `[projects."${home.cwd}"]\ntrust_level = "trusted"\n` +
        `[[skills.config]]\nname = "tidy-up-skill"\nenabled = false\n`,
    );
    mkdirSync(join(home.cwd, ".codex", "rules"), { recursive: true });
    writeFileSync(
      join(home.cwd, ".codex", "rules", "project.rules"),
      'prefix_rule(pattern = ["touch"], decision = "forbidden")\n',
    );
    const args = [
      "exec",
      "--ignore-user-config",
      "-c",
      `openai_base_url="${model.url}"`,
      "-c",
      `shell_tool="shell"`,
    ];
    const res = await runCli([...args, "-s", "danger-full-access", "go"], { env: home.env, cwd: home.cwd });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(false);
    expect(outputOf(model, "call_1")).toContain("forbidden");
    // The skill the ignored file turned off is offered.
    expect(JSON.stringify(model.requests[0]?.body.input)).toContain("tidy-up-skill");
  });
});

describe("exec --ignore-rules", () => {
  it("runs a command the user's rules forbid", async () => {
    for (const ignore of [false, true]) {
      model = await startFakeModel({
        replies: [
          reply.shell(["bash", "-lc", "touch made.txt"], { callId: "call_1" }),
          reply.message("done"),
        ],
      });
      const home = makeHome(model.url);
      mkdirSync(join(home.codexHome, "rules"));
      writeFileSync(
        join(home.codexHome, "rules", "default.rules"),
        'prefix_rule(pattern = ["touch"], decision = "forbidden")\n',
      );
      const args = ["exec", "-s", "danger-full-access", ...(ignore ? ["--ignore-rules"] : []), "go"];
      const res = await runCli(args, { env: home.env, cwd: home.cwd });
      expect(res.code, res.stderr).toBe(0);
      expect(existsSync(join(home.cwd, "made.txt"))).toBe(ignore);
      if (!ignore) expect(outputOf(model, "call_1")).toContain("forbidden");
      await model.close();
      model = undefined;
    }
  });
});

describe("exec --strict-config", () => {
  it("an unknown key is an error naming the file and line (exit 1); without the flag a warning", async () => {
    model = await startFakeModel({ replies: [reply.message("ran"), reply.message("ran again")] });
    const home = makeHome(model.url, "bogus_key = 1");
    const path = join(home.codexHome, "config.toml");
    const strict = await runCli(["exec", "--strict-config", "hi"], { env: home.env, cwd: home.cwd });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe(
      `Error: ${path}:3: unknown configuration field \`bogus_key\` (--strict-config)\n`,
    );
    // A -c override with an unknown key too (a known one passes).
    const override = await runCli(
      ["exec", "--strict-config", "-c", "bogus=1", "-c", 'model_verbosity="low"', "hi"],
      {
        env: { ...home.env },
        cwd: home.cwd,
      },
    );
    expect(override.code).toBe(1);
    expect(override.stderr).toMatch(/^Error: .*unknown configuration field `bogus/);
    writeFileSync(path, `openai_base_url = "${model.url}"\nshell_tool = "shell"\n`);
    const onlyOverride = await runCli(["exec", "--strict-config", "-c", "bogus=1", "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(onlyOverride.code).toBe(1);
    expect(onlyOverride.stderr).toBe("Error: unknown configuration field `bogus` in -c/--config override\n");
    const known = await runCli(["exec", "--strict-config", "-c", 'model_verbosity="low"', "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(known.code, known.stderr).toBe(0);
    writeFileSync(path, `openai_base_url = "${model.url}"\nshell_tool = "shell"\nbogus_key = 1\n`);
    const lenient = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain(`warning: ${path}, line 3: bogus_key: unknown key, ignored`);
    expect(model.requests).toHaveLength(2);
  });
});
