// request_user_input: the model asks the user one to three short questions and waits for the answers.
import { z } from "zod";
import { defineTool } from "../core/tool-api/define-tool.js";

const Option = z.object({
  value: z.string().describe("Machine-readable value (snake_case)."),
  label: z.string().describe("User-facing label (1-5 words)."),
  description: z.string().describe("One short sentence on the impact of choosing it."),
});

const Question = z.object({
  id: z.string().describe("Stable identifier for mapping answers (snake_case)."),
  header: z.string().describe("Short header shown in the UI (12 characters or fewer)."),
  question: z.string().describe("Single-sentence question shown to the user."),
  options: z
    .array(Option)
    .min(2)
    .max(3)
    .optional()
    .describe("2-3 mutually exclusive choices, the recommended one first. Omit for a free-form question."),
});

export const NO_USER_OUTPUT =
  "request_user_input is unavailable: no user is attached to this session (non-interactive run). " +
  "Make a reasonable assumption, say which, and continue.";

export const requestUserInputTool = defineTool({
  name: "request_user_input",
  description:
    "Asks the user one to three short questions and waits for the answers. Use it only when a decision " +
    "blocks progress and you cannot make a reasonable assumption. Answers may include free text ('Other').",
  parameters: z.object({ questions: z.array(Question).min(1).max(3) }),
  isMutating: false,
  async handle(args, ctx) {
    const answers = await ctx.requestUserInput(args.questions.map((q) => ({ ...q, isOther: true })));
    if (answers === undefined) return { output: NO_USER_OUTPUT, success: false };
    return { output: JSON.stringify({ answers }), success: true };
  },
});
