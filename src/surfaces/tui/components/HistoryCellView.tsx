// One finished history cell, whatever its kind. Each is separated from the one above by a blank line.
import { Box } from "ink";
import type { HistoryCell } from "../state/cells.js";
import { AgentMessageCell } from "./cells/AgentMessageCell.js";
import { ApprovalDecisionCell } from "./cells/ApprovalDecisionCell.js";
import { ExecCell } from "./cells/ExecCell.js";
import { NoticeCell } from "./cells/NoticeCell.js";
import { PatchCell } from "./cells/PatchCell.js";
import { PlanCell } from "./cells/PlanCell.js";
import { ProposedPlanCell } from "./cells/ProposedPlanCell.js";
import { ReasoningCell } from "./cells/ReasoningCell.js";
import { SessionHeaderCell } from "./cells/SessionHeaderCell.js";
import { StatusCardCell } from "./cells/StatusCardCell.js";
import { SubagentCallCell } from "./cells/SubagentCallCell.js";
import { UserAnswersCell } from "./cells/UserAnswersCell.js";
import { UserMessageCell } from "./cells/UserMessageCell.js";

function CellBody({ cell, width }: { cell: HistoryCell; width: number }) {
  switch (cell.kind) {
    case "session_header":
      return <SessionHeaderCell version={cell.version} session={cell.session} />;
    case "user":
      return <UserMessageCell cell={cell} />;
    case "agent":
      return <AgentMessageCell markdown={cell.markdown} width={width} continued={cell.continued ?? false} />;
    case "reasoning":
      return <ReasoningCell text={cell.text} width={width} />;
    case "exec":
      return <ExecCell run={cell.run} />;
    case "patch":
      return <PatchCell run={cell.run} />;
    case "plan":
      return <PlanCell steps={cell.steps} {...(cell.explanation ? { explanation: cell.explanation } : {})} />;
    case "proposed_plan":
      return <ProposedPlanCell markdown={cell.markdown} width={width} />;
    case "notice":
      return <NoticeCell level={cell.level} text={cell.text} />;
    case "approval_decision":
      return (
        <ApprovalDecisionCell
          action={cell.action}
          decision={cell.decision}
          {...(cell.actor ? { actor: cell.actor } : {})}
        />
      );
    case "status_card":
      return <StatusCardCell title={cell.title} rows={cell.rows} />;
    case "user_answers":
      return <UserAnswersCell answers={cell.answers} />;
    case "subagent_call":
      return <SubagentCallCell call={cell.call} />;
  }
}

/** `width`: the terminal's columns when the cell is committed; text is wrapped to it, exactly. */
export function HistoryCellView({ cell, width = 80 }: { cell: HistoryCell; width?: number }) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <CellBody cell={cell} width={width} />
    </Box>
  );
}
