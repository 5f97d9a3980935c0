// The model's plan (`plan_update`) as a checklist.
import { Box, Text } from "ink";
import type { CellOf } from "../../state/cells.js";

type PlanProps = Pick<CellOf<"plan">, "steps" | "explanation">;

export function PlanCell({ steps, explanation }: PlanProps) {
  const done = steps.filter((s) => s.status === "completed").length;
  return (
    <Box flexDirection="column">
      <Text>
        <Text>• </Text>
        <Text bold>Updated Plan</Text>
        <Text dimColor>{` (${done}/${steps.length} done)`}</Text>
      </Text>
      {explanation ? (
        <Text dimColor italic>
          {`  └ ${explanation}`}
        </Text>
      ) : null}
      {steps.map((step, i) => (
        <Box key={i} flexDirection="row">
          <Box flexShrink={0}>
            <Text dimColor>{i === 0 && !explanation ? "  └ " : "    "}</Text>
            {step.status === "completed" ? (
              <Text color="green">✔ </Text>
            ) : step.status === "in_progress" ? (
              <Text color="cyan">□ </Text>
            ) : (
              <Text dimColor>□ </Text>
            )}
          </Box>
          {step.status === "completed" ? (
            <Text dimColor strikethrough>
              {step.step}
            </Text>
          ) : step.status === "in_progress" ? (
            <Text color="cyan" bold>
              {step.step}
            </Text>
          ) : (
            <Text dimColor>{step.step}</Text>
          )}
        </Box>
      ))}
    </Box>
  );
}
