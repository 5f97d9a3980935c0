// What the engine asks the client and waits for: approval of a command or a patch, and answers to the
// model's questions. Each request goes out as an event and waits, by call id, for the client's op.
import type {
  FileChange,
  KnownEventMsg,
  UserInputAnswers,
  UserInputQuestion,
} from "../protocol/core-protocol.js";
import type { ReviewDecision } from "../protocol/policies.js";
import { PendingRequests } from "./pending-requests.js";

type Emit = (msg: KnownEventMsg) => void;

export class ClientRequests {
  private readonly execApprovals = new PendingRequests<ReviewDecision>();
  private readonly patchApprovals = new PendingRequests<ReviewDecision>();
  private readonly userInputs = new PendingRequests<UserInputAnswers | undefined>();

  /** `interactive` false: nobody can answer questions (exec), so the model is told so at once. */
  constructor(private readonly interactive: boolean) {}

  askExec(
    emit: Emit,
    callId: string,
    request: { command: string[]; cwd: string; reason?: string; proposedAmendment?: string[] },
    signal: AbortSignal,
  ): Promise<ReviewDecision> {
    emit({
      type: "exec_approval_request",
      call_id: callId,
      command: request.command,
      cwd: request.cwd,
      reason: request.reason ?? null,
      ...(request.proposedAmendment ? { proposed_execpolicy_amendment: request.proposedAmendment } : {}),
    });
    return this.execApprovals.wait(callId, signal, "abort");
  }

  /** Waits for an exec decision whose request the caller announced itself (MCP tool approvals). */
  waitForExec(callId: string, signal: AbortSignal): Promise<ReviewDecision> {
    return this.execApprovals.wait(callId, signal, "abort");
  }

  askPatch(
    emit: Emit,
    callId: string,
    request: { changes: Record<string, FileChange>; reason?: string },
    signal: AbortSignal,
  ): Promise<ReviewDecision> {
    emit({
      type: "apply_patch_approval_request",
      call_id: callId,
      changes: request.changes,
      reason: request.reason ?? null,
    });
    return this.patchApprovals.wait(callId, signal, "abort");
  }

  askUser(
    emit: Emit,
    callId: string,
    turnId: string,
    questions: UserInputQuestion[],
    signal: AbortSignal,
  ): Promise<UserInputAnswers | undefined> {
    if (!this.interactive) {
      // The tool tells the model; this tells whoever reads the run why its questions went unanswered.
      const asked = questions.map((q) => `"${q.question}"`).join(", ");
      emit({
        type: "warning",
        message: `the model asked ${asked} (request_user_input), but no user can answer in this run; it was told to make a reasonable assumption and go on`,
      });
      return Promise.resolve(undefined);
    }
    emit({ type: "request_user_input", call_id: callId, turn_id: turnId, questions });
    return this.userInputs.wait(callId, signal, undefined);
  }

  hasPendingExec(id: string): boolean {
    return this.execApprovals.has(id);
  }

  /** False when nothing waits under that id. */
  resolveExec(id: string, decision: ReviewDecision): boolean {
    return this.execApprovals.resolve(id, decision);
  }

  resolvePatch(id: string, decision: ReviewDecision): boolean {
    return this.patchApprovals.resolve(id, decision);
  }

  resolveUserInput(id: string, answers: UserInputAnswers): boolean {
    return this.userInputs.resolve(id, answers);
  }
}
