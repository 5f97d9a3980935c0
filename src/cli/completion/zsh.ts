// `codex-ts completion zsh`: a zsh completion function for the program tree (command-tree.ts), the same
// walk as bash.ts's, offering each word with its description. Works from $fpath (`#compdef`) or sourced.
import { shellQuote, functionName } from "./bash.js";
import { allCommands, valueFlags, type CompletionCommand } from "./command-tree.js";

/** `word:description` for _describe: a colon in the word is escaped, the description kept to one line. */
function described(word: string, description: string): string {
  const line = description.replace(/\s+/g, " ").trim();
  return shellQuote(`${word.replace(/:/g, "\\:")}${line ? `:${line}` : ""}`);
}

function transitions(cmds: CompletionCommand[]): string[] {
  return cmds.flatMap((cmd) =>
    cmd.commands.map((sub) => {
      const patterns = sub.names.map((n) => shellQuote(`${cmd.path},${n}`)).join("|");
      return `      (${patterns}) cmd=${shellQuote(sub.path)} ;;`;
    }),
  );
}

function valueOptionCases(cmds: CompletionCommand[]): string[] {
  return cmds
    .filter((cmd) => valueFlags(cmd).length > 0)
    .map((cmd) => `          (${shellQuote(cmd.path)}) valopts=(${valueFlags(cmd).join(" ")}) ;;`);
}

function choiceCases(cmds: CompletionCommand[]): string[] {
  return cmds.flatMap((cmd) =>
    cmd.options
      .filter((opt) => opt.choices)
      .map((opt) => {
        const patterns = opt.flags.map((f) => shellQuote(`${cmd.path},${f}`)).join("|");
        const values = (opt.choices ?? []).map(shellQuote).join(" ");
        return `      (${patterns}) compadd -- ${values}; return ;;`;
      }),
  );
}

function wordCases(cmds: CompletionCommand[]): string[] {
  return cmds.map((cmd) => {
    const subcommands = cmd.commands.flatMap((c) => c.names.map((n) => described(n, c.description)));
    const choices = (cmd.argumentChoices ?? []).map((c) => described(c, ""));
    const options = cmd.options.flatMap((o) => o.flags.map((f) => described(f, o.description)));
    return `    (${shellQuote(cmd.path)}) cands=(${[...subcommands, ...choices].join(" ")}); opts=(${options.join(" ")}) ;;`;
  });
}

export function zshCompletion(root: CompletionCommand): string {
  const cmds = allCommands(root);
  const fn = functionName(root.path);
  return `#compdef ${root.path}
# zsh completion for ${root.path}: save it as ${fn} in a directory of $fpath, or source it
# (\`source <(${root.path} completion zsh)\`) after compinit.
${fn}() {
  local cmd=${shellQuote(root.path)} word prev=""
  local -a valopts cands opts
  local -i i=2
  while (( i < CURRENT )); do
    word=\${words[i]}
    case "$cmd,$word" in
${transitions(cmds).join("\n")}
      (*)
        valopts=()
        case "$cmd" in
${valueOptionCases(cmds).join("\n")}
        esac
        if (( \${valopts[(Ie)$word]} )); then
          (( i++ ))
          (( i == CURRENT )) && prev=$word
        fi
        ;;
    esac
    (( i++ ))
  done
  if [[ -n $prev ]]; then
    case "$cmd,$prev" in
${choiceCases(cmds).join("\n")}
    esac
    _files
    return
  fi
  cands=()
  opts=()
  case "$cmd" in
${wordCases(cmds).join("\n")}
  esac
  if [[ $PREFIX == -* ]]; then
    _describe -t options option opts
  elif (( \${#cands} )); then
    _describe -t commands command cands
  else
    _files
  fi
}

if [[ "$funcstack[1]" == ${fn} ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${root.path}
fi
`;
}
