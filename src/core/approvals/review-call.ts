// The reviewer's model call: the conversation so far (review-transcript.ts) and the planned action go in;
// an assessment (allow or deny, a risk level, a rationale) comes out. An unreadable answer or a failed call
// is a denial: nothing is approved by accident.
import type { ModelClient } from "../../model/model-client.js";
import { isKnownItem, messageText, userTextMessage, type ResponseItem } from "../../protocol/items.js";
import { buildRequest } from "../request.js";
import type { TurnContext } from "../turn-context.js";
import { reviewPrompt } from "./review-transcript.js";

export interface Assessment {
  outcome: "allow" | "deny";
  riskLevel: "low" | "medium" | "high" | "critical";
  rationale: string;
}

const SCHEMA = {
  type: "object",
  properties: {
    outcome: { type: "string", enum: ["allow", "deny"] },
    risk_level: { type: "string", enum: ["low", "medium", "high", "critical"] },
    rationale: { type: "string" },
  },
  required: ["outcome", "risk_level", "rationale"],
  additionalProperties: false,
};

const INSTRUCTIONS = [
  "You review actions a coding agent wants to take outside its sandbox, on behalf of its user, who is not asked.",
  "Allow an action when it plainly serves what the user asked for and its effects are limited and reversible.",
  "Deny it when it could destroy data, leak secrets or credentials, reach systems the task does not need,",
  "weaken security settings, or goes beyond what the user asked. When in doubt, deny.",
  "When the user has approved exactly this action after an earlier denial, allow it unless it is plainly destructive.",
  'Answer with JSON only: {"outcome": "allow" | "deny", "risk_level": "low" | "medium" | "high" | "critical",',
  '"rationale": "one or two sentences"}.',
].join(" ");

export interface ReviewCallOptions {
  client: ModelClient;
  turn: TurnContext;
  threadId: string;
  /** `[auto_review] policy`: the user's own rules, given to the reviewer as developer context. */
  policy?: string;
  history: readonly ResponseItem[];
  /** Ends the call (an interrupt, or the review's time limit). */
  signal: AbortSignal;
}

/** Asks the reviewer; throws only when `signal` ended the call. */
export async function assess(
  action: Record<string, unknown>,
  options: ReviewCallOptions,
): Promise<Assessment> {
  const prompt = reviewPrompt({ history: options.history, threadId: options.threadId, action });
  const request = buildRequest({
    turn: options.turn,
    input: [
      ...(options.policy
        ? [userTextMessage(`The user's policy for these reviews:\n${options.policy}`, "developer")]
        : []),
      userTextMessage(prompt),
    ],
    tools: [],
    threadId: `${options.threadId}:auto-review`,
    outputSchema: SCHEMA,
  });
  request.instructions = INSTRUCTIONS;
  if (request.text?.format) request.text.format.name = "auto_review_assessment";
  let text = "";
  try {
    for await (const event of options.client.stream(request, options.signal)) {
      if (event.type === "retry") text = "";
      else if (
        event.type === "output_item_done" &&
        isKnownItem(event.item, "message") &&
        event.item.role === "assistant"
      ) {
        text += messageText(event.item);
      }
    }
  } catch (err) {
    if (options.signal.aborted) throw err;
    return failed(`the review request failed: ${(err as Error).message}`);
  }
  // A stream that ended quietly as the signal fired is the signal's doing, not an answer.
  options.signal.throwIfAborted();
  return parseAssessment(text);
}

export function parseAssessment(text: string): Assessment {
  let value: unknown;
  try {
    value = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  } catch {
    return failed("the reviewer's answer was not JSON");
  }
  const v = value as { outcome?: unknown; risk_level?: unknown; rationale?: unknown };
  if (v.outcome !== "allow" && v.outcome !== "deny") return failed("the reviewer gave no outcome");
  const risk =
    v.risk_level === "low" || v.risk_level === "medium" || v.risk_level === "critical"
      ? v.risk_level
      : "high";
  return {
    outcome: v.outcome,
    riskLevel: risk,
    rationale: typeof v.rationale === "string" ? v.rationale : "",
  };
}

function failed(why: string): Assessment {
  return { outcome: "deny", riskLevel: "high", rationale: `${why}; denied to be safe` };
}
