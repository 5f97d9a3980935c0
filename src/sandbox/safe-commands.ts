// Commands the `untrusted` approval policy may run without asking: read-only programs whose
// arguments cannot make them write files or run other programs.
import { parsePlainCommands, shellScriptOf, type ShellWord } from "./shell-script.js";

type ArgsCheck = (args: readonly string[]) => boolean;

/** Read-only whatever their arguments, so a wildcard expanding to `-something` is harmless too. */
// prettier-ignore
const SAFE_WITH_ANY_ARGS = new Set([
  "ls", "cat", "head", "tail", "wc", "pwd", "echo", "true", "false", "grep", "nl", "cut", "tr",
  "stat", "which", "whoami", "uname", "printenv", "du", "df",
]);

/** Safe only with some arguments; each check names what it refuses and why. */
const CHECKED: Record<string, ArgsCheck> = {
  // --pre / --search-zip / --hostname-bin make ripgrep run other programs.
  rg: (args) =>
    noLongOption(args, ["pre", "pre-glob", "search-zip", "hostname-bin"]) &&
    noShortLetter(args, "z", "ABCEefgjMmrTt"),
  find: (args) => !args.some((arg) => FIND_ACTIONS.has(arg) || arg.startsWith("-fprint")),
  git: gitIsSafe,
  // Only `sed -n <N>p` / `sed -n <N>,<M>p`: other scripts can write (`w`) or run commands (`e`).
  sed: (args) =>
    args[0] === "-n" &&
    /^\d+(,\d+)?p$/.test(args[1] ?? "") &&
    args.slice(2).every((arg) => !arg.startsWith("-")),
  // -o writes a file; --compress-program runs one.
  sort: (args) => noLongOption(args, ["output", "compress-program"]) && noShortLetter(args, "o", "kotST"),
  // A second operand is an output file.
  uniq: (args) => operandCount(args, ["-f", "-s", "-w"]) <= 1,
  // -C compiles a magic file, writing it next to the input.
  file: (args) => noLongOption(args, ["compile"]) && noShortLetter(args, "C", ""),
  // -s / --set changes the system clock (possible when running as root).
  date: (args) => noLongOption(args, ["set"]) && noShortLetter(args, "s", "dfrI"),
  env: (args) => args.length === 0,
  // -o writes the listing to a file; -R (with -H) writes 00Tree.html into every directory.
  tree: (args) => noShortLetter(args, "o", "") && noShortLetter(args, "R", ""),
};

const FIND_ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls"]);

const GIT_READ_ONLY_SUBCOMMANDS = new Set(["status", "log", "diff", "show", "branch"]);

/** `git branch` flags that only list; anything else (-d, -D, -m, -c, -u, a bare name...) changes refs. */
// prettier-ignore
const GIT_BRANCH_LISTING_FLAGS = new Set([
  "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "-l", "--list", "--show-current",
  "--no-color", "--color", "--no-column", "--column", "-i", "--ignore-case", "--omit-empty",
]);
// prettier-ignore
const GIT_BRANCH_FLAGS_WITH_VALUE = new Set([
  "--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format",
]);

function gitIsSafe(args: readonly string[]): boolean {
  const [subcommand, ...rest] = args;
  // Global options (-c, --exec-path, --git-dir...) can run programs, so the subcommand must come first.
  if (subcommand === undefined || !GIT_READ_ONLY_SUBCOMMANDS.has(subcommand)) return false;
  // --output writes a file; external diff and textconv drivers run programs.
  if (!noLongOption(rest, ["output", "ext-diff", "textconv"])) return false;
  return subcommand === "branch" ? gitBranchOnlyLists(rest) : true;
}

function gitBranchOnlyLists(args: readonly string[]): boolean {
  const listing = args.includes("-l") || args.includes("--list");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const flag = arg.split("=")[0] as string;
    if (GIT_BRANCH_LISTING_FLAGS.has(arg) || arg.startsWith("--color=") || arg.startsWith("--column=")) {
      continue;
    }
    if (GIT_BRANCH_FLAGS_WITH_VALUE.has(flag)) {
      if (flag === arg && args[i + 1] !== undefined && !args[i + 1]?.startsWith("-")) i++;
      continue;
    }
    // A bare word is a pattern with --list, otherwise the name of a branch to create.
    if (!arg.startsWith("-") && listing) continue;
    return false;
  }
  return true;
}

/**
 * False when a long option names (or abbreviates, as GNU getopt accepts unambiguous prefixes) one of
 * `names`. Options after `--` are operands.
 */
function noLongOption(args: readonly string[], names: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === "--") return true;
    if (!arg.startsWith("--")) continue;
    const name = arg.slice(2).split("=")[0] as string;
    if (names.some((dangerous) => dangerous.startsWith(name))) return false;
  }
  return true;
}

/**
 * False when `letter` appears as an option in a short-option cluster (`-uo`), reading each cluster
 * up to the first letter in `lettersWithValue` (the rest of the cluster is that option's value).
 */
function noShortLetter(args: readonly string[], letter: string, lettersWithValue: string): boolean {
  for (const arg of args) {
    if (arg === "--") return true;
    if (!arg.startsWith("-") || arg.startsWith("--") || arg === "-") continue;
    for (const ch of arg.slice(1)) {
      if (ch === letter) return false;
      if (lettersWithValue.includes(ch)) break;
    }
  }
  return true;
}

function operandCount(args: readonly string[], flagsWithValue: readonly string[]): number {
  let count = 0;
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!optionsEnded && arg === "--") optionsEnded = true;
    else if (!optionsEnded && flagsWithValue.includes(arg)) i++;
    else if (optionsEnded || !arg.startsWith("-") || arg === "-") count++;
  }
  return count;
}

function isSafeWords(words: readonly ShellWord[]): boolean {
  const [program, ...args] = words;
  if (program === undefined || program.glob) return false;
  if (SAFE_WITH_ANY_ARGS.has(program.text)) return true;
  const check = CHECKED[program.text];
  if (check === undefined) return false;
  // A wildcard could expand to a file named like an option (`-delete`, `-ofile`); only one that
  // starts with a literal, non-dash character is sure to stay an operand. uniq counts operands.
  const globsAreOperands = args.every(
    (arg) => !arg.glob || (program.text !== "uniq" && /^[^-*?[]/.test(arg.text)),
  );
  return globsAreOperands && check(args.map((arg) => arg.text));
}

/** True when running `argv` cannot change anything: see the tables above for what counts. */
export function isKnownSafeCommand(argv: readonly string[]): boolean {
  const script = shellScriptOf(argv);
  if (script === undefined) return isSafeWords(argv.map((text) => ({ text, glob: false })));
  const commands = parsePlainCommands(script);
  return commands !== undefined && commands.every(isSafeWords);
}
