// What the command rules say about one command the model wants to run. A `bash -lc` script is split into
// its simple commands and each is judged; the strictest decision wins. A script that cannot be split is
// not trusted to be what it looks like, so it is asked about whenever a rule forbids or prompts (it could
// hide such a command); with allow rules only, it follows the approval policy as usual.
import type { Policy } from "../../execpolicy/policy.js";
import { strictest, type RuleDecision } from "../../execpolicy/policy.js";
import { shellScriptOf, splitShellScript } from "../../execpolicy/shell-split.js";

export type RuleVerdict =
  | { kind: "none" }
  | { kind: "allow" }
  | { kind: "prompt"; reason: string }
  | { kind: "forbidden"; reason: string }
  | { kind: "unsplittable"; reason: string };

export async function judgeByRules(policy: Policy | undefined, argv: string[]): Promise<RuleVerdict> {
  if (!policy || policy.rules.length === 0) return { kind: "none" };
  const script = shellScriptOf(argv);
  const commands = script === undefined ? [argv] : await splitShellScript(script);
  if (!commands) {
    // A whole-argv rule (e.g. for `bash`) still decides; otherwise the script's parts are unknown.
    const whole = policy.evaluate(argv);
    if (whole.decision) return verdictFor(whole.decision, argv, whole.matchedRules[0]?.prefixRuleMatch);
    if (policy.rules.every((rule) => rule.decision === "allow")) return { kind: "none" };
    return {
      kind: "unsplittable",
      reason: "this script cannot be split into simple commands to check against your command rules",
    };
  }
  let decision: RuleDecision | undefined;
  let allMatched = true;
  let worst: { command: string[]; match?: { matchedPrefix: string[]; justification?: string } } | undefined;
  for (const command of commands) {
    const evaluation = policy.evaluate(command);
    if (!evaluation.decision) {
      allMatched = false;
      continue;
    }
    if (strictest(decision, evaluation.decision) !== decision || worst === undefined) {
      const match = evaluation.matchedRules.find((m) => m.prefixRuleMatch.decision === evaluation.decision);
      worst = { command, ...(match ? { match: match.prefixRuleMatch } : {}) };
    }
    decision = strictest(decision, evaluation.decision);
  }
  if (decision === undefined || !worst) return { kind: "none" };
  // `allow` lets a command skip the sandbox only when every part of it is allowed.
  if (decision === "allow" && !allMatched) return { kind: "none" };
  return verdictFor(decision, worst.command, worst.match);
}

function verdictFor(
  decision: RuleDecision,
  command: string[],
  match: { matchedPrefix: string[]; justification?: string } | undefined,
): RuleVerdict {
  if (decision === "allow") return { kind: "allow" };
  const prefix = (match?.matchedPrefix ?? command).join(" ");
  const why = match?.justification ? `: ${match.justification}` : "";
  return decision === "forbidden"
    ? { kind: "forbidden", reason: `forbidden by a command rule for \`${prefix}\`${why}` }
    : { kind: "prompt", reason: `a command rule asks for approval of \`${prefix}\`${why}` };
}
