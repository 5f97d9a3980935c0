// The answers the user gave to the model's questions.
import { Box, Text } from "ink";
import type { CellOf } from "../../state/cells.js";

export function UserAnswersCell({ answers }: Pick<CellOf<"user_answers">, "answers">) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="cyan">• </Text>
        <Text bold>You answered</Text>
      </Text>
      {answers.map((a, i) => (
        <Text key={i}>
          <Text dimColor>{`  └ ${a.question} `}</Text>
          <Text>{a.answer}</Text>
        </Text>
      ))}
    </Box>
  );
}
