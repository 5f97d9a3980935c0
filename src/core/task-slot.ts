// A session's one running task: who started it, how to abort it, when it is done, and the input steered
// into it while it runs. A new task replaces the running one (aborted as "replaced") first.
import type { UserInputItem } from "../protocol/user-input.js";
import { TaskAbort } from "./task.js";

interface RunningTask {
  subId: string;
  controller: AbortController;
  done: Promise<void>;
}

export class TaskSlot {
  private running: RunningTask | undefined;
  /** Input steered into the running task, not yet sent to the model. */
  private steered: UserInputItem[][] = [];

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** The submission of the running task, if any. */
  get subId(): string | undefined {
    return this.running?.subId;
  }

  /**
   * Runs `body` as the slot's task. `onEnd` runs after it, whatever its outcome, before `idle()` resolves.
   * The caller aborts a running task first (`abort`): the slot holds one.
   */
  start(
    subId: string,
    body: (controller: AbortController) => Promise<void>,
    onEnd: () => Promise<void>,
  ): void {
    const controller = new AbortController();
    const done = body(controller).finally(async () => {
      if (this.running?.controller === controller) {
        this.running = undefined;
        // Input steered into a task that ended without reading it belongs to no later task.
        this.steered = [];
      }
      await onEnd();
    });
    this.running = { subId, controller, done };
  }

  /** Aborts the running task and waits for its end. */
  async abort(reason: "interrupted" | "replaced"): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort(new TaskAbort(reason));
    await running.done;
  }

  /** Interrupts the running task (without waiting); false when none runs. */
  interrupt(): boolean {
    if (!this.running) return false;
    this.running.controller.abort(new TaskAbort("interrupted"));
    return true;
  }

  /** Resolves when no task runs. */
  async idle(): Promise<void> {
    await this.running?.done;
  }

  /** Adds input to the running task; false when no task runs. */
  steer(items: UserInputItem[]): boolean {
    if (!this.running) return false;
    this.steered.push(items);
    return true;
  }

  /** How the running task reads steered input between its turns. */
  readonly steering = {
    take: (): UserInputItem[][] => this.steered.splice(0),
    pending: (): boolean => this.steered.length > 0,
  };
}
