// Telling a user's own input apart from the context the engine injects as user-role messages
// (<environment_context>, AGENTS.md instructions, ...), and reading the text a UI shows for it.
import type { MessageItem, ResponseItem } from "../protocol/items.js";

/** Openings of user-role messages written by the engine, not typed by the user (real Codex and ours). */
const INJECTED_CONTEXT_PREFIXES = [
  "<environment_context>",
  "<user_instructions>",
  "# AGENTS.md instructions",
  "<INSTRUCTIONS>",
  "<turn_aborted>",
  "<user_shell_command>",
  "<subagent_notification>",
  "<skill>",
  // Written by a compaction: the summary, and the task in progress restated.
  "Another language model started to solve this problem",
  "<active_task>",
];

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
 * Whether user-role text was written by the engine: the one rule for the history a UI shows, the memories'
 * extraction input and the automatic reviewer's transcript.
 */
export function isInjectedText(text: string): boolean {
  const trimmed = text.trimStart();
  return INJECTED_CONTEXT_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
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
