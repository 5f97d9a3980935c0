// The lines of a rollout file: `{"timestamp","type","payload"}` JSON objects, one per line, with the same
// type names and payload shapes as the real Codex. Every object is loose: fields this version does not
// know (the real Codex adds them often, e.g. `ordinal`, `thread_source`) are kept, so a line read and
// written again (a fork) loses nothing. Known fields are typed, but fall back to plain JSON objects where the
// real Codex uses a shape we do not model, so a real file never fails validation for that.
import { z } from "zod";
import { lazySchema } from "../protocol/lazy-schema.js";
import { ResponseItem } from "../protocol/items.js";
import {
  AskForApproval,
  CollaborationModeKind,
  ReasoningEffort,
  SandboxPolicy,
} from "../protocol/policies.js";

const JsonObject = lazySchema(() => z.record(z.string(), z.unknown()));

export const GitInfo = lazySchema(() =>
  z.looseObject({
    commit_hash: z.string().nullish(),
    branch: z.string().nullish(),
    repository_url: z.string().nullish(),
  }),
);
export type GitInfo = z.infer<typeof GitInfo>;

export const SessionMetaPayload = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    timestamp: z.string(),
    cwd: z.string(),
    originator: z.string().optional(),
    cli_version: z.string().optional(),
    /** `"cli"`, `"exec"`, `"vscode"`, ... or an object for sub-agents in the real Codex. */
    source: z.union([z.string(), JsonObject]).optional(),
    model_provider: z.string().nullish(),
    /** A string in older files, `{text, ...}` in newer ones. */
    base_instructions: z.union([z.string(), z.looseObject({ text: z.string() })]).nullish(),
    git: GitInfo.nullish(),
    forked_from_id: z.string().nullish(),
    parent_thread_id: z.string().nullish(),
    /** "disabled" (or Codex's "polluted"): the thread is never used as memory input. */
    memory_mode: z.string().nullish(),
  }),
);
export type SessionMetaPayload = z.infer<typeof SessionMetaPayload>;

/** Event messages are kept loose: replay reads the few it needs, the rest are carried along. */
export const EventMsgPayload = lazySchema(() => z.looseObject({ type: z.string() }));
export type EventMsgPayload = z.infer<typeof EventMsgPayload>;

export const TurnContextPayload = lazySchema(() =>
  z.looseObject({
    cwd: z.string(),
    approval_policy: z.union([AskForApproval, z.string(), JsonObject]),
    sandbox_policy: z.union([SandboxPolicy, JsonObject]),
    model: z.string(),
    effort: z.union([ReasoningEffort, z.string()]).nullish(),
    summary: z.string().nullish(),
    /** A mode name here; `{mode, settings}` in the real Codex. */
    collaboration_mode: z.union([CollaborationModeKind, JsonObject]).nullish(),
    personality: z.string().nullish(),
  }),
);
export type TurnContextPayload = z.infer<typeof TurnContextPayload>;

export const CompactedPayload = lazySchema(() =>
  z.looseObject({
    message: z.string(),
    /** When present, replaces everything in the model history before this line. */
    replacement_history: z.array(ResponseItem).nullish(),
  }),
);
export type CompactedPayload = z.infer<typeof CompactedPayload>;

const line = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.looseObject({ timestamp: z.string(), type: z.literal(type), payload });

export const SessionMetaLine = line("session_meta", SessionMetaPayload);
export const ResponseItemLine = line("response_item", ResponseItem);
export const EventMsgLine = line("event_msg", EventMsgPayload);
export const TurnContextLine = line("turn_context", TurnContextPayload);
export const CompactedLine = line("compacted", CompactedPayload);

export type SessionMetaLine = z.infer<typeof SessionMetaLine>;
export type ResponseItemLine = z.infer<typeof ResponseItemLine>;
export type EventMsgLine = z.infer<typeof EventMsgLine>;
export type TurnContextLine = z.infer<typeof TurnContextLine>;
export type CompactedLine = z.infer<typeof CompactedLine>;

export const RolloutLine = lazySchema(() =>
  z.discriminatedUnion("type", [
    SessionMetaLine,
    ResponseItemLine,
    EventMsgLine,
    TurnContextLine,
    CompactedLine,
  ]),
);
export type RolloutLine = z.infer<typeof RolloutLine>;
export type RolloutLineType = RolloutLine["type"];

export const ROLLOUT_LINE_TYPES: ReadonlySet<string> = new Set<RolloutLineType>([
  "session_meta",
  "response_item",
  "event_msg",
  "turn_context",
  "compacted",
]);

type PayloadOf<T extends RolloutLineType> = Extract<RolloutLine, { type: T }>["payload"];

/** A line stamped now (or at `at`), with the timestamp format of the real Codex (UTC, milliseconds). */
export function rolloutLine<T extends RolloutLineType>(
  type: T,
  payload: PayloadOf<T>,
  at: Date = new Date(),
): Extract<RolloutLine, { type: T }> {
  return { timestamp: at.toISOString(), type, payload } as Extract<RolloutLine, { type: T }>;
}
