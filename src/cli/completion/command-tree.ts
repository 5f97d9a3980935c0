// The command line as completion scripts need it, read from the commander program itself: every visible
// command (with its aliases), option (does it take a value, from which choices) and argument choices. The
// scripts (bash.ts, zsh.ts, fish.ts) are generated from this tree, so a new command or option completes
// without anyone touching them.
import type { Command } from "commander";

export interface CompletionOption {
  /** `-s`, `--sandbox`: every spelling. */
  flags: string[];
  takesValue: boolean;
  choices?: readonly string[];
  description: string;
}

export interface CompletionCommand {
  /** The command's words from the program's name: `codex-ts exec resume`; a key the scripts dispatch on. */
  path: string;
  /** The name and aliases it is typed as. */
  names: string[];
  description: string;
  options: CompletionOption[];
  commands: CompletionCommand[];
  /** The values its first positional argument takes, when commander knows them (`completion [shell]`). */
  argumentChoices?: readonly string[];
}

export function commandTree(cmd: Command, parentPath?: string): CompletionCommand {
  const help = cmd.createHelp();
  const path = parentPath === undefined ? cmd.name() : `${parentPath} ${cmd.name()}`;
  const options = help.visibleOptions(cmd).map((opt): CompletionOption => ({
    flags: [opt.short, opt.long].filter((f): f is string => f !== undefined),
    takesValue: opt.required || opt.optional,
    ...(opt.argChoices ? { choices: opt.argChoices } : {}),
    description: opt.description,
  }));
  const choices = cmd.registeredArguments[0]?.argChoices;
  return {
    path,
    names: [cmd.name(), ...cmd.aliases()],
    description: cmd.description(),
    options,
    commands: help.visibleCommands(cmd).map((sub) => commandTree(sub, path)),
    ...(choices ? { argumentChoices: choices } : {}),
  };
}

/** Every command of the tree, the root first. */
export function allCommands(root: CompletionCommand): CompletionCommand[] {
  return [root, ...root.commands.flatMap(allCommands)];
}

/** The flags of a command that take a value (the walk over typed words skips the value after one). */
export function valueFlags(cmd: CompletionCommand): string[] {
  return cmd.options.filter((o) => o.takesValue).flatMap((o) => o.flags);
}
