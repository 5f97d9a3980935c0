// Rebuilds a thread from its rollout lines: the model history (what the next request sends) and the turn
// list (what a UI shows). Both come out of one pass over one segmentation of the lines into turns, so a
// rollback always removes the same turns from both.
//
// Turn boundaries:
//  - `task_started` opens a turn; every user input until the turn ends (`task_complete`/`turn_aborted`)
//    belongs to it (input sent while it runs steers it; it is not a new turn).
//  - A user input outside such a turn opens a turn of its own (older rollouts have no `task_started`).
//    A user input is a `user_message` event, a completed `UserMessage` item, or a user-role message item
//    that is not injected context (<environment_context>, AGENTS.md, ...). The message item and the event
//    for the same input are one input: only a second input of the same kind opens another turn.
//  - A task that never gets a user input (a compaction or review task) is not a turn: its lines stay
//    with the turn before it, so `num_turns` counts what the user sees.
//  A turn spans from its opening line up to the next turn's opening line.
//
// Rollback (`event_msg {type:"thread_rolled_back", num_turns}`) removes the last N turns (all, if N is
// larger) from the turn list, and restores the model history to what it was when the first removed turn
// opened: the thread is then as if those turns never ran, including any compaction done inside them.
// `compacted` with `replacement_history` replaces the history before it; without one (older files) the
// history becomes its instructions and context, the user's messages, and the summary.
import type { ResponseItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import type {
  CompactedPayload,
  EventMsgPayload,
  RolloutLine,
  SessionMetaLine,
  TurnContextPayload,
} from "./lines.js";
import { pairToolCalls } from "./pair-tool-calls.js";
import { canonicalEventType } from "./policy.js";
import type { ItemSource, ItemTimes, SourcedItem, TurnItem } from "./turn-items.js";
import {
  pickBestSources,
  turnItemOfEvent,
  turnItemOfResponse,
  userItemOfEvent,
  type UserItem,
  userTextOfEvent,
} from "./turn-items.js";
import { isContextItem, isRealUserMessage, messageTextParts } from "./user-input.js";

export type { ItemTimes, TurnItem } from "./turn-items.js";

export type TurnStatus = "completed" | "interrupted" | "failed" | "inProgress";

export interface ReplayedTurn {
  turnId?: string;
  userMessage: string;
  /** The id of the user's message item, when the file has it (ours since items came in). */
  userItemId?: string;
  /** That item's content (text spans kept) and the client's id for it, when the file has them. */
  userContent?: UserItem["content"];
  userClientId?: string;
  items: TurnItem[];
  /** When each item (by id) started and completed, from its `item_completed` line. */
  itemTimes?: Record<string, ItemTimes>;
  status: TurnStatus;
  /** When the turn opened and ended, from the lines' timestamps (absent when unknown). */
  startedAtMs?: number;
  completedAtMs?: number;
}

export interface ReplayResult {
  history: ResponseItem[];
  turns: ReplayedTurn[];
  /** The last `turn_context` payload: the settings the thread last ran with. */
  lastTurnContext: TurnContextPayload | undefined;
  /** The last `token_count` event payload. */
  lastTokenCount: EventMsgPayload | undefined;
}

/** The summary prefix the model reads after a compaction without replacement history. */
export const COMPACTION_SUMMARY_PREFIX =
  "Another language model started to solve this problem and produced a summary of its thinking process.\n\n";

interface TurnState {
  turnId: string | undefined;
  /** Index in the lines of the line that opened the turn. */
  openerLine: number;
  /** Opened by `task_started` (and so ended only by task_complete/turn_aborted). */
  explicit: boolean;
  open: boolean;
  sawUserItem: boolean;
  sawUserEvent: boolean;
  /** The history when the turn opened: a prefix of an array that is never changed below `length`. */
  historyAtOpen: { items: ResponseItem[]; length: number };
  status: TurnStatus;
  entries: SourcedItem[];
  userText: Partial<Record<ItemSource, string>>;
  userItem?: UserItem;
  startedAtMs?: number;
  completedAtMs?: number;
}

function lineTime(line: RolloutLine): number | undefined {
  const ms = Date.parse(line.timestamp);
  return Number.isNaN(ms) ? undefined : ms;
}

class Replayer {
  history: ResponseItem[] = [];
  /** Turns still in the thread (after rollbacks), oldest first. */
  turns: TurnState[] = [];
  /** Line indices where any turn opened, including turns later rolled back (for forks). */
  readonly turnOpenings: number[] = [];
  lastTurnContext: TurnContextPayload | undefined;
  lastTokenCount: EventMsgPayload | undefined;
  /** A `task_started` not yet followed by user input. */
  private pending: TurnState | undefined;

  /** The time of the line being applied. */
  private at: number | undefined;

  apply(line: RolloutLine, index: number): void {
    this.at = lineTime(line);
    switch (line.type) {
      case "response_item":
        if (isRealUserMessage(line.payload))
          this.userInput("item", index, messageTextParts(line.payload), "response");
        this.history.push(line.payload);
        this.addEntry(turnItemOfResponse(line.payload));
        return;
      case "event_msg":
        this.event(line.payload, index);
        return;
      case "compacted":
        this.compact(line.payload);
        return;
      case "turn_context":
        this.lastTurnContext = line.payload;
        return;
      case "session_meta":
        return;
    }
  }

  private event(payload: EventMsgPayload, index: number): void {
    const userText = userTextOfEvent(payload);
    if (userText) {
      this.userInput("event", index, userText.text, userText.source);
      return;
    }
    const userItem = userItemOfEvent(payload);
    if (userItem !== undefined) {
      const turn = this.openTurn();
      if (turn) turn.userItem ??= userItem;
      return;
    }
    switch (canonicalEventType(payload.type)) {
      case "task_started":
        this.closeOpenTurn();
        this.pending = this.newTurn(
          index,
          true,
          typeof payload.turn_id === "string" ? payload.turn_id : undefined,
        );
        return;
      case "task_complete":
        this.endTurn("completed");
        return;
      case "turn_aborted":
        this.endTurn("interrupted");
        return;
      case "error": {
        const turn = this.openTurn();
        if (turn) turn.status = "failed";
        return;
      }
      case "thread_rolled_back":
        this.rollback(payload.num_turns);
        return;
      case "token_count":
        this.lastTokenCount = payload;
        return;
      default:
        this.addEntry(turnItemOfEvent(payload));
    }
  }

  private userInput(kind: "item" | "event", index: number, text: string, source: ItemSource): void {
    let turn = this.pending;
    if (turn) {
      this.commit(turn);
      this.pending = undefined;
    } else {
      const last = this.openTurn();
      const seen = kind === "item" ? last?.sawUserItem : last?.sawUserEvent;
      if (last && (last.explicit || !seen)) {
        turn = last;
      } else {
        this.closeOpenTurn();
        turn = this.newTurn(index, false, undefined);
        this.commit(turn);
      }
    }
    if (kind === "item") turn.sawUserItem = true;
    else turn.sawUserEvent = true;
    turn.userText[source] ??= text;
  }

  private newTurn(openerLine: number, explicit: boolean, turnId: string | undefined): TurnState {
    return {
      turnId,
      openerLine,
      explicit,
      open: true,
      sawUserItem: false,
      sawUserEvent: false,
      historyAtOpen: { items: this.history, length: this.history.length },
      status: "inProgress",
      entries: [],
      userText: {},
      ...(this.at !== undefined ? { startedAtMs: this.at } : {}),
    };
  }

  private commit(turn: TurnState): void {
    this.turns.push(turn);
    this.turnOpenings.push(turn.openerLine);
  }

  /** The turn lines currently belong to: a pending task, or the last turn while it is open. */
  private openTurn(): TurnState | undefined {
    if (this.pending) return this.pending;
    const last = this.turns.at(-1);
    return last?.open ? last : undefined;
  }

  /** Closes the open turn before another opens; an explicit turn that never ended was cut short. */
  private closeOpenTurn(): void {
    this.pending = undefined;
    const last = this.turns.at(-1);
    if (!last?.open) return;
    last.open = false;
    if (last.status === "inProgress") last.status = last.explicit ? "interrupted" : "completed";
  }

  private endTurn(status: "completed" | "interrupted"): void {
    const pending = this.pending;
    if (pending) {
      this.pending = undefined;
      // A task without user input (a compaction) is no turn, except the user's own shell command: a turn
      // holding its commandExecution item, as Codex shows it.
      if (!pending.entries.some((e) => isUserShellItem(e.item))) return;
      this.commit(pending);
    }
    const turn = this.openTurn();
    if (!turn) return;
    turn.open = false;
    if (this.at !== undefined) turn.completedAtMs = this.at;
    if (turn.status !== "failed" || status === "interrupted") turn.status = status;
  }

  private addEntry(entry: SourcedItem | undefined): void {
    if (!entry) return;
    const turn = this.openTurn() ?? this.turns.at(-1);
    turn?.entries.push(entry);
  }

  private rollback(numTurns: unknown): void {
    if (typeof numTurns !== "number" || !Number.isFinite(numTurns) || numTurns < 1) return;
    this.closeOpenTurn();
    const drop = Math.min(Math.floor(numTurns), this.turns.length);
    const first = this.turns[this.turns.length - drop];
    if (!first) return;
    this.history = first.historyAtOpen.items.slice(0, first.historyAtOpen.length);
    this.turns.length -= drop;
  }

  private compact(payload: CompactedPayload): void {
    if (payload.replacement_history) {
      this.history = [...payload.replacement_history];
      return;
    }
    const context = this.history.filter(isContextItem);
    const userMessages = this.history.filter(isRealUserMessage);
    this.history = [
      ...context,
      ...userMessages,
      userTextMessage(COMPACTION_SUMMARY_PREFIX + payload.message),
    ];
  }
}

function finishTurn(turn: TurnState): ReplayedTurn {
  return {
    ...(turn.turnId !== undefined ? { turnId: turn.turnId } : {}),
    userMessage: turn.userText.event ?? turn.userText.item ?? turn.userText.response ?? "",
    ...(turn.userItem !== undefined ? { userItemId: turn.userItem.id } : {}),
    ...(turn.userItem?.content ? { userContent: turn.userItem.content } : {}),
    ...(turn.userItem?.clientId ? { userClientId: turn.userItem.clientId } : {}),
    ...(turn.startedAtMs !== undefined ? { startedAtMs: turn.startedAtMs } : {}),
    ...(turn.completedAtMs !== undefined ? { completedAtMs: turn.completedAtMs } : {}),
    items: pickBestSources(turn.entries),
    itemTimes: Object.fromEntries([
      ...(turn.userItem?.times ? [[turn.userItem.id, turn.userItem.times] as const] : []),
      ...turn.entries.flatMap(({ item, times }) =>
        times && "id" in item && item.id !== "" ? [[item.id, times] as const] : [],
      ),
    ]),
    // Older files have no end markers: a turn opened by user input alone counts as completed.
    status: !turn.explicit && turn.status === "inProgress" ? "completed" : turn.status,
  };
}

function run(lines: readonly RolloutLine[]): Replayer {
  const replayer = new Replayer();
  lines.forEach((line, index) => replayer.apply(line, index));
  return replayer;
}

export function replayRollout(lines: readonly RolloutLine[]): ReplayResult {
  const replayer = run(lines);
  return {
    // A file cut short mid-call (a killed process) must still give a history the API accepts.
    history: pairToolCalls(replayer.history),
    turns: replayer.turns.map(finishTurn),
    lastTurnContext: replayer.lastTurnContext,
    lastTokenCount: replayer.lastTokenCount,
  };
}

export interface ForkOptions {
  /** Keep turns 1..K (as the turn list counts them, after rollbacks); all when absent or beyond the end. */
  upToTurn?: number;
  /** The new thread's session_meta line; the source's session_meta lines are never copied. */
  sessionMeta?: SessionMetaLine;
}

/**
 * The lines for a new thread forked from `lines`: everything up to where the turn after turn K opens
 * (rolled-back turns included, so their rollback markers come along and replay gives the same turns).
 */
export function forkLines(lines: readonly RolloutLine[], options: ForkOptions = {}): RolloutLine[] {
  const { upToTurn } = options;
  if (upToTurn !== undefined && (!Number.isInteger(upToTurn) || upToTurn < 0)) {
    throw new RangeError(`upToTurn must be a non-negative integer, got ${upToTurn}`);
  }
  let end = lines.length;
  if (upToTurn !== undefined) {
    const replayer = run(lines);
    if (upToTurn === 0) {
      end = replayer.turnOpenings[0] ?? lines.length;
    } else if (upToTurn < replayer.turns.length) {
      const last = replayer.turns[upToTurn - 1];
      const next = last ? replayer.turnOpenings.find((opening) => opening > last.openerLine) : undefined;
      end = next ?? lines.length;
    }
  }
  const kept = lines.slice(0, end).filter((line) => line.type !== "session_meta");
  return options.sessionMeta ? [options.sessionMeta, ...kept] : kept;
}

function isUserShellItem(item: TurnItem): boolean {
  return (
    (item as { type?: unknown; source?: unknown }).type === "commandExecution" &&
    (item as { source?: unknown }).source === "user_shell"
  );
}
