// Command and file-change items: started, streamed, completed, asked about, or declined. Part of the event
// mapper; keyed by the tool call id, which is also the item id. A subagent's approval request (and what
// became of the call) belongs to the subagent's thread and turn, not this thread's.
import { quote } from "shell-quote";
import { StringDecoder } from "node:string_decoder";
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { TurnStatus } from "../../protocol/app-server/v2/common.js";
import type { ThreadItemOf } from "../../protocol/app-server/v2/items.js";
import type { ItemScope, OutputBuffer } from "./mapper-output.js";
import { toFileChanges } from "./wire-conversions.js";

type CommandItem = ThreadItemOf<"commandExecution">;
type FileChangeItem = ThreadItemOf<"fileChange">;

function commandItem(callId: string, command: string[], cwd: string): CommandItem {
  const text = quote(command);
  return {
    type: "commandExecution",
    id: callId,
    command: text,
    cwd,
    commandActions: [{ type: "unknown", command: text }],
    status: "inProgress",
    aggregatedOutput: null,
    exitCode: null,
    durationMs: null,
  };
}

export class ToolItems {
  private readonly commands = new Map<string, CommandItem>();
  private readonly decoders = new Map<string, StringDecoder>();
  private readonly patches = new Map<string, FileChangeItem>();
  private readonly execRequests = new Map<string, EventMsgOf<"exec_approval_request">>();
  /** Calls of subagents (asked about through this thread): where their items go. */
  private readonly childScopes = new Map<string, ItemScope>();

  constructor(
    private readonly out: OutputBuffer,
    /** A subagent's thread, by agent id. */
    private readonly threadOfAgent: (agentId: number) => string | undefined = () => undefined,
  ) {}

  /** Remembers where a subagent's call belongs; undefined for this thread's own calls. */
  private scopeOfRequest(
    callId: string,
    agentId: number | null | undefined,
    turnId: string | null | undefined,
  ) {
    if (agentId === undefined || agentId === null) return undefined;
    const threadId = this.threadOfAgent(agentId);
    if (!threadId) return undefined;
    const scope = { threadId, turnId: turnId ?? "" };
    this.childScopes.set(callId, scope);
    return scope;
  }

  private item(method: "item/started" | "item/completed", item: CommandItem | FileChangeItem): void {
    this.out.item(method, item, this.childScopes.get(item.id));
    if (method === "item/completed") this.childScopes.delete(item.id);
  }

  execApproval(msg: EventMsgOf<"exec_approval_request">): void {
    this.execRequests.set(msg.call_id, msg);
    const scope = this.scopeOfRequest(msg.call_id, msg.agent_id, msg.turn_id);
    const command = quote(msg.command);
    this.out.request({
      kind: "execApproval",
      callId: msg.call_id,
      params: {
        threadId: scope?.threadId ?? this.out.threadId,
        turnId: scope?.turnId ?? this.out.turnId,
        itemId: msg.call_id,
        startedAtMs: this.out.now(),
        command,
        cwd: msg.cwd,
        reason: msg.reason ?? null,
        commandActions: [{ type: "unknown", command }],
      },
    });
  }

  commandBegin(msg: EventMsgOf<"exec_command_begin">): void {
    this.execRequests.delete(msg.call_id);
    const item = commandItem(msg.call_id, msg.command, msg.cwd);
    this.commands.set(msg.call_id, item);
    this.item("item/started", item);
  }

  /** Output arrives as base64 chunks that may split a UTF-8 character; a decoder per command joins them. */
  commandOutput(msg: EventMsgOf<"exec_command_output_delta">): void {
    let decoder = this.decoders.get(msg.call_id);
    if (!decoder) this.decoders.set(msg.call_id, (decoder = new StringDecoder("utf8")));
    const delta = decoder.write(Buffer.from(msg.chunk, "base64"));
    if (delta === "") return;
    const scope = this.childScopes.get(msg.call_id) ?? {
      threadId: this.out.threadId,
      turnId: this.out.turnId,
    };
    this.out.notify({
      method: "item/commandExecution/outputDelta",
      params: { ...scope, itemId: msg.call_id, delta },
    });
  }

  commandEnd(msg: EventMsgOf<"exec_command_end">): void {
    const started = this.commands.get(msg.call_id) ?? commandItem(msg.call_id, msg.command, msg.cwd);
    this.commands.delete(msg.call_id);
    this.decoders.delete(msg.call_id);
    this.item("item/completed", {
      ...started,
      status: msg.exit_code === 0 ? "completed" : "failed",
      aggregatedOutput: msg.aggregated_output,
      exitCode: msg.exit_code,
      durationMs: Math.round(msg.duration_ms),
    });
  }

  patchApproval(msg: EventMsgOf<"apply_patch_approval_request">): void {
    const scope = this.scopeOfRequest(msg.call_id, msg.agent_id, msg.turn_id);
    // The item shows first, so the client can display the diff it is asked about.
    this.patchBegin(msg.call_id, msg.changes);
    this.out.request({
      kind: "patchApproval",
      callId: msg.call_id,
      params: {
        threadId: scope?.threadId ?? this.out.threadId,
        turnId: scope?.turnId ?? this.out.turnId,
        itemId: msg.call_id,
        startedAtMs: this.out.now(),
        reason: msg.reason ?? null,
        grantRoot: msg.grant_root ?? null,
      },
    });
  }

  patchBegin(callId: string, changes: EventMsgOf<"patch_apply_begin">["changes"]): void {
    if (this.patches.has(callId)) return;
    const item: FileChangeItem = {
      type: "fileChange",
      id: callId,
      changes: toFileChanges(changes),
      status: "inProgress",
    };
    this.patches.set(callId, item);
    this.item("item/started", item);
  }

  patchEnd(callId: string, success: boolean): void {
    const item = this.patches.get(callId) ?? {
      type: "fileChange",
      id: callId,
      changes: [],
      status: "inProgress",
    };
    this.patches.delete(callId);
    this.item("item/completed", { ...item, status: success ? "completed" : "failed" });
  }

  /** A refused command or patch shows as a declined item; an approved one goes on as usual. */
  decided(callId: string, decision: ReviewDecision): void {
    if (decision === "approved" || decision === "approved_for_session") return;
    const request = this.execRequests.get(callId);
    this.execRequests.delete(callId);
    if (request) {
      const item = commandItem(callId, request.command, request.cwd);
      this.item("item/started", item);
      this.item("item/completed", { ...item, status: "declined" });
    }
    const patch = this.patches.get(callId);
    if (patch) {
      this.patches.delete(callId);
      this.item("item/completed", { ...patch, status: "declined" });
    }
    this.childScopes.delete(callId);
  }

  /**
   * A subagent stopped working: its unanswered requests are moot (a started fileChange item completes as
   * failed). When it was cancelled, its running commands are gone too. Commands of a child that is only
   * idle stay open: an exec_command session can outlive the turn that started it.
   */
  settleChild(threadId: string, cancelled: boolean): void {
    for (const [callId, scope] of this.childScopes) {
      if (scope.threadId !== threadId) continue;
      const patch = this.patches.get(callId);
      const command = this.commands.get(callId);
      if (command && !cancelled) continue;
      if (patch) this.item("item/completed", { ...patch, status: "failed" });
      if (command) this.item("item/completed", { ...command, status: "failed" });
      this.patches.delete(callId);
      this.commands.delete(callId);
      this.decoders.delete(callId);
      this.execRequests.delete(callId);
      this.childScopes.delete(callId);
    }
  }

  /**
   * Items still open when the turn ends (an interrupt) complete with what they have. A subagent's items
   * belong to its own turn, which goes on: they stay open until their call ends.
   */
  closeAll(turnStatus: TurnStatus): void {
    const status = turnStatus === "completed" ? "completed" : "failed";
    const own = (callId: string) => !this.childScopes.has(callId);
    for (const [callId, item] of this.commands) {
      if (!own(callId)) continue;
      this.out.item("item/completed", { ...item, status });
      this.commands.delete(callId);
      this.decoders.delete(callId);
    }
    for (const [callId, item] of this.patches) {
      if (!own(callId)) continue;
      this.out.item("item/completed", { ...item, status });
      this.patches.delete(callId);
    }
    for (const callId of this.execRequests.keys()) if (own(callId)) this.execRequests.delete(callId);
  }
}
