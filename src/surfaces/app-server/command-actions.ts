// A command's `commandActions`, as Codex 0.169 names what a command does so a client can show "Read
// README.md" or "List files" instead of the command line: a shell script's plain commands, each a `read`
// (cat, head, tail, nl, sed -n), a `listFiles` (ls) or a `search` (rg, grep), else `unknown`; a formatting
// command given no file after another command (`| head -1`, `| wc -l`, also after `&&` or `;`) drops out,
// as Codex drops it. A script it cannot read plainly is one
// `unknown` action: the script itself.
import { homedir } from "node:os";
import { basename, isAbsolute, join } from "node:path";
import { parsePlainCommands, shellScriptOf } from "../../sandbox/shell-script.js";
import type { CommandAction } from "../../protocol/app-server/v2/items.js";

const READERS = new Set(["cat", "head", "tail", "nl", "sed"]);
const SEARCHERS = new Set(["rg", "grep"]);
/** Commands that only reshape what they read: no action of their own after another command, given no file. */
const FORMATTERS = new Set(["head", "tail", "wc", "sort", "uniq", "cut", "tr", "nl"]);
/** Flags of these commands that take the next word as their value. */
const VALUE_FLAGS: Record<string, Set<string>> = {
  head: new Set(["-n", "-c"]),
  tail: new Set(["-n", "-c"]),
  sed: new Set(["-e"]),
  rg: new Set(["-g", "--glob", "-t", "--type", "-m", "--max-count", "-A", "-B", "-C", "-e", "--regexp"]),
  grep: new Set(["-e", "--regexp", "-m", "-A", "-B", "-C"]),
  ls: new Set(["-I", "--ignore", "--hide", "-w", "--width"]),
};
/** The flags that give a search its pattern, instead of the first operand. */
const PATTERN_FLAGS = new Set(["-e", "--regexp"]);

/** Words joined as a POSIX shell reads them back (bare when safe, else single-quoted), as Codex shows them. */
function joinWords(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'"'"'`)}'`)).join(" ");
}

export function commandActionsOf(argv: readonly string[], cwd: string): CommandAction[] {
  const script = shellScriptOf(argv);
  const text = script ?? joinWords(argv);
  const commands =
    script === undefined ? [[...argv]] : parsePlainCommands(script)?.map((c) => c.map((w) => w.text));
  if (!commands) return [{ type: "unknown", command: text }];
  const actions = commands.flatMap((words, index) => actionOf(words, cwd, index > 0));
  return actions.length > 0 ? actions : [{ type: "unknown", command: text }];
}

/** The operands of a command: its words after the program, without flags and their values. */
function operands(program: string, words: string[]): string[] {
  const takesValue = VALUE_FLAGS[program] ?? new Set<string>();
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === "--") {
      out.push(...words.slice(i + 1));
      break;
    }
    if (word.startsWith("-") && word !== "-") {
      if (takesValue.has(word)) i++;
      continue;
    }
    out.push(word);
  }
  return out;
}

/** The pattern given by `-e PATTERN` / `--regexp PATTERN` (the first), if any. */
function patternFlag(words: string[]): string | undefined {
  for (let i = 1; i < words.length - 1; i++) if (PATTERN_FLAGS.has(words[i]!)) return words[i + 1];
  return undefined;
}

/** A file operand as a path: relative to the command's folder, `~/` the user's home (the shell expands it). */
function pathOf(file: string, cwd: string): string {
  if (file === "~" || file.startsWith("~/")) return join(homedir(), file.slice(1));
  return isAbsolute(file) ? file : join(cwd, file);
}

function actionOf(words: string[], cwd: string, afterFirst: boolean): CommandAction[] {
  const [program] = words;
  if (program === undefined) return [];
  const command = joinWords(words);
  const args = operands(program, words);
  // `sed -n 1,5p FILE`: the script is the first operand.
  const files = program === "sed" ? args.slice(1) : args;
  if (afterFirst && FORMATTERS.has(program) && files.length === 0) return [];
  if (READERS.has(program) && (program !== "sed" || words.includes("-n")) && files.length === 1) {
    const file = files[0]!;
    return [{ type: "read", command, name: basename(file), path: pathOf(file, cwd) }];
  }
  if (program === "ls") return [{ type: "listFiles", command, path: args[0] ?? null }];
  if (SEARCHERS.has(program) && !words.includes("--files")) {
    // `grep -e PATTERN PATH`: every operand is a path.
    const pattern = patternFlag(words);
    const [query, path] = pattern === undefined ? args : [pattern, args[0]];
    return [{ type: "search", command, query: query ?? null, path: path ?? null }];
  }
  return [{ type: "unknown", command }];
}
