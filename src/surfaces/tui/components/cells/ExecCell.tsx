// A command the model ran: the command, a spinner and elapsed time while it runs, then the tail of its output
// and how it ended (failures in red). A subagent's command (forwarded because the user approved it) says whose
// it is first.
import { Box, Text } from "ink";
import type { ExecRun } from "../../state/cells.js";
import { displayCommand } from "../../state/display-command.js";
import { outputTail } from "../../state/exec-output.js";
import { formatDuration, formatElapsed, spinnerFrame } from "../use-clock.js";

const TAIL_LINES = { running: 3, finished: 5, failed: 10 };

function statusWord(run: ExecRun): { bullet: string; color: string; verb: string } {
  switch (run.status) {
    case "running":
      return { bullet: "", color: "cyan", verb: "Running" };
    case "succeeded":
      return { bullet: "•", color: "green", verb: "Ran" };
    case "failed":
      return { bullet: "•", color: "red", verb: "Ran" };
    case "interrupted":
      return { bullet: "•", color: "yellow", verb: "Interrupted" };
  }
}

function outcome(run: ExecRun, now: number): string {
  if (run.status === "running") return formatElapsed(now - run.startedAt);
  const parts: string[] = [];
  if (run.exitCode !== undefined && run.status !== "succeeded") parts.push(`exit ${run.exitCode}`);
  if (run.durationMs !== undefined) parts.push(formatDuration(run.durationMs));
  return parts.join(", ");
}

export function ExecCell({ run, now = Date.now() }: { run: ExecRun; now?: number }) {
  const { bullet, color, verb } = statusWord(run);
  const count =
    run.status === "running"
      ? TAIL_LINES.running
      : run.status === "failed"
        ? TAIL_LINES.failed
        : TAIL_LINES.finished;
  const tail = outputTail(run.output, count);
  const detail = outcome(run, now);
  const failed = run.status === "failed";
  return (
    <Box flexDirection="column">
      <Box flexDirection="row">
        <Box flexShrink={0}>
          <Text color={color}>{run.status === "running" ? spinnerFrame(now) : bullet} </Text>
        </Box>
        <Text>
          {run.agentLabel ? <Text color="yellow">{`${run.agentLabel}: `}</Text> : null}
          <Text bold>{verb} </Text>
          <Text color={failed ? "red" : undefined}>{displayCommand(run.command)}</Text>
          {detail ? (
            <Text color={failed ? "red" : undefined} dimColor={!failed}>{` (${detail})`}</Text>
          ) : null}
        </Text>
      </Box>
      {tail.hidden > 0 ? <Text dimColor>{`  └ … ${tail.hidden} earlier lines`}</Text> : null}
      {tail.lines.map((line, i) => (
        <Box key={i} flexDirection="row">
          <Box flexShrink={0}>
            <Text dimColor>{i === 0 && tail.hidden === 0 ? "  └ " : "    "}</Text>
          </Box>
          <Text color={failed ? "red" : undefined} dimColor={!failed}>
            {line === "" ? " " : line}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
