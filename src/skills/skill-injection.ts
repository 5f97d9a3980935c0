// Skills a user asked for in a turn: `skill` input items (`{name, path}`) and `$name` mentions of an available
// skill in the text. Each one's body goes into the conversation as a `<skill>` message after the user's
// message. A skill that cannot be read is a warning, never a failed turn.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { SkillMetadata } from "../protocol/core-protocol.js";
import type { MessageItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import type { UserInputItem } from "../protocol/user-input.js";
import { parseSkillFile } from "./skill-file.js";

export interface SkillInjections {
  /** `<skill>` messages, one per skill, in the order the user asked for them. */
  messages: MessageItem[];
  warnings: string[];
}

/** `$name` where name is a run of skill-name characters not preceded by a word character or `$`. */
const MENTION = /(?<![\w$])\$([A-Za-z0-9_][\w.:-]*)/g;

/** Skill names mentioned as `$name` in `text`, in order, keeping only names of available skills. */
export function mentionedSkillNames(text: string, available: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const token = match[1] ?? "";
    // "$deploy." at the end of a sentence names `deploy`.
    const name = available.has(token) ? token : token.replace(/[.:-]+$/, "");
    if (available.has(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

export function collectSkillInjections(
  input: readonly UserInputItem[],
  available: readonly SkillMetadata[],
  cwd: string,
): SkillInjections {
  const wanted: Array<{ name: string; path: string }> = [];
  for (const item of input) {
    if (item.type === "skill") wanted.push({ name: item.name, path: resolve(cwd, item.path) });
  }
  const byName = new Map(available.map((s) => [s.name, s]));
  const names = new Set(byName.keys());
  for (const item of input) {
    if (item.type !== "text") continue;
    for (const name of mentionedSkillNames(item.text, names)) {
      const skill = byName.get(name);
      if (skill) wanted.push({ name: skill.name, path: skill.path });
    }
  }
  const messages: MessageItem[] = [];
  const warnings: string[] = [];
  const done = new Set<string>();
  for (const { name, path } of wanted) {
    if (done.has(path)) continue;
    done.add(path);
    const result = readSkill(path);
    if (typeof result === "string") warnings.push(`skill ${name} (${path}) was not used: ${result}`);
    else messages.push(userTextMessage(skillMessageText(result.name, path, result.body)));
  }
  return { messages, warnings };
}

export function skillMessageText(name: string, path: string, body: string): string {
  return `<skill>\n<name>${name}</name>\n<path>${path}</path>\n${body}\n</skill>`;
}

/** The skill, or why it cannot be used. */
function readSkill(path: string): { name: string; body: string } | string {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    return `cannot read it: ${(err as Error).message}`;
  }
  const parsed = parseSkillFile(text);
  return parsed.ok ? parsed.skill : parsed.message;
}
