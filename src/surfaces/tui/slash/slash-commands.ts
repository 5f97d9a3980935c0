// The `/` commands: their names, what the menu says about them, and how typed text matches them. Commands
// that depend on work not done yet are listed with the reason, so wiring one later is one handler away.

import { fuzzyFilter } from "../../../files/fuzzy.js";

export interface SlashCommand {
  name: string;
  description: string;
  /** Why the command cannot run in this version; such commands stay out of the menu. */
  unavailable?: string;
}

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: "model", description: "choose the model and reasoning effort" },
  { name: "approvals", description: "choose what codex-ts may do without asking" },
  { name: "new", description: "start a new session" },
  { name: "diff", description: "show the git diff of the working tree (with untracked files)" },
  { name: "status", description: "show the session's settings, token usage and thread id" },
  { name: "init", description: "create an AGENTS.md file with instructions for codex-ts" },
  { name: "resume", description: "resume an earlier session of this directory" },
  { name: "fork", description: "continue in a new thread holding all of this one" },
  { name: "rollback", description: "drop the last N turns (1 when not given): /rollback [N]" },
  { name: "compact", description: "summarise the conversation to free context" },
  {
    name: "review",
    description: "review uncommitted changes; /review --base BRANCH, --commit SHA, or instructions",
  },
  { name: "quit", description: "exit codex-ts" },
  { name: "skills", description: "list the skills of this directory (use one with $name)" },
  { name: "hooks", description: "list this directory's hooks and trust them: /hooks trust N|all" },
  {
    name: "plugins",
    description: "list plugins and their install state; /plugins add|remove NAME@MARKETPLACE",
  },
];

const ALIASES: Record<string, string> = { exit: "quit" };

/** The commands the menu offers for what was typed after `/`: prefix, then substring, then fuzzy matches. */
export function menuMatches(typed: string): SlashCommand[] {
  const query = typed.toLowerCase();
  const usable = SLASH_COMMANDS.filter((c) => !c.unavailable);
  const prefix = usable.filter((c) => c.name.startsWith(query));
  const inside = usable.filter((c) => !c.name.startsWith(query) && c.name.includes(query));
  // Then commands whose letters appear in order with gaps (`/rvw` finds review), best first.
  const taken = new Set([...prefix, ...inside].map((c) => c.name));
  const rest = usable.filter((c) => !taken.has(c.name));
  const fuzzy = fuzzyFilter(
    query,
    rest.map((c) => c.name),
    rest.length,
  ).map((m) => m.text);
  const byName = new Map(rest.map((c) => [c.name, c]));
  return [...prefix, ...inside, ...fuzzy.flatMap((name) => byName.get(name) ?? [])];
}

/** The menu's query while the composer holds only `/word` (no space, one line); otherwise undefined. */
export function slashQuery(text: string): string | undefined {
  const m = /^\/(\S*)$/.exec(text);
  return m ? (m[1] ?? "") : undefined;
}

export interface ParsedSlash {
  command: SlashCommand | undefined;
  name: string;
  args: string;
}

/** `/name args` sent from the composer; undefined when the text is not a command. */
export function parseSlash(text: string): ParsedSlash | undefined {
  const m = /^\/([\w-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return undefined;
  const typed = (m[1] ?? "").toLowerCase();
  const name = ALIASES[typed] ?? typed;
  return { command: SLASH_COMMANDS.find((c) => c.name === name), name, args: (m[2] ?? "").trim() };
}
