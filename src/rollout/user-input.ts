// Telling a user's own input apart from the context the engine injects as user-role messages
// (<environment_context>, AGENTS.md instructions, ...), and reading the text a UI shows for it.
import type { MessageItem, ResponseItem } from "../protocol/items.js";

/**
 * Openings of user-role messages written by the engine, not typed by the user (real Codex and ours), by
 * what they carry: what the thread was told (instructions, context), what happened in it (an abort, the
 * user's own shell command, a subagent's result), and what a compaction wrote (the summary, and the task
 * in progress restated).
 */
const INJECTED = {
  context: [
    "<environment_context>",
    "<user_instructions>",
    "# AGENTS.md instructions",
    "<INSTRUCTIONS>",
    "<skill>",
  ],
  event: ["<turn_aborted>", "<user_shell_command>", "<subagent_notification>"],
  compaction: ["Another language model started to solve this problem", "<active_task>"],
} as const;

export type InjectedKind = keyof typeof INJECTED;

const ALL_KINDS: readonly InjectedKind[] = ["context", "event", "compaction"];

export function isMessage(item: ResponseItem): item is MessageItem {
  return item.type === "message" && "role" in item && Array.isArray(item.content);
}

/** The text parts of a message, joined by newlines. */
export function messageTextParts(item: MessageItem): string {
  const parts: string[] = [];
  for (const part of item.content) {
    if ("text" in part && typeof part.text === "string") parts.push(part.text);
  }
  return parts.join("\n");
}

/**
 * Whether user-role text was written by the engine, of the given kinds (all of them by default: the
 * history a UI shows). The memories' extraction keeps what happened and what a compaction wrote; the
 * automatic reviewer keeps the compaction's summary (a user's earlier say-so may survive only there).
 */
export function isInjectedText(text: string, kinds: readonly InjectedKind[] = ALL_KINDS): boolean {
  const trimmed = text.trimStart();
  return kinds.some((kind) => INJECTED[kind].some((prefix) => trimmed.startsWith(prefix)));
}

export function isInjectedContextMessage(item: MessageItem): boolean {
  if (item.role !== "user") return false;
  const first = item.content.find((part) => "text" in part && typeof part.text === "string");
  if (!first || !("text" in first) || typeof first.text !== "string") return false;
  return isInjectedText(first.text);
}

/** A message the user sent (as opposed to injected context, or the model's or developer's messages). */
export function isRealUserMessage(item: ResponseItem): item is MessageItem {
  return isMessage(item) && item.role === "user" && !isInjectedContextMessage(item);
}

/** Context kept by a compaction that has no replacement history: instructions and injected context. */
export function isContextItem(item: ResponseItem): boolean {
  if (!isMessage(item)) return false;
  return item.role === "developer" || item.role === "system" || isInjectedContextMessage(item);
}
