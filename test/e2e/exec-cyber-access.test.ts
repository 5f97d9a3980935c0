// `exec --cyber-access-program`: the turn's requests ask OpenAI's API for the program; other providers, later
// turns and reviews do not.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

const programs = () => (model?.requests ?? []).map((r) => r.body.access_programs);

function threadIdOf(stdout: string): string {
  return String(jsonLines(stdout).find((e) => e.type === "thread.started")?.thread_id);
}

describe("exec --cyber-access-program", () => {
  it("is sent on every request of the turn, and not on a resumed turn without it", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["echo", "hi"]), reply.message("done"), reply.message("again")],
    });
    const home = makeHome(model.url);
    const first = await runCli(["exec", "--json", "--cyber-access-program", "daybreak_blue", "scan it"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(first.code).toBe(0);
    // The request after the tool call carries it too.
    expect(programs()).toEqual([{ cyber: "daybreak_blue" }, { cyber: "daybreak_blue" }]);
    const id = threadIdOf(first.stdout);
    const next = await runCli(["exec", "--json", "resume", id, "and now"], { env: home.env, cwd: home.cwd });
    expect(next.code).toBe(0);
    expect(programs()[2]).toBeUndefined();
  });

  it("holds before `resume` (where the SDK puts it) and after it", async () => {
    model = await startFakeModel({
      replies: [reply.message("one"), reply.message("two"), reply.message("three")],
    });
    const home = makeHome(model.url);
    const first = await runCli(["exec", "--json", "start"], { env: home.env, cwd: home.cwd });
    const id = threadIdOf(first.stdout);
    const before = ["exec", "--json", "--cyber-access-program", "daybreak_red", "resume", id, "go"];
    expect((await runCli(before, { env: home.env, cwd: home.cwd })).code).toBe(0);
    const after = ["exec", "--json", "resume", "--cyber-access-program", "standard", id, "go on"];
    expect((await runCli(after, { env: home.env, cwd: home.cwd })).code).toBe(0);
    expect(programs()).toEqual([undefined, { cyber: "daybreak_red" }, { cyber: "standard" }]);
  });

  it("sends nothing to a provider other than OpenAI's, and says nothing", async () => {
    model = await startFakeModel({ replies: [reply.message("fine")] });
    const home = makeHome(
      "http://unused.invalid/v1",
      `model_provider = "fake"\n[model_providers.fake]\nname = "Fake"\nbase_url = "${model.url}"\n` +
        `env_key = "FAKE_KEY"\nwire_api = "responses"\n`,
    );
    const res = await runCli(["exec", "--json", "--cyber-access-program", "daybreak_blue", "hi"], {
      env: { ...home.env, FAKE_KEY: "k" },
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    // Only exec's note that it reads the piped stdin: nothing about the program.
    expect(res.stderr).toBe("Reading additional input from stdin...\n");
    expect(programs()).toEqual([undefined]);
    expect(jsonLines(res.stdout).map((e) => e.type)).toEqual([
      "thread.started",
      "turn.started",
      "item.completed",
      "turn.completed",
    ]);
  });

  it("an unknown program is a usage error (exit 2) before anything runs", async () => {
    model = await startFakeModel({ replies: [] });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--cyber-access-program", "daybreak", "hi"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("argument 'daybreak' is invalid");
    expect(res.stderr).toContain("standard, daybreak_blue, daybreak_red");
    expect(model.requests).toHaveLength(0);
  });

  it("exec review refuses it, given before or after `review`", async () => {
    model = await startFakeModel({ replies: [] });
    const home = makeHome(model.url);
    for (const args of [
      ["exec", "--cyber-access-program", "standard", "review", "--uncommitted"],
      ["exec", "review", "--cyber-access-program", "standard", "--uncommitted"],
    ]) {
      const res = await runCli(args, { env: home.env, cwd: home.cwd });
      expect(res.code).toBe(1);
      expect(res.stderr).toBe("Error: --cyber-access-program is not supported with `codex-ts exec review`\n");
    }
    expect(model.requests).toHaveLength(0);
  });

  it("exec fork takes it for the turn after the fork, and without a prompt refuses it (and --ephemeral)", async () => {
    model = await startFakeModel({ replies: [reply.message("one"), reply.message("two")] });
    const home = makeHome(model.url);
    const id = threadIdOf(
      (await runCli(["exec", "--json", "start"], { env: home.env, cwd: home.cwd })).stdout,
    );
    for (const [flag, message] of [
      [
        ["--cyber-access-program", "standard"],
        "Error: Forking with --cyber-access-program requires a prompt\n",
      ],
      [["--ephemeral"], "Error: Ephemeral forks require a prompt\n"],
    ] as const) {
      const res = await runCli(["exec", "--json", "fork", ...flag, id], { env: home.env, cwd: home.cwd });
      expect(res).toMatchObject({ code: 1, stderr: message });
    }
    const forked = ["exec", "--json", "--cyber-access-program", "daybreak_blue", "fork", id, "go"];
    expect((await runCli(forked, { env: home.env, cwd: home.cwd })).code).toBe(0);
    expect(programs()).toEqual([undefined, { cyber: "daybreak_blue" }]);
  });
});
