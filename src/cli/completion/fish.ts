// `codex-ts completion fish`: fish completions for the program tree (command-tree.ts). A helper walks the
// typed words as bash.ts does and names the command being completed; each subcommand, option and choice is
// a `complete` line conditioned on that command.
import { allCommands, valueFlags, type CompletionCommand } from "./command-tree.js";

/** A word as a fish single-quoted string (fish escapes `\\` and `'` inside one). */
function fishQuote(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function fishCompletion(root: CompletionCommand): string {
  const cmds = allCommands(root);
  const prefix = `__${root.path.replace(/[^A-Za-z0-9_]/g, "_")}`;
  const program = fishQuote(root.path);
  const transitions = cmds.flatMap((cmd) =>
    cmd.commands.map(
      (sub) =>
        `            case ${sub.names.map((n) => fishQuote(`${cmd.path},${n}`)).join(" ")}\n                set cmd ${fishQuote(sub.path)}`,
    ),
  );
  const valueOptions = cmds.flatMap((cmd) => valueFlags(cmd).map((f) => fishQuote(`${cmd.path},${f}`)));
  const lines: string[] = [];
  for (const cmd of cmds) {
    const when = fishQuote(`${prefix}_is ${fishQuote(cmd.path)}`);
    for (const sub of cmd.commands) {
      for (const name of sub.names) {
        lines.push(
          `complete -c ${program} -f -n ${when} -a ${fishQuote(name)} -d ${fishQuote(oneLine(sub.description))}`,
        );
      }
    }
    if (cmd.argumentChoices) {
      lines.push(`complete -c ${program} -f -n ${when} -a ${fishQuote(cmd.argumentChoices.join(" "))}`);
    }
    for (const opt of cmd.options) {
      const spellings = opt.flags.map((f) => (f.startsWith("--") ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`));
      const value = opt.choices ? ` -x -a ${fishQuote(opt.choices.join(" "))}` : opt.takesValue ? " -r" : "";
      lines.push(
        `complete -c ${program} -n ${when} ${spellings.join(" ")}${value} -d ${fishQuote(oneLine(opt.description))}`,
      );
    }
  }
  return `# fish completion for ${root.path}: save it as ~/.config/fish/completions/${root.path}.fish, or
# \`${root.path} completion fish | source\`.
set -g ${prefix}_value_options \\
${valueOptions.map((o) => `    ${o}`).join(" \\\n")}

# The command being completed: the program's words walked so far, as "${root.path} exec resume".
function ${prefix}_command
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cmd ${program}
    set -l skip 0
    for word in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch "$cmd,$word"
${transitions.join("\n")}
            case '*'
                if contains -- "$cmd,$word" $${prefix}_value_options
                    set skip 1
                end
        end
    end
    echo $cmd
end

function ${prefix}_is
    test (${prefix}_command) = "$argv[1]"
end

complete -c ${program} -e
${lines.join("\n")}
`;
}
