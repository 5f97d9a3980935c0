// "Working (12s · Esc to interrupt)" while a task runs.
import { Text } from "ink";
import { formatElapsed, spinnerFrame } from "./use-clock.js";

export function WorkingIndicator({
  startedAt,
  now,
  interrupting,
}: {
  startedAt: number;
  now: number;
  interrupting: boolean;
}) {
  return (
    <Text>
      <Text color="cyan">{`${spinnerFrame(now)} `}</Text>
      <Text bold>{interrupting ? "Interrupting" : "Working"}</Text>
      <Text dimColor>{` (${formatElapsed(now - startedAt)} · Esc to interrupt)`}</Text>
    </Text>
  );
}
