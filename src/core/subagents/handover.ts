// Did messages taken from an inbox reach the agent? Taking is recorded in the root's rollout just before the
// hand-over (`agent_inbox_taken`), and the receiving agent records what it got in its own rollout: a subagent
// its next turn's input, an agent in `subagent_await` the call's output. A process killed between the two
// leaves a take the receiver never recorded; a resume tells the cases apart by reading what the receiver
// recorded after the take.
import { open } from "node:fs/promises";
import type { RolloutLine } from "../../rollout/lines.js";
import { parseRolloutText } from "../../rollout/reader.js";
import { isRealUserMessage } from "../../rollout/user-input.js";
import { ABORTED_TOOL_OUTPUT } from "../turn.js";
import type { InboxMessage } from "./inbox.js";

export type TakenVia = "turn" | "await";

/** The last messages taken from a subagent's inbox in a previous run, to check against its rollout. */
export interface InboxTake {
  messages: InboxMessage[];
  via: TakenVia;
  /** The size of the subagent's rollout, in bytes, when they were taken. */
  rolloutOffset: number;
}

/**
 * Whether the receiver's lines from index `from` on (those recorded after the take) show it got them: for a
 * turn, a user input; for an await, the output of the running call (the first tool output, before any new
 * turn starts), unless the call was aborted before the model saw it.
 */
export function handedOver(lines: readonly RolloutLine[], from: number, via: TakenVia): boolean {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    if (line.type === "event_msg") {
      if (via === "turn" && line.payload.type === "user_message") return true;
      if (via === "await" && line.payload.type === "task_started") return false;
    } else if (line.type === "response_item") {
      const item = line.payload;
      if (via === "turn" && isRealUserMessage(item)) return true;
      if (
        via === "await" &&
        (item.type === "function_call_output" || item.type === "custom_tool_call_output")
      ) {
        return (item as { output?: unknown }).output !== ABORTED_TOOL_OUTPUT;
      }
    }
  }
  return false;
}

/** Whether a subagent's own rollout shows it got the messages of `take` (false if it cannot be read). */
export async function takeReachedAgent(rolloutPath: string, take: InboxTake): Promise<boolean> {
  let text: string;
  try {
    text = await readFrom(rolloutPath, take.rolloutOffset);
  } catch {
    return false;
  }
  return handedOver(parseRolloutText(text).lines, 0, take.via);
}

async function readFrom(path: string, offset: number): Promise<string> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    if (size <= offset) return "";
    const buffer = Buffer.alloc(size - offset);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await file.read(buffer, read, buffer.length - read, offset + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    await file.close();
  }
}
