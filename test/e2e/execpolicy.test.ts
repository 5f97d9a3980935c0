// `codex-ts execpolicy check` against decisions recorded from the real Codex 0.169 binary
// (`codex execpolicy check --rules test/fixtures/rules/table.rules -- CMD`) for the same rules file.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratch.js";

const RULES = join(import.meta.dirname, "..", "fixtures", "rules", "table.rules");
const TABLE = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "fixtures", "rules", "table-expected.json"), "utf8"),
) as { command: string[]; expected: unknown }[];

describe("execpolicy check", () => {
  it("decides like the real Codex on a table of commands", async () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
    for (const { command, expected } of TABLE) {
      const res = await runCli(["execpolicy", "check", "--rules", RULES, "--", ...command], {
        env: { PATH: process.env.PATH },
        timeoutMs: 10_000,
      });
      expect(res.code, res.stderr).toBe(0);
      expect({ command, output: JSON.parse(res.stdout) }).toEqual({ command, output: expected });
    }
  }, 120_000);

  it("points at the line and column of a bad rule and exits 1", async () => {
    const dir = scratchDir("codex-ts-rules-");
    const file = join(dir, "bad.rules");
    writeFileSync(
      file,
      'prefix_rule(pattern = ["ls"])\n\nprefix_rule(pattern = ["git"] decision = "allow")\n',
    );
    const res = await runCli(["execpolicy", "check", "--rules", file, "--", "ls"], {
      env: { PATH: process.env.PATH },
      timeoutMs: 10_000,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${file}:3:31: expected ")", found "decision"`);
    expect(res.stdout).toBe("");
  });

  it("rejects a rule whose match example does not match", async () => {
    const dir = scratchDir("codex-ts-rules-");
    const file = join(dir, "examples.rules");
    writeFileSync(file, 'prefix_rule(\n  pattern = ["gh", "pr", "view"],\n  match = ["gh pr list"],\n)\n');
    const res = await runCli(["execpolicy", "check", "--rules", file, "--", "gh"], {
      env: { PATH: process.env.PATH },
      timeoutMs: 10_000,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${file}:3:12: example "gh pr list" in match does not match the pattern`);
  });
});
