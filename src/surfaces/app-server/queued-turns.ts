// Messages queued for a thread (thread/queue/*, `codex-ts queue`) become its user turns, as in Codex 0.169:
// one at a time, in order, whenever the thread is loaded and idle (when it is resumed, when a message comes
// while it is idle, when its turn ends). A turn the user interrupted pauses the thread's queue until a turn
// is started again by hand, so an interrupt is not followed at once by the next queued message.
import { uuidv7 } from "../../core/ids.js";
import { MessageQueue, type QueuedMessage } from "../../rollout/message-queue.js";
import type { UserInput } from "../../protocol/app-server/v2/common.js";
import type { QueuedSubmission } from "../../protocol/app-server/v2/thread-queue.js";
import type { Turn } from "../../protocol/app-server/v2/thread.js";
import { ErrorCode } from "../../protocol/app-server/jsonrpc.js";
import { AppServerError, badRequest } from "./errors.js";
import type { ServerHost } from "./server-host.js";
import type { ThreadRuntime } from "./thread-runtime.js";
import type { ThreadCatalog } from "./threads/thread-catalog.js";
import { toCoreInput } from "./wire-conversions.js";

export function toSubmission(message: QueuedMessage): QueuedSubmission {
  return {
    id: message.id,
    input: message.input as UserInput[],
    clientUserMessageId: message.clientUserMessageId,
    responsesapiClientMetadata: message.responsesapiClientMetadata,
  };
}

export class QueuedTurns {
  private store: Promise<MessageQueue> | undefined;
  /** Threads whose last turn was interrupted: their queue waits for a turn started by hand. */
  private readonly paused = new Set<string>();
  /** Threads whose next queued message is being started: one at a time, or two would share a turn. */
  private readonly starting = new Set<string>();

  constructor(
    private readonly server: ServerHost,
    private readonly catalog: ThreadCatalog,
    private readonly loaded: (threadId: string) => ThreadRuntime | undefined,
  ) {}

  /** The queue file, opened in the SQLite folder once first needed (tried again after a failure). */
  queue(): Promise<MessageQueue> {
    if (this.store) return this.store;
    const store = (async () => {
      const dirs = await this.server.options.stateDirs?.();
      return MessageQueue.open(dirs?.sqliteHome ?? this.server.codexHome);
    })();
    this.store = store;
    store.catch(() => {
      if (this.store === store) this.store = undefined;
    });
    return store;
  }

  /**
   * The thread a message may be queued for: one with a rollout, not archived (worded as Codex words it,
   * with its error codes).
   */
  async checkThread(threadId: string, options: { archivedToo?: boolean } = {}): Promise<void> {
    if (this.loaded(threadId)) return;
    let archived: boolean;
    try {
      ({ archived } = await this.catalog.find(threadId));
    } catch {
      throw new AppServerError(
        ErrorCode.internalError,
        `failed to read thread: invalid thread-store request: no rollout found for thread id ${threadId}`,
      );
    }
    if (archived && !options.archivedToo) {
      throw badRequest(
        `session ${threadId} is archived. Run \`codex-ts unarchive ${threadId}\` to unarchive it first.`,
      );
    }
  }

  async add(
    threadId: string,
    input: UserInput[],
    clientUserMessageId: string,
    metadata: Record<string, string> | null,
  ): Promise<QueuedSubmission> {
    // Codex's words for an empty input (its queue holds user input only).
    if (input.length === 0) throw badRequest("only user input can be added to the user-message queue");
    await this.checkThread(threadId);
    const message = (await this.queue()).add({
      id: uuidv7(),
      threadId,
      input,
      clientUserMessageId,
      responsesapiClientMetadata: metadata,
    });
    this.changed(threadId);
    const thread = this.loaded(threadId);
    if (thread) void this.next(thread);
    return toSubmission(message);
  }

  async list(threadId: string): Promise<QueuedSubmission[]> {
    return (await this.queue()).list(threadId).map(toSubmission);
  }

  async remove(threadId: string, id: string): Promise<boolean> {
    const deleted = (await this.queue()).remove(threadId, id);
    if (deleted) this.changed(threadId);
    return deleted;
  }

  /** A thread was loaded from its rollout: its queue runs, unless its last turn had been interrupted. */
  threadLoaded(thread: ThreadRuntime, lastTurn: Turn | undefined): void {
    // Loaded afresh, the rollout is what says whether the queue waits (a pause from before may be stale).
    if (lastTurn?.status === "interrupted") this.paused.add(thread.threadId);
    else this.paused.delete(thread.threadId);
    void this.next(thread);
  }

  /** A turn started by hand (turn/start) lets the queue go on after it. */
  turnStartedByHand(threadId: string): void {
    this.paused.delete(threadId);
  }

  /** One of the thread's turns ended: the next queued message follows, unless the user interrupted. */
  turnEnded(thread: ThreadRuntime, status: Turn["status"]): void {
    if (status === "interrupted") {
      this.paused.add(thread.threadId);
      return;
    }
    void this.next(thread);
  }

  /** Starts the thread's first queued message as a turn, when the thread is idle and its queue not paused. */
  private async next(thread: ThreadRuntime): Promise<void> {
    const id = thread.threadId;
    if (thread.busy || this.paused.has(id) || this.starting.has(id)) return;
    this.starting.add(id);
    try {
      const queue = await this.queue();
      if (thread.busy || this.loaded(id) !== thread) return;
      // Left queued until its turn has started: a turn that fails to start loses nothing.
      const message = queue.first(id);
      if (!message) return;
      const input = message.input as UserInput[];
      await thread.startTurn(
        input,
        { items: toCoreInput(input), client_id: message.clientUserMessageId },
        () => {
          if (queue.remove(id, message.id)) this.changed(id);
        },
      );
    } catch (err) {
      this.server.logger.error(`thread ${id}: a queued message could not start: ${(err as Error).message}`);
    } finally {
      this.starting.delete(id);
    }
  }

  /** Tells the thread's clients its queue changed (they read it again with thread/queue/list). */
  private changed(threadId: string): void {
    const thread = this.loaded(threadId);
    thread?.broadcast({ method: "thread/queue/changed", params: { threadId } });
  }
}
