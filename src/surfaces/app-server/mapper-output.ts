// What the event mapper produces for one engine event: notifications, and approvals to ask the client for.
import type { UserInputQuestion } from "../../protocol/core-protocol.js";
import type { ThreadItem } from "../../protocol/app-server/v2/items.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import type {
  CommandExecutionRequestApprovalParams,
  FileChangeRequestApprovalParams,
  ToolRequestUserInputParams,
} from "../../protocol/app-server/v2/server-requests.js";

export type MapperOutput =
  | { kind: "notification"; notification: ServerNotification }
  | { kind: "execApproval"; callId: string; params: CommandExecutionRequestApprovalParams }
  | { kind: "patchApproval"; callId: string; params: FileChangeRequestApprovalParams }
  | {
      kind: "userInput";
      callId: string;
      params: ToolRequestUserInputParams;
      /** The engine's questions, to turn the answers (labels) back into option values. */
      questions: UserInputQuestion[];
    };

/** Where an item belongs: a thread and one of its turns. */
export interface ItemScope {
  threadId: string;
  turnId: string;
}

/** Collects the outputs of one mapping step, stamped with the thread, the current turn and the time. */
export class OutputBuffer {
  private outputs: MapperOutput[] = [];

  constructor(
    readonly threadId: string,
    private readonly currentTurnId: () => string | undefined,
    readonly now: () => number,
  ) {}

  get turnId(): string {
    return this.currentTurnId() ?? "";
  }

  notify(notification: ServerNotification): void {
    this.outputs.push({ kind: "notification", notification });
  }

  request(output: Exclude<MapperOutput, { kind: "notification" }>): void {
    this.outputs.push(output);
  }

  /**
   * item/started or item/completed, with a copy of the item (open items keep changing after this); in
   * this thread's current turn unless `scope` names another thread's (a subagent's) turn; at the engine's
   * time for the item when given.
   */
  item(method: "item/started" | "item/completed", item: ThreadItem, scope?: ItemScope, atMs?: number): void {
    const at = atMs ?? this.now();
    // The item carries its own times too, as Codex's do: started only, then both.
    const times =
      method === "item/started"
        ? { startedAtMs: at, completedAtMs: null }
        : { startedAtMs: item.startedAtMs ?? null, completedAtMs: at };
    const base = {
      threadId: scope?.threadId ?? this.threadId,
      turnId: scope?.turnId ?? this.turnId,
      item: { ...item, ...times },
    };
    if (method === "item/started") this.notify({ method, params: { ...base, startedAtMs: at } });
    else this.notify({ method, params: { ...base, completedAtMs: at, contentTokenCount: null } });
  }

  take(): MapperOutput[] {
    const taken = this.outputs;
    this.outputs = [];
    return taken;
  }
}
