// What the user answered to an approval request, kept in the history.
import { Text } from "ink";
import type { CellOf } from "../../state/cells.js";

const WORDING = {
  approved: { mark: "✔ ", color: "green", before: "You approved codex-ts to ", after: "" },
  approved_for_session: {
    mark: "✔ ",
    color: "green",
    before: "You approved codex-ts to ",
    after: " and similar requests for this session",
  },
  denied: { mark: "✗ ", color: "red", before: "You did not approve codex-ts to ", after: "" },
  abort: {
    mark: "✗ ",
    color: "red",
    before: "You cancelled the request to ",
    after: " and stopped the turn",
  },
} as const;

export function ApprovalDecisionCell({
  action,
  decision,
}: Pick<CellOf<"approval_decision">, "action" | "decision">) {
  const w = WORDING[decision];
  return (
    <Text>
      <Text color={w.color}>{w.mark}</Text>
      <Text>{w.before}</Text>
      <Text bold>{action}</Text>
      <Text>{w.after}</Text>
    </Text>
  );
}
