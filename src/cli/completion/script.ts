// The completion script of one shell for a program, from its command tree.
import type { Command } from "commander";
import { bashCompletion } from "./bash.js";
import { commandTree } from "./command-tree.js";
import { fishCompletion } from "./fish.js";
import { zshCompletion } from "./zsh.js";

const GENERATORS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };

export function completionScript(shell: keyof typeof GENERATORS, program: Command): string {
  return GENERATORS[shell](commandTree(program));
}
