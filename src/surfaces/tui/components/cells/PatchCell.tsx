// File changes: a header with the totals, then each file's coloured unified diff with its +/- counts. A
// subagent's patch says whose it is first.
import { Box, Text } from "ink";
import type { PatchRun } from "../../state/cells.js";
import { countsSpans, fileDiffLines, fileDiffs } from "../../render/patch-lines.js";
import { Spans, StyledLines } from "../StyledLines.js";

/** History keeps long diffs readable; the rest of a huge file is counted, not printed. */
const MAX_LINES_PER_FILE = 200;

export function PatchCell({
  run,
  maxLinesPerFile = MAX_LINES_PER_FILE,
}: {
  run: PatchRun;
  maxLinesPerFile?: number;
}) {
  const files = fileDiffs(run.changes, run.cwd);
  const added = files.reduce((n, f) => n + f.added, 0);
  const removed = files.reduce((n, f) => n + f.removed, 0);
  const single = files.length === 1 ? files[0] : undefined;
  const title =
    run.status === "applying"
      ? "Applying patch"
      : run.status === "failed"
        ? "Patch failed"
        : single
          ? single.verb
          : `Edited ${files.length} files`;
  const bulletColor = run.status === "failed" ? "red" : run.status === "applying" ? "cyan" : "green";
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={bulletColor}>• </Text>
        {run.agentLabel ? <Text color="yellow">{`${run.agentLabel}: `}</Text> : null}
        <Text bold>{title} </Text>
        {single ? (
          <Text>{single.movedTo ? `${single.path} → ${single.movedTo} ` : `${single.path} `}</Text>
        ) : null}
        <Spans spans={countsSpans(added, removed)} />
      </Text>
      {run.error ? <Text color="red">{`  └ ${run.error.trim()}`}</Text> : null}
      {files.map((file) => (
        <Box key={file.path} flexDirection="column">
          {single ? null : (
            <Text>
              <Text dimColor>{"  └ "}</Text>
              <Text>{file.movedTo ? `${file.path} → ${file.movedTo} ` : `${file.path} `}</Text>
              <Spans spans={countsSpans(file.added, file.removed)} />
            </Text>
          )}
          <StyledLines lines={fileDiffLines(file, maxLinesPerFile)} />
        </Box>
      ))}
    </Box>
  );
}
