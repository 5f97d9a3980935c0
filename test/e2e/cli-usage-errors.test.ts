// Usage errors exit 2 on every command, as the real Codex's command line does (clap); --help, --version and
// `help` exit 0. Nothing runs: no model is reached, since none is listening at the configured address.
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

const home = makeHome("http://127.0.0.1:1/v1");
const run = (args: string[]) => runCli(args, { env: home.env, cwd: home.cwd });

describe("usage errors", () => {
  it.each([
    [["--bogus"], "unknown option '--bogus'"],
    [["exec", "--bogus", "hi"], "unknown option '--bogus'"],
    [["exec", "-p"], "argument missing"],
    [["exec", "-s", "nowhere", "hi"], "Allowed choices are read-only, workspace-write, danger-full-access"],
    [["exec", "resume", "--bogus"], "unknown option '--bogus'"],
    [["app-server", "--bogus"], "unknown option '--bogus'"],
    [["mcp", "add"], "missing required argument"],
    [["login", "status", "--bogus"], "unknown option '--bogus'"],
    [["features", "enable"], "missing required argument"],
    [["sessions", "--bogus"], "unknown option '--bogus'"],
  ])("codex-ts %j exits 2", async (args, message) => {
    const result = await run(args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it.each([
    [["--help"]],
    [["--version"]],
    [["exec", "--help"]],
    [["mcp", "add", "--help"]],
    [["help"]],
    [["help", "exec"]],
  ])("codex-ts %j exits 0 with its text on stdout", async (args) => {
    const result = await run(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(args.includes("--version") ? /codex-ts|\d+\.\d+/ : /^Usage: codex-ts/);
  });
});

describe("Codex 0.169 commands codex-ts does not have", () => {
  it.each([
    [["update"], "is installed from its package tarball"],
    [["agents", "--no-daemon"], "runs its engine in-process"],
    [["cloud", "list", "--json"], "Codex's cloud services"],
    [["migrate-rollouts", "--apply"], "nothing to migrate"],
  ])("codex-ts %j is refused, saying why, instead of becoming the UI's prompt", async (args, why) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`codex-ts has no \`${args[0]}\` command`);
    expect(result.stderr).toContain(why);
  });

  it("they are not offered in the help", async () => {
    const result = await run(["--help"]);
    expect(result.stdout).not.toMatch(/^\s+(update|agents|cloud|apply|exec-server)\s/m);
  });
});
