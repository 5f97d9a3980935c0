// `codex-ts execpolicy check --rules FILE -- cmd args`: the decision of the given rules files for one
// command, as JSON in Codex's shape. A bad rules file prints its position and exits 1.
import { loadRulesFiles } from "../../execpolicy/load.js";
import { RulesSyntaxError } from "../../execpolicy/starlark.js";

export interface ExecpolicyCheckFlags {
  rules: string[];
  pretty?: boolean;
}

export function runExecpolicyCheck(command: string[], flags: ExecpolicyCheckFlags): number {
  if (flags.rules.length === 0) {
    process.stderr.write("execpolicy check: give at least one --rules FILE\n");
    return 2;
  }
  if (command.length === 0) {
    process.stderr.write("execpolicy check: give the command to check after --\n");
    return 2;
  }
  let policy;
  try {
    policy = loadRulesFiles(flags.rules);
  } catch (err) {
    const message =
      err instanceof RulesSyntaxError
        ? err.message
        : `cannot read rules: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(`${message}\n`);
    return 1;
  }
  const evaluation = policy.evaluate(command);
  process.stdout.write(`${JSON.stringify(evaluation, null, flags.pretty ? 2 : undefined)}\n`);
  return 0;
}
