// What the model is told about an interrupted turn. Like Codex, a turn that ends because it was interrupted
// (not replaced by a new one) leaves a `<turn_aborted>` user message in the thread's history, so the next
// turn knows the work stopped on purpose and may be half done. `[agents] interrupt_message = false` leaves
// it out: the turn still ends with `turn_aborted` for clients, but the model sees no trace of the interrupt.
import type { Config } from "../config/load.js";
import { userTextMessage, type MessageItem } from "../protocol/items.js";
import { rolloutLine, type RolloutLine } from "../rollout/lines.js";
import { replayRollout } from "../rollout/replay.js";

/** Codex's wording, so a thread reads the same to the model whichever engine wrote it. */
export const INTERRUPTED_GUIDANCE =
  "The user interrupted the previous turn on purpose. Any running unified exec processes may still be " +
  "running in the background. If any tools/commands were aborted, they may have partially executed.";

export function interruptedTurnMarker(): MessageItem {
  return userTextMessage(`<turn_aborted>\n${INTERRUPTED_GUIDANCE}\n</turn_aborted>`);
}

/** `[agents] interrupt_message` (default true). */
export function interruptMarkerEnabled(config: Config): boolean {
  return config.toml.agents?.interrupt_message ?? true;
}

/**
 * A thread forked while its last turn runs: the copy's turn can never finish, so the copy ends it as
 * interrupted (with the marker, unless turned off), as Codex's fork of a running thread does.
 */
export function interruptedForkEnding(lines: readonly RolloutLine[], withMarker: boolean): RolloutLine[] {
  const last = replayRollout(lines).turns.at(-1);
  if (last?.status !== "inProgress") return [];
  return [
    ...(withMarker ? [rolloutLine("response_item", interruptedTurnMarker())] : []),
    rolloutLine("event_msg", { type: "turn_aborted", turn_id: last.turnId ?? null, reason: "interrupted" }),
  ];
}
