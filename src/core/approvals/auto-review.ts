// `approvals_reviewer = "auto_review"`: an approval request (a command to run outside the sandbox or a
// patch to write) is judged by a model call instead of the user. The reviewer sees the action, the reason
// the agent gave, the user's latest request and the `[auto_review] policy`; it answers allow or deny with a
// risk level and a rationale, which the user is shown. When the review fails the action is denied: an
// unreadable answer must never approve anything.
import type { ModelClient } from "../../model/model-client.js";
import type { FileChange, KnownEventMsg } from "../../protocol/core-protocol.js";
import { isKnownItem, messageText, userTextMessage, type ResponseItem } from "../../protocol/items.js";
import { uuidv7 } from "../ids.js";
import { buildRequest } from "../request.js";
import { approvedDenials } from "./denial-approval.js";
import type { TurnContext } from "../turn-context.js";
import type { ApprovalAnswer } from "./decisions.js";

export type ReviewedAction =
  | { kind: "command"; command: string[]; cwd: string; reason?: string }
  | { kind: "patch"; changes: Record<string, FileChange>; reason?: string };

export interface Assessment {
  outcome: "allow" | "deny";
  riskLevel: "low" | "medium" | "high";
  rationale: string;
}

const SCHEMA = {
  type: "object",
  properties: {
    outcome: { type: "string", enum: ["allow", "deny"] },
    risk_level: { type: "string", enum: ["low", "medium", "high"] },
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
  'Answer with JSON only: {"outcome": "allow" | "deny", "risk_level": "low" | "medium" | "high",',
  '"rationale": "one or two sentences"}.',
].join(" ");

export interface AutoReviewOptions {
  client: ModelClient;
  turn: TurnContext;
  threadId: string;
  /** `[auto_review] policy`: the user's own rules, added to the reviewer's. */
  policy?: string;
  /** The conversation so far: the reviewer reads the user's latest request from it. */
  history: readonly ResponseItem[];
  signal: AbortSignal;
}

export async function reviewAction(action: ReviewedAction, options: AutoReviewOptions): Promise<Assessment> {
  const request = buildRequest({
    turn: options.turn,
    input: [userTextMessage(describe(action, options))],
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
  return parseAssessment(text);
}

/** The user's last message: what the action must serve. */
function latestRequest(history: readonly ResponseItem[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i];
    if (item && isKnownItem(item, "message") && item.role === "user") {
      const text = messageText(item);
      // The environment context and instructions the engine adds are not the user's words.
      if (text && !text.trimStart().startsWith("<")) return text;
    }
  }
  return undefined;
}

function describe(action: ReviewedAction, options: AutoReviewOptions): string {
  const what =
    action.kind === "command"
      ? { action: "run a command", command: action.command, cwd: action.cwd }
      : { action: "write files", changes: action.changes };
  const parts = [
    `The agent asks to ${what.action}:`,
    JSON.stringify({ ...what, reason: action.reason ?? null }, null, 2),
  ];
  const user = latestRequest(options.history);
  if (user) parts.push(`The user's latest request:\n${user}`);
  for (const approval of approvedDenials(options.history)) parts.push(approval);
  if (options.policy) parts.push(`The user's policy for these reviews:\n${options.policy}`);
  return parts.join("\n\n");
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
  const risk = v.risk_level === "low" || v.risk_level === "medium" ? v.risk_level : "high";
  return {
    outcome: v.outcome,
    riskLevel: risk,
    rationale: typeof v.rationale === "string" ? v.rationale : "",
  };
}

function failed(why: string): Assessment {
  return { outcome: "deny", riskLevel: "high", rationale: `${why}; denied to be safe` };
}

type AutoReviewEvent = Extract<KnownEventMsg, { type: "auto_review" }>;

/**
 * Reviews, tells the user what was decided, and answers as the user would have. The review shows as an
 * `auto_review` event when it starts and when it ends (the app-server's item/autoApprovalReview/*), and
 * its decision as a warning for the surfaces that have no place for reviews.
 */
export async function autoReviewDecision(
  action: ReviewedAction,
  options: AutoReviewOptions & { emit: (msg: KnownEventMsg) => void; callId: string },
): Promise<ApprovalAnswer> {
  const started: AutoReviewEvent = {
    type: "auto_review",
    id: uuidv7(),
    target_item_id: options.callId,
    status: "in_progress",
    risk_level: null,
    rationale: null,
    action:
      action.kind === "command"
        ? { type: "command", command: action.command, cwd: action.cwd }
        : { type: "apply_patch", cwd: options.turn.cwd, files: Object.keys(action.changes) },
    started_at_ms: Date.now(),
  };
  options.emit(started);
  let assessment: Assessment;
  try {
    assessment = await reviewAction(action, options);
  } catch (err) {
    options.emit({ ...started, status: "aborted", completed_at_ms: Date.now() });
    throw err;
  }
  const approved = assessment.outcome === "allow";
  options.emit({
    ...started,
    status: approved ? "approved" : "denied",
    risk_level: assessment.riskLevel,
    rationale: assessment.rationale,
    completed_at_ms: Date.now(),
  });
  const what = action.kind === "command" ? `\`${action.command.join(" ")}\`` : "a patch";
  options.emit({
    type: "warning",
    message:
      `auto-review ${approved ? "approved" : "denied"} ${what} ` +
      `(risk ${assessment.riskLevel}): ${assessment.rationale}`,
    auto_review_id: started.id,
  });
  if (approved) return "approved";
  return {
    decision: "denied",
    message: `denied by the automatic approval reviewer (risk ${assessment.riskLevel}): ${assessment.rationale}; do not retry it as is`,
  };
}
