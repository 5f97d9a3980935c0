// The line under the composer: model and effort, collaboration mode, context left, and the keys to know.
import { Text } from "ink";
import type { SessionInfo } from "../state/cells.js";
import type { CollaborationModeKind } from "../../../protocol/policies.js";

export interface StatusLineProps {
  session?: SessionInfo;
  collaborationMode: CollaborationModeKind;
  contextLeft?: number;
  taskRunning: boolean;
  quitArmed: boolean;
}

export function StatusLine({
  session,
  collaborationMode,
  contextLeft,
  taskRunning,
  quitArmed,
}: StatusLineProps) {
  const parts: string[] = [];
  if (session) parts.push(session.effort ? `${session.model} ${session.effort}` : session.model);
  parts.push(`${collaborationMode} mode`);
  if (contextLeft !== undefined) parts.push(`${contextLeft}% context left`);
  const hint = quitArmed
    ? "Press Ctrl+C again to quit"
    : taskRunning
      ? "Esc interrupt · ⌃C quit"
      : "⏎ send · ⌃J newline · / commands · ⌃C quit";
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{`  ${parts.join(" · ")}`}</Text>
      <Text dimColor={!quitArmed} color={quitArmed ? "yellow" : undefined}>{`  ${hint}`}</Text>
    </Text>
  );
}
