// `codex-ts --strict-config COMMAND`: the root's `--strict-config` goes to the commands that check a config
// (the ones with the option of their own); any other refuses it, as Codex 0.169 does ("`--strict-config` is
// not supported for `codex mcp`", exit 1), rather than take it and do nothing with it.
import type { Command } from "commander";
import { isAbsentCommand } from "./absent-commands.js";

function takesStrictConfig(cmd: Command): boolean {
  return cmd.options.some((option) => option.attributeName() === "strictConfig");
}

/** The command as Codex names it: the top-level one, and the whole path under `app-server`. */
function codexName(program: Command, cmd: Command): string {
  const path: string[] = [];
  for (let at: Command | null = cmd; at && at !== program; at = at.parent) path.unshift(at.name());
  return path[0] === "app-server" ? path.join(" ") : (path[0] ?? "");
}

/** Called before each action: passes the root's flag on, or refuses it (undefined: the action may run). */
export function rootStrictConfig(program: Command, action: Command): string | undefined {
  if (program.getOptionValueSource("strictConfig") !== "cli" || action === program) return undefined;
  if (takesStrictConfig(action)) {
    // `app-server` reads only its own flags; the root's counts as given to it.
    if (action.getOptionValueSource("strictConfig") !== "cli") {
      action.setOptionValueWithSource("strictConfig", true, "cli");
    }
    return undefined;
  }
  const name = codexName(program, action);
  // A Codex command codex-ts does not have says so itself.
  if (isAbsentCommand(name)) return undefined;
  return `Error: \`--strict-config\` is not supported for \`codex ${name}\`\n`;
}
