// The turns of one loaded thread: submitting a turn or a review, folding input sent during a turn into it
// (a steer), interrupting it, and waking whoever waits for it to end. thread-runtime.ts owns the engine and
// routes its events here.
import type { UserInputItem } from "../../protocol/user-input.js";
import type { Codex } from "../../core/codex.js";
import type { Event, OpOf } from "../../protocol/core-protocol.js";
import type { UserInput } from "../../protocol/app-server/v2/common.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import type { ThreadSettings, Turn } from "../../protocol/app-server/v2/thread.js";
import type { AppServerEventMapper } from "./event-mapper.js";
import { reviewHint } from "../../core/review/review-target.js";
import { badRequest } from "./errors.js";
import { unknownModelWarning } from "./model-warning.js";
import type { ThreadSettingsTracker } from "./thread-settings.js";

/** Watches the engine's events for one submission; true once it has seen the one it waited for. */
export type SubmissionWaiter = (event: Event) => boolean;

export interface ThreadTurnsContext {
  threadId: string;
  codex: Codex;
  mapper: AppServerEventMapper;
  settings: ThreadSettingsTracker;
  currentSettings: () => ThreadSettings;
  broadcast: (notification: ServerNotification) => void;
  /** A fresh submission id (`<kind>-<n>`, numbered across all of the thread's submissions). */
  nextSubmissionId: (kind: string) => string;
  /** Registers a waiter for the events of submission `subId`. */
  await: (subId: string, waiter: SubmissionWaiter) => void;
}

export class ThreadTurns {
  /** A turn submitted whose task has not started yet. */
  private pendingStart: Promise<Turn> | undefined;
  private readonly endWaiters = new Set<() => void>();

  constructor(private readonly context: ThreadTurnsContext) {}

  get runningTurnId(): string | undefined {
    return this.context.mapper.currentTurnId;
  }

  /** A turn is running or about to start. */
  get busy(): boolean {
    return this.pendingStart !== undefined || this.runningTurnId !== undefined;
  }

  /** Resolves when the running turn ends. */
  ended(): Promise<void> {
    return new Promise<void>((resolve) => this.endWaiters.add(resolve));
  }

  /** The thread's turn completed: everyone waiting for its end goes on. */
  noteEnded(): void {
    for (const resolve of this.endWaiters) resolve();
    this.endWaiters.clear();
  }

  /** Submits a user turn, or folds its input into the running one; `onStarted` as for submit. */
  startTurn(
    input: UserInput[],
    op: Omit<OpOf<"user_turn">, "type">,
    onStarted: (turn: Turn) => void,
  ): Promise<Turn> {
    return this.submit(input, { type: "user_turn", ...op }, onStarted);
  }

  /**
   * Starts a review as this thread's turn (a `review` op). Its user message is what the review is of, as
   * a person reads it ("current changes"); as Codex, the answer's turn already lists it.
   */
  startReview(request: OpOf<"review">["review_request"], onStarted: (turn: Turn) => void): Promise<Turn> {
    const hint = request.user_facing_hint ?? reviewHint(request.target);
    const input: UserInput[] = [{ type: "text", text: hint, text_elements: [] }];
    return this.submit(input, { type: "review", review_request: request }, (turn) =>
      onStarted({
        ...turn,
        items: [
          {
            type: "userMessage",
            id: turn.id,
            clientId: null,
            content: input,
            startedAtMs: null,
            completedAtMs: null,
          },
        ],
      }),
    );
  }

  /** Adds input to the running turn (read before its next model request). */
  steer(expectedTurnId: string, items: UserInputItem[]): string {
    if (this.runningTurnId !== expectedTurnId) {
      throw badRequest(`no running turn with id '${expectedTurnId}' in thread ${this.context.threadId}`);
    }
    this.context.codex.submit({ type: "steer", items });
    return expectedTurnId;
  }

  /**
   * Interrupts the running turn (a bad turn id throws at once); the promise resolves once it has ended.
   */
  interrupt(turnId: string): Promise<void> {
    if (this.runningTurnId !== turnId) {
      throw badRequest(`no running turn with id '${turnId}' in thread ${this.context.threadId}`);
    }
    const ended = this.ended();
    this.context.codex.submit({ type: "interrupt" });
    return ended;
  }

  /**
   * `onStarted` runs synchronously when the engine starts the turn, before turn/started goes out, so the
   * response can precede the notification.
   */
  private submit(
    input: UserInput[],
    op: OpOf<"user_turn"> | OpOf<"review">,
    onStarted: (turn: Turn) => void,
  ): Promise<Turn> {
    const { threadId, codex, mapper, settings, broadcast } = this.context;
    const running = this.runningTurnId;
    if (op.type === "review") {
      if (running || this.pendingStart) {
        throw badRequest(
          `thread ${threadId} already has a running turn${running ? ` (${running})` : ""}: interrupt it first`,
        );
      }
    } else {
      // As in Codex, input sent while a turn runs joins that turn (a steer) and the answer is that turn.
      if (running) return Promise.resolve(this.foldIn(running, op.items, onStarted));
      if (this.pendingStart) {
        const items = op.items;
        return this.pendingStart.then((turn) => this.foldIn(turn.id, items, onStarted));
      }
    }
    if (op.type === "user_turn") {
      // As Codex: before the turn starts, everyone subscribed learns the settings it changed.
      const changed = settings.apply(op);
      if (changed) broadcast({ method: "thread/settings/updated", params: changed });
      const warning = unknownModelWarning(threadId, this.context.currentSettings().model);
      if (warning) broadcast(warning);
    }
    const subId = this.context.nextSubmissionId("turn");
    mapper.setTurnInput(subId, input);
    const started = new Promise<Turn>((resolve, reject) => {
      this.context.await(subId, (event) => {
        if (event.msg.type === "task_started") {
          this.pendingStart = undefined;
          const id = event.msg.turn_id;
          const turn: Turn = {
            id,
            items: [],
            itemsView: "full",
            status: "inProgress",
            error: null,
            startedAt: Math.floor(Date.now() / 1000),
            completedAt: null,
            durationMs: null,
            rootTurnId: id,
          };
          onStarted(turn);
          resolve(turn);
          return true;
        }
        if (event.msg.type === "error") {
          this.pendingStart = undefined;
          reject(badRequest(event.msg.message));
          return true;
        }
        return false;
      });
      codex.submitWithId({ id: subId, op });
    });
    this.pendingStart = started;
    return started;
  }

  private foldIn(turnId: string, items: UserInputItem[], onStarted: (turn: Turn) => void): Turn {
    this.context.codex.submit({ type: "steer", items });
    // The running turn as Codex answers it: every field, its items not loaded here.
    const turn: Turn = {
      id: turnId,
      items: [],
      itemsView: "notLoaded",
      status: "inProgress",
      error: null,
      startedAt: null,
      completedAt: null,
      durationMs: null,
      rootTurnId: turnId,
    };
    onStarted(turn);
    return turn;
  }
}
