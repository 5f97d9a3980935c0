// Prefix rules: what a `.rules` file says about commands, and the decision for one argv. When several rules
// match, the strictest decision wins (forbidden > prompt > allow), as in Codex.
import { parse as shellParse } from "shell-quote";
import { parseRulesSource, RulesSyntaxError, type Call, type Value } from "./starlark.js";

export type RuleDecision = "allow" | "prompt" | "forbidden";
const DECISIONS: RuleDecision[] = ["allow", "prompt", "forbidden"];

export interface PrefixRule {
  /** One entry per argv position: the words accepted there. */
  pattern: string[][];
  decision: RuleDecision;
  justification?: string;
  file: string;
  line: number;
}

export interface RuleMatch {
  prefixRuleMatch: { matchedPrefix: string[]; decision: RuleDecision; justification?: string };
}

export interface Evaluation {
  matchedRules: RuleMatch[];
  decision?: RuleDecision;
}

export function strictest(
  a: RuleDecision | undefined,
  b: RuleDecision | undefined,
): RuleDecision | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return DECISIONS.indexOf(a) >= DECISIONS.indexOf(b) ? a : b;
}

export function ruleMatches(rule: PrefixRule, argv: readonly string[]): boolean {
  return argv.length >= rule.pattern.length && rule.pattern.every((words, i) => words.includes(argv[i]!));
}

export class Policy {
  constructor(readonly rules: PrefixRule[] = []) {}

  evaluate(argv: readonly string[]): Evaluation {
    const matchedRules: RuleMatch[] = [];
    let decision: RuleDecision | undefined;
    for (const rule of this.rules) {
      if (!ruleMatches(rule, argv)) continue;
      matchedRules.push({
        prefixRuleMatch: {
          matchedPrefix: argv.slice(0, rule.pattern.length),
          decision: rule.decision,
          ...(rule.justification !== undefined ? { justification: rule.justification } : {}),
        },
      });
      decision = strictest(decision, rule.decision);
    }
    return decision === undefined ? { matchedRules } : { matchedRules, decision };
  }
}

/** Parses and checks one rules file: bad syntax, bad arguments and failing match/not_match examples all throw. */
export function parseRulesFile(file: string, source: string): PrefixRule[] {
  return parseRulesSource(file, source).map((call) => ruleFromCall(file, call));
}

function ruleFromCall(file: string, call: Call): PrefixRule {
  const fail = (at: { line: number; col: number }, message: string): never => {
    throw new RulesSyntaxError(file, at.line, at.col, message);
  };
  if (call.name !== "prefix_rule")
    fail(call.at, `unknown function ${call.name}(); only prefix_rule() is supported`);
  if (call.positional.length > 0) fail(call.positional[0]!.at, "prefix_rule takes keyword arguments only");
  const args = new Map(call.keywords.map((k) => [k.name, k]));
  for (const k of call.keywords) {
    if (!["pattern", "decision", "justification", "match", "not_match"].includes(k.name)) {
      fail(k.at, `unknown argument ${k.name} to prefix_rule`);
    }
  }
  const patternArg = args.get("pattern");
  if (!patternArg) return fail(call.at, "prefix_rule needs a pattern");
  const patternValue = patternArg.value;
  if (patternValue.kind !== "list" || patternValue.items.length === 0) {
    return fail(patternValue.at, "pattern must be a non-empty list");
  }
  const pattern = patternValue.items.map((item) => {
    if (item.kind === "string") return [item.value];
    if (item.kind === "list" && item.items.length > 0 && item.items.every((w) => w.kind === "string")) {
      return item.items.map((w) => (w as { value: string }).value);
    }
    return fail(item.at, "each pattern element must be a string or a non-empty list of strings");
  });
  const decisionValue = args.get("decision")?.value;
  let decision: RuleDecision = "allow";
  if (decisionValue) {
    if (decisionValue.kind !== "string" || !DECISIONS.includes(decisionValue.value as RuleDecision)) {
      fail(decisionValue.at, 'decision must be "allow", "prompt" or "forbidden"');
    }
    decision = (decisionValue as { value: RuleDecision }).value;
  }
  const justificationValue = args.get("justification")?.value;
  let justification: string | undefined;
  if (justificationValue && !(justificationValue.kind === "constant" && justificationValue.name === "None")) {
    if (justificationValue.kind !== "string") fail(justificationValue.at, "justification must be a string");
    justification = (justificationValue as { value: string }).value;
    if (justification.trim() === "") fail(justificationValue.at, "justification must not be empty");
  }
  const rule: PrefixRule = {
    pattern,
    decision,
    ...(justification !== undefined ? { justification } : {}),
    file,
    line: call.at.line,
  };
  for (const [name, shouldMatch] of [
    ["match", true],
    ["not_match", false],
  ] as const) {
    const examples = args.get(name)?.value;
    if (!examples) continue;
    if (examples.kind !== "list") fail(examples.at, `${name} must be a list of examples`);
    for (const example of (examples as { items: Value[] }).items) {
      const argv = exampleArgv(file, example);
      if (ruleMatches(rule, argv) !== shouldMatch) {
        fail(
          example.at,
          shouldMatch
            ? `example ${JSON.stringify(argv.join(" "))} in match does not match the pattern`
            : `example ${JSON.stringify(argv.join(" "))} in not_match matches the pattern`,
        );
      }
    }
  }
  return rule;
}

function exampleArgv(file: string, example: Value): string[] {
  const fail = (message: string): never => {
    throw new RulesSyntaxError(file, example.at.line, example.at.col, message);
  };
  if (example.kind === "list") {
    return example.items.map((w) =>
      w.kind === "string" ? w.value : fail("an example list holds strings only"),
    );
  }
  if (example.kind !== "string") return fail("an example is a string or a list of strings");
  const words = shellParse(example.value, (name) => `$${name}`);
  const argv = words.map((w) => (typeof w === "string" ? w : fail("an example must be a plain command")));
  if (argv.length === 0) fail("an example must not be empty");
  return argv;
}
