// The engine's side of persistence: every line a thread records goes to its rollout file at once
// (append-only, a synchronous write of a few microseconds, so a crash loses at most what was being written). Lines are
// not kept in memory (a long session would grow without bound): a rollback replays the file, as a resume does.
import type { KnownEventMsg } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import { rolloutLine, type RolloutLine, type SessionMetaPayload } from "../rollout/lines.js";
import { shouldPersistEventMsg } from "../rollout/policy.js";
import { MemoryRecorder } from "../rollout/memory-recorder.js";
import { RolloutRecorder } from "../rollout/recorder.js";
import { readRollout } from "../rollout/reader.js";
import { replayRollout, type ReplayResult } from "../rollout/replay.js";
import { firstUserText, sourceText, truncatePreview, type ThreadSummary } from "../rollout/summary.js";
import type { TurnContext } from "./turn-context.js";

/** Where lines go: the thread's rollout file, or memory only for an ephemeral thread. */
type LineSink = RolloutRecorder | MemoryRecorder;

export class ThreadRollout {
  private meta: SessionMetaPayload | undefined;
  private preview: string | undefined;
  /** The model of the first turn_context (the index row's head facts). */
  private firstModel: string | undefined;
  private written = false;
  private pendingMeta: SessionMetaPayload | undefined;
  private failed = false;

  private constructor(
    private readonly recorder: LineSink,
    existing: RolloutLine[],
    meta: SessionMetaPayload | undefined,
    private readonly onError: (message: string) => void,
  ) {
    this.pendingMeta = meta;
    this.observe(existing);
  }

  /** A new thread: its file appears with the first recorded line, session_meta first. */
  static create(
    codexHome: string,
    meta: SessionMetaPayload,
    createdAt: Date,
    onError: (message: string) => void,
  ): ThreadRollout {
    return new ThreadRollout(RolloutRecorder.create(codexHome, meta.id, createdAt), [], meta, onError);
  }

  /**
   * An ephemeral thread (`--ephemeral`): new, or resumed or forked from `lines`; its lines stay in memory, so
   * no file is written, and the index gets no row (summary() is undefined).
   */
  static ephemeral(
    lines: RolloutLine[],
    meta: SessionMetaPayload | undefined,
    onError: (message: string) => void,
  ): ThreadRollout {
    return new ThreadRollout(new MemoryRecorder(lines), lines, meta, onError);
  }

  /** An existing thread (resume): new lines append to its file. */
  static async resume(
    path: string,
    lines: RolloutLine[],
    onError: (message: string) => void,
  ): Promise<ThreadRollout> {
    return new ThreadRollout(await RolloutRecorder.resume(path), lines, undefined, onError);
  }

  /** A fork: a new file holding the kept lines of the parent, written at once. */
  static async fork(
    codexHome: string,
    lines: RolloutLine[],
    threadId: string,
    onError: (message: string) => void,
  ): Promise<ThreadRollout> {
    const rollout = new ThreadRollout(
      RolloutRecorder.create(codexHome, threadId, new Date()),
      [],
      undefined,
      onError,
    );
    rollout.push(lines);
    await rollout.flush();
    return rollout;
  }

  get path(): string {
    return this.recorder.path;
  }

  /** An ephemeral thread's lines (it has no file to read them from); undefined for a thread with a file. */
  get memoryLines(): readonly RolloutLine[] | undefined {
    return this.recorder instanceof MemoryRecorder ? this.recorder.lines : undefined;
  }

  /** False for a new thread nothing was recorded in (it has no file). */
  get hasLines(): boolean {
    return this.written;
  }

  recordItems(items: readonly ResponseItem[]): void {
    if (items.length > 0) this.push(items.map((item) => rolloutLine("response_item", item)));
  }

  recordEvent(msg: KnownEventMsg): void {
    if (shouldPersistEventMsg(msg)) this.push([rolloutLine("event_msg", msg)]);
  }

  recordTurnContext(turn: TurnContext): void {
    this.push([
      rolloutLine("turn_context", {
        cwd: turn.cwd,
        approval_policy: turn.approvalPolicy,
        sandbox_policy: turn.sandboxPolicy,
        model: turn.model,
        ...(turn.effort ? { effort: turn.effort } : {}),
        summary: turn.summary,
        collaboration_mode: turn.collaborationMode,
        ...(turn.personality ? { personality: turn.personality } : {}),
      }),
    ]);
  }

  /** A compaction: the summary, and the history that replaces everything before this line. */
  recordCompacted(summary: string, replacement: readonly ResponseItem[]): void {
    this.push([rolloutLine("compacted", { message: summary, replacement_history: [...replacement] })]);
  }

  /** The thread's row for the index, from the lines in memory (no file read). */
  summary(problem: string | null): ThreadSummary | undefined {
    const meta = this.meta;
    if (!meta || this.recorder instanceof MemoryRecorder) return undefined;
    const created = Date.parse(meta.timestamp);
    return {
      id: meta.id,
      path: this.path,
      createdAt: Number.isFinite(created) ? created : Date.now(),
      updatedAt: Date.now(),
      cwd: meta.cwd,
      modelProvider: meta.model_provider ?? null,
      source: sourceText(meta),
      preview: truncatePreview(this.preview ?? ""),
      archived: false,
      forkedFrom: meta.forked_from_id ?? null,
      parentThreadId: meta.parent_thread_id ?? null,
      problem,
      facts: {
        model: this.firstModel ?? null,
        originator: meta.originator ?? null,
        cliVersion: meta.cli_version ?? null,
        git: meta.git ?? null,
      },
    };
  }

  /** What a resume of this thread would rebuild now: everything is flushed, then the file is replayed. */
  async replay(): Promise<ReplayResult> {
    await this.flush();
    if (this.recorder instanceof MemoryRecorder) return replayRollout([...this.recorder.lines]);
    return replayRollout((await readRollout(this.path)).lines);
  }

  async flush(): Promise<void> {
    try {
      await this.recorder.flush();
    } catch (err) {
      if (!this.failed) this.onError((err as Error).message);
      this.failed = true;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await this.recorder.close();
  }

  /** Keeps what the index row needs (session_meta, the first user message), not the lines. */
  private observe(lines: readonly RolloutLine[]): void {
    if (lines.length === 0) return;
    this.written = true;
    if (this.meta === undefined) {
      const metaLine = lines.find((l) => l.type === "session_meta");
      if (metaLine?.type === "session_meta") this.meta = metaLine.payload;
    }
    this.preview ??= firstUserText(lines);
    if (this.firstModel === undefined) {
      const context = lines.find((l) => l.type === "turn_context");
      if (context?.type === "turn_context") this.firstModel = context.payload.model;
    }
  }

  private push(lines: RolloutLine[]): void {
    if (this.pendingMeta) {
      const meta = rolloutLine("session_meta", this.pendingMeta);
      this.pendingMeta = undefined;
      this.observe([meta]);
      this.recorder.append(meta);
    }
    this.observe(lines);
    this.recorder.append(lines);
    // Written now, not later: a process killed after this call has the lines on disk.
    try {
      this.recorder.flushSync();
    } catch (err) {
      if (!this.failed) this.onError((err as Error).message);
      this.failed = true;
    }
  }
}
