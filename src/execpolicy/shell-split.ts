// Splits `bash -lc "a && b | c"` into the simple commands it runs, with tree-sitter's bash grammar (the
// parser Codex uses). Only plain words joined by &&, ||, ;, | are split; anything else (substitutions,
// redirections, variables, globs, subshells...) returns undefined so the caller judges the script as a whole.
import { createRequire } from "node:module";
import { basename } from "node:path";
import { setFlagsFromString } from "node:v8";
import { Language, Parser, type Node } from "web-tree-sitter";

const require = createRequire(import.meta.url);
let parserPromise: Promise<Parser> | undefined;

function bashParser(): Promise<Parser> {
  parserPromise ??= (async () => {
    // The grammar's lexer is one huge wasm function that V8 would recompile with TurboFan once it runs hot
    // (about 0.5 s of a core, seconds on a busy machine), and a process cannot exit until that background
    // compile ends: every surface then lingered after its input closed. Liftoff's code is plenty for
    // command-line-sized scripts.
    setFlagsFromString("--liftoff-only");
    await Parser.init();
    const language = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  return parserPromise;
}

const SHELLS = new Set(["bash", "sh", "zsh"]);

/** The script of `bash -lc SCRIPT` / `sh -c SCRIPT`, or undefined for any other argv. */
export function shellScriptOf(argv: readonly string[]): string | undefined {
  if (argv.length !== 3 || !SHELLS.has(basename(argv[0]!))) return undefined;
  return argv[1] === "-c" || argv[1] === "-lc" ? argv[2] : undefined;
}

const JOINERS = new Set(["program", "list", "pipeline"]);
const SEPARATORS = new Set(["&&", "||", ";", "|", "\n"]);

function wordOf(node: Node): string | undefined {
  switch (node.type) {
    case "word":
    case "number":
      return /[*?[\]{}~]/.test(node.text) ? undefined : node.text.replace(/\\(.)/g, "$1");
    case "raw_string":
      return node.text.slice(1, -1);
    case "string": {
      const parts = node.namedChildren;
      if (parts.some((p) => p === null || p.type !== "string_content")) return undefined;
      return parts.map((p) => p!.text).join("");
    }
    case "command_name":
      return node.namedChildCount === 1 ? wordOf(node.namedChild(0)!) : undefined;
    default:
      return undefined;
  }
}

function collect(node: Node, out: string[][]): boolean {
  if (node.type === "command") {
    const words: string[] = [];
    for (const child of node.namedChildren) {
      const word = child ? wordOf(child) : undefined;
      if (word === undefined) return false;
      words.push(word);
    }
    out.push(words);
    return words.length > 0;
  }
  if (!JOINERS.has(node.type)) return false;
  for (const child of node.children) {
    if (!child) return false;
    if (child.isNamed) {
      if (child.type === "comment") continue;
      if (!collect(child, out)) return false;
    } else if (!SEPARATORS.has(child.type)) {
      return false;
    }
  }
  return true;
}

/** The simple commands a script runs, or undefined when it cannot be split safely. */
export async function splitShellScript(script: string): Promise<string[][] | undefined> {
  const parser = await bashParser();
  const tree = parser.parse(script);
  if (!tree) return undefined;
  try {
    if (tree.rootNode.hasError) return undefined;
    const out: string[][] = [];
    return collect(tree.rootNode, out) && out.length > 0 ? out : undefined;
  } finally {
    tree.delete();
  }
}
