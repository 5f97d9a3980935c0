// The engine's request_user_input as the item/tool/requestUserInput server request, and the client's
// answer back as the engine's answers: an answer naming an option (by label or value) selects it, any
// other text is the free-form "other" answer.
import type { EventMsgOf, UserInputAnswers, UserInputQuestion } from "../../protocol/core-protocol.js";
import type {
  ToolRequestUserInputParams,
  ToolRequestUserInputResponse,
} from "../../protocol/app-server/v2/server-requests.js";
import type { OutputBuffer } from "./mapper-output.js";

export function toWireQuestions(questions: UserInputQuestion[]): ToolRequestUserInputParams["questions"] {
  return questions.map((q) => ({
    id: q.id,
    header: q.header,
    question: q.question,
    isOther: q.isOther ?? false,
    isSecret: false,
    options: q.options?.map((o) => ({ label: o.label, description: o.description })) ?? null,
  }));
}

export function toEngineAnswers(
  questions: UserInputQuestion[],
  response: ToolRequestUserInputResponse,
): UserInputAnswers {
  const answers: UserInputAnswers = {};
  for (const q of questions) {
    const given = response.answers[q.id]?.answers;
    if (!given) continue;
    const selected: string[] = [];
    const other: string[] = [];
    for (const text of given) {
      const option = q.options?.find((o) => o.label === text || o.value === text);
      if (option) selected.push(option.value);
      else other.push(text);
    }
    answers[q.id] = { selected, other: other.length > 0 ? other.join("\n") : null };
  }
  return answers;
}

/** request_user_input -> the item/tool/requestUserInput request for the thread's client. */
export function userInputRequest(out: OutputBuffer, msg: EventMsgOf<"request_user_input">): void {
  const params = {
    threadId: out.threadId,
    turnId: msg.turn_id,
    itemId: msg.call_id,
    isBlocking: true,
    // Codex's deprecated auto-resolution delay: codex-ts never resolves a question by itself.
    autoResolutionMs: null,
    questions: toWireQuestions(msg.questions),
  };
  out.request({ kind: "userInput", callId: msg.call_id, params, questions: msg.questions });
}
