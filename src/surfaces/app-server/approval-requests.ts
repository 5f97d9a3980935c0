// Approval requests to the client: a command to run, a patch to apply. A subagent's request (forwarded
// through this thread) names the subagent's thread and turn, so the client shows it there.
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { CommandExecutionApprovalDecision } from "../../protocol/app-server/v2/server-requests.js";
import type { ThreadItemOf } from "../../protocol/app-server/v2/items.js";
import { toThreadItem } from "./item-projection.js";
import type { OutputBuffer } from "./mapper-output.js";

export class ApprovalRequests {
  /** Command items this thread started at their approval request: the engine's own start is not sent again. */
  private readonly startedAtRequest = new Set<string>();

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

  /** True once for an item this thread already started at its approval request. */
  takeStarted(itemId: string): boolean {
    return this.startedAtRequest.delete(itemId);
  }

  /** The turn ended: a command asked about and never run stays as Codex leaves it, open. */
  turnEnded(): void {
    this.startedAtRequest.clear();
  }

  /**
   * As Codex: the command's item starts (in progress, no process yet) before the question, so a client
   * shows the command the dialog is about, on the thread that runs it (a subagent's on its own thread);
   * `startItem` false for a question asked outside a turn.
   */
  exec(msg: EventMsgOf<"exec_approval_request">, startItem: boolean): void {
    // The item as the engine will start it (in progress, no process yet), projected as every item is.
    const item = toThreadItem({
      type: "commandExecution",
      id: msg.call_id,
      command: msg.command,
      cwd: msg.cwd,
      status: "in_progress",
      aggregated_output: null,
      exit_code: null,
      duration_ms: null,
    }) as ThreadItemOf<"commandExecution">;
    const { command, commandActions } = item;
    const scope = this.scope(msg.agent_id, msg.turn_id);
    const startedAtMs = this.out.now();
    // A subagent not known here (its thread never announced) gets no item on this thread.
    const knownThread = (msg.agent_id ?? null) === null || scope.threadId !== this.out.threadId;
    if (startItem && knownThread && !isMcpToolApproval(msg)) {
      this.startedAtRequest.add(msg.call_id);
      this.out.item("item/started", item, scope, startedAtMs);
    }
    const amendment = msg.proposed_execpolicy_amendment ?? undefined;
    // What Codex offers for a command: run it once, allow commands like it for good, or stop the turn.
    const availableDecisions: CommandExecutionApprovalDecision[] = [
      "accept",
      ...(amendment ? [{ acceptWithExecpolicyAmendment: { execpolicy_amendment: amendment } }] : []),
      "cancel",
    ];
    this.out.request({
      kind: "execApproval",
      callId: msg.call_id,
      params: {
        kind: "command",
        ...scope,
        itemId: msg.call_id,
        startedAtMs,
        // The one environment every codex-ts thread runs in (the thread's `environments`), as Codex names it.
        environmentId: "local",
        command,
        cwd: msg.cwd,
        // As Codex: no `reason` key when there is none.
        ...(msg.reason ? { reason: msg.reason } : {}),
        commandActions,
        ...(amendment ? { proposedExecpolicyAmendment: amendment } : {}),
        availableDecisions,
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

/** An MCP tool's approval travels as an `mcp <server> <tool> <arguments>` command (src/mcp/tool-approval.ts): no command item. */
function isMcpToolApproval(msg: EventMsgOf<"exec_approval_request">): boolean {
  return msg.command[0] === "mcp" && msg.command.length === 4 && (msg.reason ?? "").startsWith("MCP server ");
}
