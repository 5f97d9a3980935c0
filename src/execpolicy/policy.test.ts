import { describe, expect, it } from "vitest";
import { parseRulesFile, Policy } from "./policy.js";
import { allowRuleText, prefixOf, proposeAmendment } from "./amend.js";

const errorOf = (source: string) => {
  try {
    parseRulesFile("r.rules", source);
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
};

describe("rules files", () => {
  it("reads alternatives, defaults, escapes and comments", () => {
    const rules = parseRulesFile(
      "r.rules",
      `# top\nprefix_rule(pattern = ["a", ["b", 'c']], justification = "say \\"hi\\"\\n", match = [["a", "c", "x"]],)\n`,
    );
    expect(rules).toEqual([
      {
        pattern: [["a"], ["b", "c"]],
        decision: "allow",
        justification: 'say "hi"\n',
        file: "r.rules",
        line: 2,
      },
    ]);
  });

  it("reports what is wrong and where", () => {
    expect(errorOf('prefix_rule(pattern = ["a"]')).toBe('r.rules:1:28: expected ")", found end of file');
    expect(errorOf('\n  host_executable(name = "git")')).toMatch(
      /^r\.rules:2:3: unknown function host_executable/,
    );
    expect(errorOf('prefix_rule(pattern = [], decision = "allow")')).toBe(
      "r.rules:1:23: pattern must be a non-empty list",
    );
    expect(errorOf('prefix_rule(pattern = ["a"], colour = "red")')).toBe(
      "r.rules:1:30: unknown argument colour to prefix_rule",
    );
    expect(errorOf('prefix_rule(pattern = ["a"], pattern = ["b"])')).toBe(
      "r.rules:1:30: argument pattern given twice",
    );
    expect(errorOf('prefix_rule(pattern = ["a\nb"])')).toMatch(/^r\.rules:1:24: unterminated string/);
    expect(errorOf('prefix_rule(pattern = ["a"], not_match = ["a b"])')).toBe(
      'r.rules:1:43: example "a b" in not_match matches the pattern',
    );
  });

  it("the strictest matching decision wins; no match has no decision", () => {
    const policy = new Policy(
      parseRulesFile(
        "r.rules",
        'prefix_rule(pattern = ["git"])\nprefix_rule(pattern = ["git", "push"], decision = "prompt")\n',
      ),
    );
    expect(policy.evaluate(["git", "push", "x"]).decision).toBe("prompt");
    expect(policy.evaluate(["git", "status"]).decision).toBe("allow");
    expect(policy.evaluate(["ls"])).toEqual({ matchedRules: [] });
  });
});

describe("amendments", () => {
  it("remembers a command's family (program and subcommand) for the session", () => {
    expect(prefixOf(["git", "push", "origin"])).toEqual(["git", "push"]);
    expect(prefixOf(["ls", "-la"])).toEqual(["ls"]);
    expect(prefixOf(["rm", "a.txt"])).toEqual(["rm"]);
  });

  it("proposes, as Codex does, the first simple command whole, or the whole argv of a script it cannot split", async () => {
    expect(await proposeAmendment(["bash", "-lc", "npm test -- --watch"])).toEqual([
      "npm",
      "test",
      "--",
      "--watch",
    ]);
    expect(await proposeAmendment(["bash", "-lc", "npm test && rm x"])).toEqual(["npm", "test"]);
    expect(await proposeAmendment(["bash", "-lc", "echo $(id)"])).toEqual(["bash", "-lc", "echo $(id)"]);
    expect(await proposeAmendment(["touch", "made.txt"])).toEqual(["touch", "made.txt"]);
  });

  it("writes a rule the parser reads back", () => {
    const text = allowRuleText(["say", 'a "quoted" \\ word']);
    expect(parseRulesFile("r.rules", text)[0]?.pattern).toEqual([["say"], ['a "quoted" \\ word']]);
  });
});
