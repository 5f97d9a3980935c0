// The model's questions (`request_user_input`): one at a time, options to pick, and a line for an answer of
// one's own.
import { Box, Text } from "ink";
import { onOtherLine, type FormState } from "../../app/user-input-form.js";
import type { PendingUserInput } from "../../state/tui-state.js";

export function UserInputForm({ request, form }: { request: PendingUserInput; form: FormState }) {
  const question = request.questions[form.index];
  if (!question) return null;
  const options = question.options ?? [];
  const typing = onOtherLine(form, question);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text>
        <Text bold color="cyan">
          {question.header}
        </Text>
        <Text dimColor>{`  question ${form.index + 1} of ${request.questions.length}`}</Text>
      </Text>
      <Text bold>{question.question}</Text>
      <Text> </Text>
      {options.map((option, i) => {
        const on = form.choice === i;
        return (
          <Text key={option.value}>
            <Text
              color={on ? "cyan" : undefined}
              bold={on}
            >{`${on ? "›" : " "} ${i + 1}. ${option.label}`}</Text>
            <Text dimColor>{`  ${option.description}`}</Text>
          </Text>
        );
      })}
      <Text>
        <Text color={typing ? "cyan" : undefined} bold={typing}>
          {`${typing ? "›" : " "} ${options.length + 1}. ${options.length > 0 ? "Other: " : "Answer: "}`}
        </Text>
        <Text>{form.other}</Text>
        {typing ? <Text inverse> </Text> : null}
      </Text>
      <Text> </Text>
      <Text dimColor>↑↓ choose · type for your own answer · Enter confirm · Esc interrupt the turn</Text>
    </Box>
  );
}
