// `codex-ts completion bash`: a bash completion function for the program tree (command-tree.ts). It walks
// the words typed before the cursor to find the command being completed (skipping the value after an
// option that takes one), then offers that command's subcommands, or its options after a `-`, or the
// choices of the option or argument before the cursor. Nothing offered: bash completes file names.
import { allCommands, valueFlags, type CompletionCommand } from "./command-tree.js";

/** A word as a bash single-quoted string. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The shell function's name: the program's name with what a name may not hold made `_`. */
export function functionName(program: string): string {
  return `_${program.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

function transitions(cmds: CompletionCommand[]): string[] {
  const lines: string[] = [];
  for (const cmd of cmds) {
    for (const sub of cmd.commands) {
      const patterns = sub.names.map((n) => shellQuote(`${cmd.path},${n}`)).join("|");
      lines.push(`            ${patterns}) cmd=${shellQuote(sub.path)} ;;`);
    }
  }
  return lines;
}

function valueOptionCases(cmds: CompletionCommand[]): string[] {
  return cmds
    .filter((cmd) => valueFlags(cmd).length > 0)
    .map((cmd) => `        ${shellQuote(cmd.path)}) valopts=${shellQuote(valueFlags(cmd).join(" "))} ;;`);
}

function choiceCases(cmds: CompletionCommand[]): string[] {
  const lines: string[] = [];
  for (const cmd of cmds) {
    for (const opt of cmd.options) {
      if (!opt.choices) continue;
      const patterns = opt.flags.map((f) => shellQuote(`${cmd.path},${f}`)).join("|");
      lines.push(
        `        ${patterns}) COMPREPLY=( $(compgen -W ${shellQuote(opt.choices.join(" "))} -- "$cur") ); return 0 ;;`,
      );
    }
  }
  return lines;
}

function wordCases(cmds: CompletionCommand[]): string[] {
  return cmds.map((cmd) => {
    const subcommands = cmd.commands.flatMap((c) => c.names);
    const words = [...subcommands, ...(cmd.argumentChoices ?? [])].join(" ");
    const flags = cmd.options.flatMap((o) => o.flags).join(" ");
    return `        ${shellQuote(cmd.path)}) words=${shellQuote(words)}; opts=${shellQuote(flags)} ;;`;
  });
}

export function bashCompletion(root: CompletionCommand): string {
  const cmds = allCommands(root);
  const fn = functionName(root.path);
  return `# bash completion for ${root.path}: source it (\`source <(${root.path} completion bash)\`) or save it in
# ~/.local/share/bash-completion/completions/${root.path}.
${fn}() {
    local cur prev word cmd valopts words opts i
    COMPREPLY=()
    cur="\${COMP_WORDS[COMP_CWORD]}"
    prev=""
    cmd=${shellQuote(root.path)}
    i=1
    while [[ $i -lt $COMP_CWORD ]]; do
        word="\${COMP_WORDS[i]}"
        case "$cmd,$word" in
${transitions(cmds).join("\n")}
            *)
                valopts=""
                case "$cmd" in
${valueOptionCases(cmds)
  .map((l) => `        ${l}`)
  .join("\n")}
                esac
                if [[ " $valopts " == *" $word "* ]]; then
                    i=$((i + 1))
                    [[ $i -eq $COMP_CWORD ]] && prev="$word"
                fi
                ;;
        esac
        i=$((i + 1))
    done
    if [[ -n "$prev" ]]; then
        case "$cmd,$prev" in
${choiceCases(cmds).join("\n")}
        esac
        return 0
    fi
    words=""
    opts=""
    case "$cmd" in
${wordCases(cmds).join("\n")}
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
    elif [[ -n "$words" ]]; then
        COMPREPLY=( $(compgen -W "$words" -- "$cur") )
    fi
    return 0
}
complete -F ${fn} -o bashdefault -o default ${root.path}
`;
}
