// `codex-ts --strict-config COMMAND`: the commands that check a config take the root's flag (`exec`,
// `app-server`); the others refuse it with Codex 0.169's words and exit 1, doing nothing, rather than ignore it.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

describe("--strict-config before a command", () => {
  it("is refused by a command that reads no config strictly (exit 1, Codex's message), and acts nowhere", async () => {
    const home = makeHome("http://127.0.0.1:9");
    const cases: Array<[string[], string]> = [
      [["mcp", "list"], "mcp"],
      [["mcp", "add", "docs", "--", "true"], "mcp"],
      [["features", "list"], "features"],
      [["login", "status"], "login"],
      [["sandbox", "linux", "true"], "sandbox"],
      [["app-server", "daemon", "start"], "app-server daemon start"],
    ];
    for (const [args, name] of cases) {
      const run = await runCli(["--strict-config", ...args], { env: home.env, cwd: home.cwd });
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toBe(`Error: \`--strict-config\` is not supported for \`codex ${name}\`\n`);
      expect(run.stdout).toBe("");
    }
    // `mcp add` did not run: no server was written.
    const list = await runCli(["mcp", "list", "--json"], { env: home.env, cwd: home.cwd });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
    expect(existsSync(join(home.codexHome, "app-server-control"))).toBe(false);
  });

  it("is taken by exec and app-server, which check the config with it", async () => {
    const home = makeHome("http://127.0.0.1:9", "[history]\nbogus = 1\n");
    for (const args of [["exec", "hi"], ["app-server"]]) {
      const run = await runCli(["--strict-config", ...args], { env: home.env, cwd: home.cwd, stdin: "" });
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toContain("unknown configuration field `history.bogus` (--strict-config)");
    }
    // Without the flag, the refused command runs as ever.
    writeFileSync(join(home.codexHome, "config.toml"), 'model = "m"\n');
    const features = await runCli(["features", "list"], { env: home.env, cwd: home.cwd });
    expect(features.code).toBe(0);
    expect(features.stdout).toMatch(/^\S+\s+(stable|experimental|under development|deprecated|removed)/m);
  });
});
