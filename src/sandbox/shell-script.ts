// Turns `bash -lc "<script>"` into its plain commands, or refuses when the script does anything
// beyond plain words joined by `&&`, `||`, `;` and `|`. Used only to decide "known safe", so when in
// doubt it refuses: a refusal costs an approval prompt, a wrong yes runs a command unasked.
import { parse } from "shell-quote";

/** One shell word: `glob` when unquoted wildcards make its final text depend on the filesystem. */
export interface ShellWord {
  text: string;
  glob: boolean;
}

const SHELLS = new Set(["bash", "sh", "zsh"].flatMap((name) => [name, `/bin/${name}`, `/usr/bin/${name}`]));
const COMMAND_FLAGS = new Set(["-c", "-lc"]);
const JOINING_OPERATORS = new Set(["&&", "||", ";", "|"]);

/** The script of `[shell, "-c" | "-lc", script]`, or undefined when argv is not that form. */
export function shellScriptOf(argv: readonly string[]): string | undefined {
  const [shell, flag, script, ...rest] = argv;
  if (shell === undefined || flag === undefined || script === undefined || rest.length > 0) return undefined;
  return SHELLS.has(shell) && COMMAND_FLAGS.has(flag) ? script : undefined;
}

/**
 * Why the script's raw text is refused, or undefined when it only uses syntax `shell-quote` reads the
 * same way the shell does. shell-quote keeps backticks and `a#b` differently from bash and treats a
 * newline as a space, so those are caught here, before parsing.
 */
export function unsafeShellSyntax(script: string): string | undefined {
  if (/[\n\r]/.test(script)) return "multi-line script";
  let state: "plain" | "single" | "double" = "plain";
  for (let i = 0; i < script.length; i++) {
    const ch = script[i];
    const next = script[i + 1];
    if (state === "single") {
      if (ch === "'") state = "plain";
      continue;
    }
    if (ch === "\\") {
      i++; // The escaped character is literal in both quoting states.
      continue;
    }
    if (ch === "`") return "command substitution";
    // A bare `$` before a space, a closing quote or the end stays literal; anything else expands.
    if (ch === "$" && !(next === undefined || /\s/.test(next) || (state === "double" && next === '"'))) {
      return "expansion";
    }
    if (state === "double") {
      if (ch === '"') state = "plain";
      continue;
    }
    if (ch === "'") state = "single";
    else if (ch === '"') state = "double";
    else if (ch === "(" || ch === ")") return "subshell or substitution";
    else if (ch === "{" || ch === "}") return "brace group or expansion";
    else if (ch === "<" || ch === ">") return "redirection";
    else if (ch === "#") return "comment";
    else if (ch === "[") return "bracket glob";
    else if (ch === "&") {
      if (next !== "&") return "background or redirection";
      i++;
    } else if (ch === "|" && next === "&") return "stderr pipe";
    else if (ch === ";" && (next === ";" || next === "&")) return "case terminator";
  }
  return state === "plain" ? undefined : "unterminated quote";
}

/** The commands of a script joined by `&&`, `||`, `;` or `|`; undefined when it is anything more. */
export function parsePlainCommands(script: string): ShellWord[][] | undefined {
  if (unsafeShellSyntax(script) !== undefined) return undefined;
  const commands: ShellWord[][] = [[]];
  // Only a literal `$` can reach the parser (expansions were refused above); keep it as text.
  for (const token of parse(script, (name) => `$${name}`)) {
    const current = commands[commands.length - 1] as ShellWord[];
    if (typeof token === "string") {
      current.push({ text: token, glob: false });
    } else if ("op" in token && token.op === "glob") {
      current.push({ text: token.pattern, glob: true });
    } else if ("op" in token && JOINING_OPERATORS.has(token.op)) {
      if (current.length === 0) return undefined;
      commands.push([]);
    } else {
      return undefined;
    }
  }
  return commands.every((command) => command.length > 0) ? commands : undefined;
}
