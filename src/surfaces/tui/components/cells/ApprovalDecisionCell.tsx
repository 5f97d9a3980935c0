// What the user answered to an approval request, kept in the history. A subagent's request names it instead
// of codex-ts.
import { Text } from "ink";
import type { CellOf } from "../../state/cells.js";

const WORDING = {
  approved: { mark: "✔ ", color: "green", before: "You approved ACTOR to ", after: "" },
  approved_for_session: {
    mark: "✔ ",
    color: "green",
    before: "You approved ACTOR to ",
    after: " and similar requests for this session",
  },
  denied: { mark: "✗ ", color: "red", before: "You did not approve ACTOR to ", after: "" },
  abort: {
    mark: "✗ ",
    color: "red",
    before: "You cancelled the request to ",
    after: " and stopped the turn",
    // A subagent's request: whose, and its turn.
    beforeOf: "You cancelled the request of ACTOR to ",
    afterOf: " and stopped its turn",
  },
} as const;

export function ApprovalDecisionCell({
  action,
  decision,
  actor = "codex-ts",
}: Pick<CellOf<"approval_decision">, "action" | "decision" | "actor">) {
  const w = WORDING[decision];
  const ofSubagent = actor !== "codex-ts" && "beforeOf" in w;
  return (
    <Text>
      <Text color={w.color}>{w.mark}</Text>
      <Text>{(ofSubagent ? w.beforeOf : w.before).replace("ACTOR", actor)}</Text>
      <Text bold>{action}</Text>
      <Text>{ofSubagent ? w.afterOf : w.after}</Text>
    </Text>
  );
}
