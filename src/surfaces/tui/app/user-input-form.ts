// The form for `request_user_input`: one question at a time, its options chosen with the arrows (or a
// digit), and an "Other" line that takes free text. Pure: (form, key) -> the next form, or the answers.
import type { UserInputAnswers, UserInputQuestion } from "../../../protocol/core-protocol.js";
import type { KeyEvent } from "../input/key-parser.js";
import type { PendingUserInput } from "../state/tui-state.js";

export interface FormState {
  callId: string;
  /** The question on screen. */
  index: number;
  /** The highlighted choice; `options.length` is the "Other" line. */
  choice: number;
  /** Free text typed on the "Other" line of the current question. */
  other: string;
  answers: UserInputAnswers;
}

export type FormOutcome =
  | { type: "stay"; form: FormState }
  | { type: "done"; answers: UserInputAnswers }
  /** The user would rather not answer: the turn is interrupted. */
  | { type: "cancel" };

export const startForm = (request: PendingUserInput): FormState => ({
  callId: request.callId,
  index: 0,
  choice: 0,
  other: "",
  answers: {},
});

export function choiceCount(question: UserInputQuestion): number {
  return (question.options?.length ?? 0) + 1;
}

export function onOtherLine(form: FormState, question: UserInputQuestion): boolean {
  return form.choice === (question.options?.length ?? 0);
}

function answer(form: FormState, request: PendingUserInput, question: UserInputQuestion): FormOutcome {
  const option = question.options?.[form.choice];
  if (!option && form.other.trim() === "") return { type: "stay", form };
  const answers: UserInputAnswers = {
    ...form.answers,
    [question.id]: option ? { selected: [option.value] } : { selected: [], other: form.other.trim() },
  };
  const next = form.index + 1;
  if (next >= request.questions.length) return { type: "done", answers };
  return { type: "stay", form: { ...form, index: next, choice: 0, other: "", answers } };
}

export function formKey(form: FormState, request: PendingUserInput, key: KeyEvent): FormOutcome {
  const question = request.questions[form.index];
  if (!question) return { type: "cancel" };
  const count = choiceCount(question);
  const stay = (changes: Partial<FormState>): FormOutcome => ({
    type: "stay",
    form: { ...form, ...changes },
  });
  const typing = onOtherLine(form, question);
  switch (key.type) {
    case "key":
      switch (key.name) {
        case "escape":
          return { type: "cancel" };
        case "up":
        case "backtab":
          return stay({ choice: (form.choice - 1 + count) % count });
        case "down":
        case "tab":
          return stay({ choice: (form.choice + 1) % count });
        case "enter":
          return answer(form, request, question);
        case "backspace":
          return typing ? stay({ other: [...form.other].slice(0, -1).join("") }) : { type: "stay", form };
        default:
          return { type: "stay", form };
      }
    case "text":
    case "paste": {
      const text = key.text.replace(/\n/g, " ");
      if (typing) return stay({ other: form.other + text });
      const digit = Number(key.text);
      if (key.type === "text" && Number.isInteger(digit) && digit >= 1 && digit <= count) {
        return answer({ ...form, choice: digit - 1 }, request, question);
      }
      // Typing anything else starts an answer of one's own.
      return stay({ choice: count - 1, other: form.other + text });
    }
    case "ctrl":
      if (key.letter === "c") return { type: "cancel" };
      if (key.letter === "u" && typing) return stay({ other: "" });
      return { type: "stay", form };
    case "meta":
      return { type: "stay", form };
  }
}
