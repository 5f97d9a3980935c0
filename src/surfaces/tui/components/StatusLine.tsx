// The line under the composer: model and effort, collaboration mode, context left, subagents at work, and the
// keys to know.
import { Text } from "ink";
import type { SessionInfo } from "../state/cells.js";
import type { CollaborationModeKind } from "../../../protocol/policies.js";

export interface StatusLineProps {
  session?: SessionInfo;
  collaborationMode: CollaborationModeKind;
  contextLeft?: number;
  taskRunning: boolean;
  quitArmed: boolean;
  /** Subagents with a turn in progress (shown when there are any). */
  subagentsActive?: number;
}

export function StatusLine({
  session,
  collaborationMode,
  contextLeft,
  taskRunning,
  quitArmed,
  subagentsActive = 0,
}: StatusLineProps) {
  const model = session ? (session.effort ? `${session.model} ${session.effort}` : session.model) : undefined;
  const agents =
    subagentsActive > 0 ? ` · ${subagentsActive} subagent${subagentsActive === 1 ? "" : "s"} running` : "";
  const after = (contextLeft !== undefined ? ` · ${contextLeft}% context left` : "") + agents;
  const hint = quitArmed
    ? "Press Ctrl+C again to quit"
    : taskRunning
      ? "Esc interrupt · ⌃C quit"
      : "⏎ send · ⇧⇥ mode · / commands · ⌃C quit";
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{`  ${model ? `${model} · ` : ""}`}</Text>
      <Text
        dimColor={collaborationMode !== "plan"}
        color={collaborationMode === "plan" ? "magenta" : undefined}
      >
        {`${collaborationMode} mode`}
      </Text>
      <Text dimColor>{after}</Text>
      <Text dimColor={!quitArmed} color={quitArmed ? "yellow" : undefined}>{`  ${hint}`}</Text>
    </Text>
  );
}
