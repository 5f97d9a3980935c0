// Command rules (`rules/*.rules`) decide what exec runs: forbidden commands are refused whatever the
// policy, allowed ones run without asking, prompt ones are asked about (exec cannot ask, so they are
// refused), a script that cannot be split is asked about, and a bad rules file stops the run with its line.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;
const RUN_TIMEOUT_MS = 20_000;

let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

function outputOf(m: Model, callId: string): string {
  const item = m.requests
    .flatMap((r) => r.body.input ?? [])
    .find((i) => String(i.type).endsWith("_call_output") && i.call_id === callId);
  return String(item?.output);
}

const RULES = `
prefix_rule(pattern = ["rm", ["-rf", "-fr"]], decision = "forbidden", justification = "use trash instead")
prefix_rule(pattern = ["touch"], decision = "allow", match = ["touch a.txt"])
prefix_rule(pattern = ["echo"], decision = "allow")
prefix_rule(pattern = ["git", "push"], decision = "prompt", justification = "talks to the network")
`;

function writeRules(dir: string, text = RULES): void {
  mkdirSync(join(dir, "rules"), { recursive: true });
  writeFileSync(join(dir, "rules", "team.rules"), text);
}

describe("command rules in exec", () => {
  it("refuses a forbidden command inside a bash script even with full access", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "echo hi && rm -rf victim"], { callId: "call_1" }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    writeRules(home.codexHome);
    mkdirSync(join(home.cwd, "victim"));
    const res = await runCli(["exec", "-s", "danger-full-access", "-a", "never", "go"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(outputOf(model, "call_1")).toContain(
      "forbidden by a command rule for `rm -rf`: use trash instead",
    );
    expect(existsSync(join(home.cwd, "victim"))).toBe(true);
  });

  it("runs an allowed command without asking where the policy would ask", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "touch made.txt && echo made"], { callId: "call_1" }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    writeRules(home.codexHome);
    const res = await runCli(["exec", "-a", "untrusted", "go"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(outputOf(model, "call_1")).toContain("made");
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(true);
  });

  it("without the rule the same command is refused under -a untrusted", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "touch made.txt && echo made"], { callId: "call_1" }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "-a", "untrusted", "go"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(outputOf(model, "call_1")).toMatch(/^rejected by user/);
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(false);
  });

  it("asks about a prompt rule's command and about a script it cannot split (exec denies both)", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["git", "push", "origin"], { callId: "call_1" }),
        reply.shell(["bash", "-lc", "touch $(echo x).txt"], { callId: "call_2" }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    writeRules(home.codexHome);
    const res = await runCli(["exec", "-a", "on-request", "go"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(outputOf(model, "call_1")).toMatch(/^rejected by user/);
    expect(res.stderr).toContain("a command rule asks for approval of `git push`: talks to the network");
    expect(outputOf(model, "call_2")).toMatch(/^rejected by user/);
    expect(res.stderr).toContain("cannot be split into simple commands");
    expect(existsSync(join(home.cwd, "x.txt"))).toBe(false);
  });

  it("with allow rules only, a script it cannot split follows the approval policy", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-lc", "echo $HOME > out.txt"], { callId: "call_1" }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    writeRules(home.codexHome, 'prefix_rule(pattern = ["echo"], decision = "allow")\n');
    const res = await runCli(["exec", "-s", "danger-full-access", "-a", "on-request", "go"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "out.txt"))).toBe(true);
    expect(res.stderr).not.toContain("cannot be split");
  });

  it("reads a trusted project's .codex/rules and ignores an untrusted one's", async () => {
    for (const trusted of [true, false]) {
      model = await startFakeModel({
        replies: [reply.shell(["bash", "-lc", "touch p.txt"], { callId: "call_1" }), reply.message("done")],
      });
      const home = makeHome(model.url);
      const trust = trusted ? `[projects."${home.cwd}"]\ntrust_level = "trusted"\n` : "";
      writeFileSync(
        join(home.codexHome, "config.toml"),
        `openai_base_url = "${model.url}"\nshell_tool = "shell"\n${trust}`,
      );
      writeRules(join(home.cwd, ".codex"), 'prefix_rule(pattern = ["touch"], decision = "forbidden")\n');
      const res = await runCli(["exec", "-s", "danger-full-access", "-a", "never", "go"], {
        env: home.env,
        cwd: home.cwd,
        timeoutMs: RUN_TIMEOUT_MS,
      });
      expect(res.code, res.stderr).toBe(0);
      expect(existsSync(join(home.cwd, "p.txt"))).toBe(!trusted);
      await model.close();
      model = undefined;
    }
  });

  it("stops with the file and line of a bad rules file", async () => {
    model = await startFakeModel({ replies: [reply.message("never asked")] });
    const home = makeHome(model.url);
    writeRules(
      home.codexHome,
      'prefix_rule(pattern = ["ls"])\nprefix_rule(pattern = ["ls"], decision = "maybe")\n',
    );
    const res = await runCli(["exec", "go"], { env: home.env, cwd: home.cwd, timeoutMs: RUN_TIMEOUT_MS });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(
      `${join(home.codexHome, "rules", "team.rules")}:2:42: decision must be "allow", "prompt" or "forbidden"`,
    );
    expect(model.requests).toHaveLength(0);
  });
});
