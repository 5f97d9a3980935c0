// Session-wide services a turn hands to its tools: the approval gates and the round trips to the client.
import type { FileChange, UserInputAnswers, UserInputQuestion } from "../protocol/core-protocol.js";
import type { CommandGate } from "./approvals/command-gate.js";
import type { McpReviewRequest } from "./approvals/auto-review.js";
import type { ApprovalAnswer } from "./approvals/decisions.js";
import type { PatchGate } from "./approvals/patch-gate.js";

export interface TurnServices {
  commands: CommandGate;
  patches: PatchGate;
  askExec(
    callId: string,
    request: {
      command: string[];
      cwd: string;
      reason?: string;
      proposedAmendment?: string[];
      /** The command comes from `exec_command` (absent: `shell`). */
      source?: "unified_exec";
    },
    signal: AbortSignal,
  ): Promise<ApprovalAnswer>;
  askPatch(
    callId: string,
    request: { changes: Record<string, FileChange>; reason?: string },
    signal: AbortSignal,
  ): Promise<ApprovalAnswer>;
  /** `approvals_reviewer = "auto_review"`: an MCP tool call's approval goes to the reviewer. */
  reviewMcp?(callId: string, request: McpReviewRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
  /** Undefined when no user is attached. */
  askUser(
    callId: string,
    turnId: string,
    questions: UserInputQuestion[],
    signal: AbortSignal,
  ): Promise<UserInputAnswers | undefined>;
  /** Ends the running task, as an interrupt does (the user chose "abort" in an approval). */
  abortTask(): void;
}
