// Asks the user about a command or a patch the model wants to run: what, where, why, and the keys to answer.
// The diff of a patch is cut to what fits; the full diff reaches the history once applied. A subagent's
// request says which subagent asks.
import { Box, Text } from "ink";
import { displayPath, fileDiffLines, fileDiffs } from "../../render/patch-lines.js";
import type { StyledLine } from "../../render/styled-text.js";
import { tildePath } from "../../render/tilde-path.js";
import { displayCommand } from "../../state/display-command.js";
import type { PendingApproval } from "../../state/tui-state.js";
import { StyledLines } from "../StyledLines.js";

const CHOICES = [
  { key: "y", label: "Yes, proceed" },
  { key: "a", label: "Yes, and don't ask again for this session" },
  { key: "n", label: "No, and tell the model what to do differently" },
  { key: "Esc", label: "Abort the turn" },
];

function patchLines(approval: Extract<PendingApproval, { kind: "patch" }>, maxLines: number): StyledLine[] {
  const lines: StyledLine[] = [];
  for (const file of fileDiffs(approval.changes, approval.cwd)) {
    lines.push({
      spans: [
        {
          text: `${file.verb} ${file.movedTo ? `${file.path} → ${file.movedTo}` : file.path} `,
          style: { bold: true },
        },
        { text: `+${file.added}`, style: { color: "green" } },
        { text: " " },
        { text: `-${file.removed}`, style: { color: "red" } },
      ],
    });
    lines.push(...fileDiffLines(file));
  }
  if (lines.length <= maxLines) return lines;
  return [
    ...lines.slice(0, maxLines - 1),
    { spans: [{ text: `… ${lines.length - maxLines + 1} more lines`, style: { dim: true } }] },
  ];
}

export function ApprovalOverlay({
  approval,
  queued = 0,
  maxDiffLines = 12,
}: {
  approval: PendingApproval;
  /** Requests waiting behind this one. */
  queued?: number;
  maxDiffLines?: number;
}) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold color="yellow">
        {approval.agentLabel
          ? `${approval.agentLabel} wants to ${approval.kind === "exec" ? "run this command" : "apply these changes"}. Allow it?`
          : approval.kind === "exec"
            ? "Allow codex-ts to run this command?"
            : "Allow codex-ts to apply these changes?"}
      </Text>
      <Text> </Text>
      {approval.kind === "exec" ? (
        <Box flexDirection="column">
          <Text>
            <Text dimColor>$ </Text>
            <Text bold>{displayCommand(approval.command)}</Text>
          </Text>
          <Text dimColor>{`in ${tildePath(approval.cwd)}`}</Text>
        </Box>
      ) : (
        <Box flexDirection="column">
          <StyledLines lines={patchLines(approval, maxDiffLines)} />
          {approval.grantRoot ? (
            <Text
              dimColor
            >{`and write access to ${displayPath(approval.grantRoot, approval.cwd)} for this session`}</Text>
          ) : null}
        </Box>
      )}
      {approval.reason ? (
        <Text>
          <Text dimColor>Reason: </Text>
          <Text italic>{approval.reason}</Text>
        </Text>
      ) : null}
      <Text> </Text>
      {approval.kind === "exec" && approval.proposedAmendment ? (
        <Text>
          <Text color="cyan" bold>
            {"p".padEnd(4)}
          </Text>
          <Text>{`Yes, and don't ask again for commands that start with \`${approval.proposedAmendment.join(" ")}\``}</Text>
        </Text>
      ) : null}
      {CHOICES.map((choice) => (
        <Text key={choice.key}>
          <Text color="cyan" bold>
            {choice.key.padEnd(4)}
          </Text>
          <Text>
            {choice.key === "Esc" && approval.agentLabel ? "Abort the subagent's turn" : choice.label}
          </Text>
        </Text>
      ))}
      {queued > 0 ? <Text dimColor>{`${queued} more request${queued === 1 ? "" : "s"} waiting`}</Text> : null}
    </Box>
  );
}
