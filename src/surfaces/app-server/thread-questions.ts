// The questions a loaded thread's engine asks its clients: command and patch approvals and the model's
// questions to the user. Each goes to the first subscribed client; the answer goes back to the engine, and
// every subscriber learns it was resolved. Questions still out when their turn ends are moot.
import type { Codex } from "../../core/codex.js";
import type { UserInputAnswers } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import { askClient } from "./client-requests.js";
import type { Connection } from "./connection.js";
import type { AppServerEventMapper, MapperOutput } from "./event-mapper.js";
import type { Logger } from "./log.js";
import { toEngineAnswers } from "./user-input.js";
import { toReviewDecision } from "./wire-conversions.js";

export type ApprovalOutput = Extract<MapperOutput, { kind: "execApproval" | "patchApproval" }>;
export type UserInputOutput = Extract<MapperOutput, { kind: "userInput" }>;

export interface QuestionContext {
  threadId: string;
  codex: Codex;
  mapper: AppServerEventMapper;
  logger: Logger;
  subscribers: () => Iterable<Connection>;
  broadcast: (notification: ServerNotification) => void;
}

export class ThreadQuestions {
  private readonly pending = new Map<string, { controller: AbortController; threadId: string }>();

  constructor(private readonly ctx: QuestionContext) {}

  /** The engine gave up on the questions of a thread whose turn ended: stop waiting for their answers. */
  settle(endedThreadId: string): void {
    for (const { controller, threadId } of this.pending.values()) {
      if (threadId === endedThreadId) controller.abort();
    }
  }

  abortAll(): void {
    for (const { controller } of this.pending.values()) controller.abort();
  }

  private firstClient(): Connection | undefined {
    return [...this.ctx.subscribers()].find((c) => c.isOpen && c.state === "ready");
  }

  async askApproval(output: ApprovalOutput): Promise<void> {
    const connection = this.firstClient();
    const controller = new AbortController();
    this.pending.set(output.callId, { controller, threadId: output.params.threadId });
    let decision: ReviewDecision | undefined = "denied";
    let amendment: string[] | undefined;
    let requestId: number | undefined;
    try {
      if (!connection) throw new Error("no client is subscribed to answer it");
      const options = { signal: controller.signal };
      const request =
        output.kind === "execApproval"
          ? askClient(connection, "item/commandExecution/requestApproval", output.params, options)
          : askClient(connection, "item/fileChange/requestApproval", output.params, options);
      requestId = request.id;
      const answer = (await request.result).decision;
      decision = toReviewDecision(answer);
      if (typeof answer === "object" && "acceptWithExecpolicyAmendment" in answer) {
        amendment = answer.acceptWithExecpolicyAmendment.execpolicy_amendment;
      }
    } catch (err) {
      // Cancelled: the turn ended and the engine no longer waits. Otherwise nobody could say yes.
      decision = controller.signal.aborted ? undefined : "denied";
      this.ctx.logger.warn(
        `thread ${this.ctx.threadId}: approval ${output.callId}: ${(err as Error).message}`,
      );
    } finally {
      this.pending.delete(output.callId);
    }
    if (decision) {
      if (output.kind === "execApproval") {
        this.ctx.codex.submit({
          type: "exec_approval",
          id: output.callId,
          decision,
          ...(amendment ? { execpolicy_amendment: amendment } : {}),
        });
      } else {
        this.ctx.codex.submit({ type: "patch_approval", id: output.callId, decision });
      }
    }
    // As Codex: the request is resolved before the thread stops waiting on it.
    this.resolved(output.params.threadId, requestId);
    if (decision) this.broadcastOutputs(this.ctx.mapper.approvalDecided(output.callId));
  }

  /** The model's questions; no answer (no client, an error) is no answers. */
  async askUser(output: UserInputOutput): Promise<void> {
    const controller = new AbortController();
    this.pending.set(output.callId, { controller, threadId: output.params.threadId });
    let answers: UserInputAnswers = {};
    let requestId: number | undefined;
    try {
      const connection = this.firstClient();
      if (!connection) throw new Error("no client is subscribed to answer it");
      const request = askClient(connection, "item/tool/requestUserInput", output.params, {
        signal: controller.signal,
      });
      requestId = request.id;
      answers = toEngineAnswers(output.questions, await request.result);
    } catch (err) {
      this.ctx.logger.warn(
        `thread ${this.ctx.threadId}: user input ${output.callId}: ${(err as Error).message}`,
      );
    } finally {
      this.pending.delete(output.callId);
    }
    const answered = !controller.signal.aborted;
    if (answered) {
      this.ctx.codex.submit({ type: "user_input_answer", id: output.callId, response: { answers } });
    }
    // As Codex: resolved before the thread stops waiting on it.
    this.resolved(output.params.threadId, requestId);
    if (answered) this.broadcastOutputs(this.ctx.mapper.inputAnswered(output.callId));
  }

  private broadcastOutputs(outputs: MapperOutput[]): void {
    for (const o of outputs) if (o.kind === "notification") this.ctx.broadcast(o.notification);
  }

  private resolved(threadId: string, requestId: number | undefined): void {
    if (requestId !== undefined && requestId >= 0) {
      this.ctx.broadcast({ method: "serverRequest/resolved", params: { threadId, requestId } });
    }
  }
}
