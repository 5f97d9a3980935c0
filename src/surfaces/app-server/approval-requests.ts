// Approval requests to the client: a command to run, a patch to apply. A subagent's request (forwarded
// through this thread) names the subagent's thread and turn, so the client shows it there.
import { quote } from "shell-quote";
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { OutputBuffer } from "./mapper-output.js";

export class ApprovalRequests {
  constructor(
    private readonly out: OutputBuffer,
    /** A subagent's thread, by agent id. */
    private readonly threadOfAgent: (agentId: number) => string | undefined,
  ) {}

  private scope(agentId: number | null | undefined, turnId: string | null | undefined) {
    const child = agentId === undefined || agentId === null ? undefined : this.threadOfAgent(agentId);
    return child
      ? { threadId: child, turnId: turnId ?? "" }
      : { threadId: this.out.threadId, turnId: this.out.turnId };
  }

  exec(msg: EventMsgOf<"exec_approval_request">): void {
    const command = quote(msg.command);
    this.out.request({
      kind: "execApproval",
      callId: msg.call_id,
      params: {
        ...this.scope(msg.agent_id, msg.turn_id),
        itemId: msg.call_id,
        startedAtMs: this.out.now(),
        // The one environment every codex-ts thread runs in (the thread's `environments`), as Codex names it.
        environmentId: "local",
        command,
        cwd: msg.cwd,
        reason: msg.reason ?? null,
        commandActions: [{ type: "unknown", command }],
        ...(msg.proposed_execpolicy_amendment
          ? { proposedExecpolicyAmendment: msg.proposed_execpolicy_amendment }
          : {}),
      },
    });
  }

  patch(msg: EventMsgOf<"apply_patch_approval_request">): void {
    this.out.request({
      kind: "patchApproval",
      callId: msg.call_id,
      params: {
        ...this.scope(msg.agent_id, msg.turn_id),
        itemId: msg.call_id,
        startedAtMs: this.out.now(),
        reason: msg.reason ?? null,
        grantRoot: msg.grant_root ?? null,
      },
    });
  }
}
