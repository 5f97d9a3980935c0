// What the model keeps after a compaction: the initial context, the user's recent messages (bounded), the
// summary, and the task in progress restated, so the agent continues where it was.
import type { PlanStep } from "../../protocol/core-protocol.js";
import { userTextMessage, type ResponseItem } from "../../protocol/items.js";
import { COMPACTION_SUMMARY_PREFIX } from "../../rollout/replay.js";
import { isContextItem, isMessage, isRealUserMessage, messageTextParts } from "../../rollout/user-input.js";

/** Recent user messages kept verbatim, newest first, until this many characters (~20k tokens). */
export const RECENT_USER_CHARS = 80_000;

export function buildReplacementHistory(
  items: readonly ResponseItem[],
  summary: string,
  latestPlan: readonly PlanStep[] | undefined,
): ResponseItem[] {
  const firstUser = items.findIndex((item) => isRealUserMessage(item));
  const fromCompaction = (item: ResponseItem) =>
    isMessage(item) &&
    /^(Another language model started|<active_task>)/.test(messageTextParts(item).trimStart());
  const prefix = (firstUser === -1 ? items : items.slice(0, firstUser)).filter(
    (item) => isContextItem(item) && !fromCompaction(item),
  );
  const later = firstUser === -1 ? [] : items.slice(firstUser);
  // A changed <environment_context> after the start is kept (the latest one).
  const laterEnvironment = later.filter(
    (item) => isMessage(item) && messageTextParts(item).startsWith("<environment_context>"),
  );

  const userMessages = later.filter(isRealUserMessage);
  const recent: ResponseItem[] = [];
  let budget = RECENT_USER_CHARS;
  for (let i = userMessages.length - 1; i >= 0 && budget > 0; i--) {
    const message = userMessages[i];
    if (!message) continue;
    const size = messageTextParts(message).length;
    if (size > budget && recent.length > 0) break;
    budget -= size;
    recent.unshift(message);
  }

  const latestRequest = userMessages.at(-1);
  const restated = activeTask(latestRequest ? messageTextParts(latestRequest) : undefined, latestPlan);
  return [
    ...prefix,
    ...laterEnvironment.slice(-1),
    ...recent,
    userTextMessage(`${COMPACTION_SUMMARY_PREFIX}${summary.trim()}`),
    ...(restated ? [userTextMessage(restated)] : []),
  ];
}

function activeTask(request: string | undefined, plan: readonly PlanStep[] | undefined): string | undefined {
  if (request === undefined && !plan?.length) return undefined;
  const lines = ["<active_task>", "The conversation was compacted. The task in progress:"];
  if (request !== undefined) lines.push("", "The user's latest request:", request.trim());
  if (plan?.length) {
    lines.push("", "The plan so far:");
    for (const step of plan) {
      const mark = step.status === "completed" ? "[x]" : step.status === "in_progress" ? "[>]" : "[ ]";
      lines.push(`${mark} ${step.step}`);
    }
  }
  lines.push("", "Continue from where the work stopped; do not start over.", "</active_task>");
  return lines.join("\n");
}
