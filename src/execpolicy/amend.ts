// "Approve commands like this": the prefix proposed for a command, and the allow rule written for it to the
// user's rules file, so the choice survives restarts (as Codex writes ~/.codex/rules/default.rules).
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { PrefixRule } from "./policy.js";
import { shellScriptOf, splitShellScript } from "./shell-split.js";

// A word that reads as a subcommand (`push`, `run-script`), not a path, flag or value.
const SUBCOMMAND = /^[a-z][a-z0-9-]*$/;

/** The simple commands of an argv (a `bash -lc` script split), or undefined when it cannot be split. */
export async function simpleCommands(argv: string[]): Promise<string[][] | undefined> {
  const script = shellScriptOf(argv);
  return script === undefined ? [argv] : splitShellScript(script);
}

/** A command's family: its program and, when the next word reads as a subcommand, that word. */
export function prefixOf(command: string[]): string[] {
  const [program, next] = command;
  if (program === undefined) return [];
  return next !== undefined && SUBCOMMAND.test(next) ? [program, next] : [program];
}

/**
 * The rule offered for a command, as Codex offers it: the script's first simple command, whole (`touch
 * made.txt`, not `touch`), or the whole argv (`bash -lc SCRIPT`) when the script cannot be split.
 */
export async function proposeAmendment(argv: string[]): Promise<string[] | undefined> {
  const commands = await simpleCommands(argv);
  const proposed = commands === undefined ? argv : commands[0];
  return proposed && proposed.length > 0 ? proposed : undefined;
}

export function allowRuleText(prefix: string[]): string {
  return `prefix_rule(pattern = ${JSON.stringify(prefix)}, decision = "allow")\n`;
}

/** Appends an allow rule to a rules file (created when missing) and returns the rule as loaded. */
export function appendAllowRule(file: string, prefix: string[]): PrefixRule {
  // Control characters would not survive the rules file's string syntax.
  const bad = (w: unknown) => typeof w !== "string" || w === "" || [...w].some((c) => c.charCodeAt(0) < 0x20);
  if (prefix.length === 0 || prefix.some(bad)) {
    throw new Error("an execpolicy amendment is a non-empty list of non-empty words");
  }
  mkdirSync(dirname(file), { recursive: true });
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  const separator = before === "" || before.endsWith("\n") ? "" : "\n";
  const line = before.split("\n").length + (separator ? 1 : 0);
  appendFileSync(file, separator + allowRuleText(prefix));
  return { pattern: prefix.map((w) => [w]), decision: "allow", file, line };
}
