// Approvals: an exec or patch approval request becomes `session/request_permission`; the option the user
// picks flows back into the engine as a ReviewDecision. `session/cancel` withdraws every open request.
import { quote } from "shell-quote";
import type {
  AgentContext,
  PermissionOption,
  RequestPermissionResponse,
  SessionUpdate,
  ToolCall,
} from "@agentclientprotocol/sdk";
import type { EventMsgOf, Op } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import { absolutePath, changeDiffs, commandKind, textContent, type ToolCallLedger } from "./tool-calls.js";

type ApprovalRequest = EventMsgOf<"exec_approval_request"> | EventMsgOf<"apply_patch_approval_request">;

/**
 * The four options. "Always" for a command the engine proposes a prefix for (`git push`, `npm run`) writes an
 * allow rule to the user's rules file, as the app-server's "accept with amendment" does, so it holds in later
 * sessions too; for other commands and for patches it holds for this session.
 */
function options(amendment: string[] | undefined): PermissionOption[] {
  return [
    { optionId: "allow_once", name: "Allow", kind: "allow_once" },
    {
      optionId: "allow_always",
      name: amendment
        ? `Always allow commands starting with \`${quote(amendment)}\``
        : "Allow for this session",
      kind: "allow_always",
    },
    { optionId: "reject_once", name: "Reject", kind: "reject_once" },
    { optionId: "reject_always", name: "Reject for this session", kind: "reject_always" },
  ];
}

const DECISIONS: Record<string, ReviewDecision> = {
  allow_once: "approved",
  allow_always: "approved_for_session",
  reject_once: "denied",
  reject_always: "denied",
};

export interface PermissionHost {
  client: AgentContext;
  sessionId(): string;
  cwd: string;
  calls: ToolCallLedger;
  /** Sends a session update in order with the rest of the session's updates. */
  send(update: SessionUpdate): Promise<void>;
  submit(op: Op): void;
}

export class Permissions {
  private readonly open = new Map<string, { abort: AbortController; answer: (d: ReviewDecision) => void }>();
  /** Commands and patch targets the user rejected "for this session": denied without asking again. */
  private readonly rejected = new Set<string>();

  constructor(private readonly host: PermissionHost) {}

  /** Asks the client; resolves once the engine has the answer. Not awaited by the event pump. */
  async ask(msg: ApprovalRequest): Promise<void> {
    const isExec = msg.type === "exec_approval_request";
    const key = isExec ? `exec:${quote(msg.command)}` : `patch:${Object.keys(msg.changes).sort().join("\n")}`;
    const amendment =
      isExec && msg.proposed_execpolicy_amendment?.length ? msg.proposed_execpolicy_amendment : undefined;
    const answerOp = (decision: ReviewDecision): Op => {
      if (!isExec) return { type: "patch_approval", id: msg.call_id, decision };
      // The engine writes the rule when an approval carries the amendment.
      if (amendment && decision === "approved_for_session") {
        return {
          type: "exec_approval",
          id: msg.call_id,
          decision: "approved",
          execpolicy_amendment: amendment,
        };
      }
      return { type: "exec_approval", id: msg.call_id, decision };
    };
    const call = this.toolCall(msg);
    await this.host.send(this.host.calls.open(call));
    if (this.rejected.has(key)) {
      await this.finish(msg.call_id, "denied", answerOp);
      return;
    }

    const abort = new AbortController();
    let settled = false;
    const answer = (decision: ReviewDecision) => {
      if (settled) return;
      settled = true;
      this.open.delete(msg.call_id);
      void this.finish(msg.call_id, decision, answerOp);
    };
    this.open.set(msg.call_id, { abort, answer });
    let response: RequestPermissionResponse;
    try {
      response = await this.host.client.request(
        "session/request_permission",
        { sessionId: this.host.sessionId(), toolCall: call, options: options(amendment) },
        { cancellationSignal: abort.signal },
      );
    } catch {
      // The client failed the request (or the connection closed): nothing was allowed.
      answer("abort");
      return;
    }
    if (response.outcome.outcome === "cancelled") return answer("abort");
    const optionId = response.outcome.optionId;
    if (optionId === "reject_always") this.rejected.add(key);
    answer(DECISIONS[optionId] ?? "denied");
  }

  /** `session/cancel`: every open request is withdrawn and the engine told to stop there. */
  cancelAll(): void {
    for (const { abort, answer } of [...this.open.values()]) {
      answer("abort");
      abort.abort();
    }
  }

  private async finish(
    callId: string,
    decision: ReviewDecision,
    op: (d: ReviewDecision) => Op,
  ): Promise<void> {
    this.host.submit(op(decision));
    if (decision === "denied" || decision === "abort") {
      const why = decision === "abort" ? "Cancelled" : "Rejected";
      await this.host.send(
        this.host.calls.update({ toolCallId: callId, status: "failed", content: [textContent(why)] }),
      );
    }
  }

  private toolCall(msg: ApprovalRequest): ToolCall {
    const reason = msg.reason ? { reason: msg.reason } : {};
    if (msg.type === "exec_approval_request") {
      const command = quote(msg.command);
      return {
        toolCallId: msg.call_id,
        title: command,
        kind: commandKind(command),
        status: "pending",
        rawInput: { command: msg.command, cwd: msg.cwd, ...reason },
        ...(msg.reason ? { content: [textContent(msg.reason)] } : {}),
      };
    }
    const paths = Object.keys(msg.changes);
    return {
      toolCallId: msg.call_id,
      title: `Edit ${paths.join(", ")}`,
      kind: "edit",
      status: "pending",
      locations: paths.map((p) => ({ path: absolutePath(p, this.host.cwd) })),
      content: changeDiffs(msg.changes, this.host.cwd),
      rawInput: { changes: msg.changes, ...reason },
    };
  }
}
