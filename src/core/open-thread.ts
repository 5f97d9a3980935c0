// Where a session's thread comes from: new, resumed from its rollout, or forked from another's.
import type { Config } from "../config/load.js";
import { memoriesSettings } from "../config/memories.js";
import type { ResponseItem } from "../protocol/items.js";
import { forkLines, replayRollout, type ReplayResult } from "../rollout/replay.js";
import { readRollout, type ParsedRollout } from "../rollout/reader.js";
import { rolloutLine, type RolloutLine, type SessionMetaPayload } from "../rollout/lines.js";
import { VERSION } from "../version.js";
import { readGitInfo } from "./git-info.js";
import { parentThreadOf } from "./subagents/thread-parent.js";
import { rebuildSubagentTree, type RebuiltSubagentTree } from "./subagents/rebuild-tree.js";
import { uuidv7 } from "./ids.js";
import { ThreadRollout } from "./thread-rollout.js";
import { interruptedForkEnding, interruptMarkerEnabled } from "./interrupt-marker.js";

export interface ThreadSeed {
  id: string;
  rollout: ThreadRollout;
  /** The model's history so far (empty for a new thread). */
  history: ResponseItem[];
  replay?: ReplayResult;
  forkedFromId?: string;
  /** A resumed thread's subagents, rebuilt from its lifecycle events (before its turns replay). */
  subagentTree?: RebuiltSubagentTree;
  /** Problems met reading an existing rollout, for the user to see. */
  warnings: string[];
}

export interface ThreadOrigin {
  resumePath?: string;
  /**
   * A thread that exists in memory only (a stopped subagent of an `--ephemeral` run): resumed from its lines,
   * and kept in memory again.
   */
  resumeLines?: readonly RolloutLine[];
  /** `lines`: the source's lines, already in memory (a subagent's fork of its parent), read instead of `path`. */
  forkFrom?: { path: string; upToTurn?: number; lines?: readonly RolloutLine[] };
}

export class ThreadOpenError extends Error {}

function sessionMeta(
  config: Config,
  id: string,
  originator: string,
  source: string,
  forkedFrom?: string,
  parentThreadId?: string,
): SessionMetaPayload {
  const git = readGitInfo(config.cwd);
  return {
    id,
    timestamp: new Date().toISOString(),
    cwd: config.cwd,
    originator,
    cli_version: VERSION,
    source,
    model_provider: config.modelProviderId,
    ...(git ? { git } : {}),
    ...(forkedFrom ? { forked_from_id: forkedFrom } : {}),
    ...(parentThreadId ? { parent_thread_id: parentThreadId } : {}),
    // As Codex records it: a thread started while memories are on but `generate_memories = false` is never
    // used as memory input, even after the setting changes.
    ...(memoriesOffForNewThreads(config) ? { memory_mode: "disabled" } : {}),
  };
}

function memoriesOffForNewThreads(config: Config): boolean {
  const settings = memoriesSettings(config.toml);
  return settings.enabled && !settings.generateMemories;
}

export async function openThread(
  config: Config,
  origin: ThreadOrigin,
  identity: { originator: string; source: string; parentThreadId?: string },
  onError: (message: string) => void,
): Promise<ThreadSeed> {
  // A subagent's thread names the thread that spawned it.
  const parentThreadId = identity.parentThreadId ?? parentThreadOf(config);
  if (!origin.resumePath && !origin.resumeLines && !origin.forkFrom) {
    const id = uuidv7();
    const meta = sessionMeta(config, id, identity.originator, identity.source, undefined, parentThreadId);
    return {
      id,
      rollout: config.ephemeral
        ? ThreadRollout.ephemeral([], meta, onError)
        : ThreadRollout.create(config.codexHome, meta, new Date(), onError),
      history: [],
      warnings: [],
    };
  }
  const path = origin.resumePath ?? origin.forkFrom?.path ?? "the thread kept in memory";
  let parsed;
  try {
    const inMemory = origin.resumeLines ?? origin.forkFrom?.lines;
    parsed = inMemory ? linesInMemory(inMemory) : await readRollout(path);
  } catch (err) {
    throw new ThreadOpenError(`cannot open thread ${path}: ${(err as Error).message}`);
  }
  const warnings = parsed.warnings.map((w) => `${path}:${w.line}: ${w.message}`);
  const parentId = parsed.meta?.id;
  if (origin.resumePath || origin.resumeLines) {
    if (!parentId) throw new ThreadOpenError(`cannot resume ${path}: it has no session_meta line`);
    // Lines with no file stay in memory, whatever the config says.
    const rollout =
      config.ephemeral || !origin.resumePath
        ? ThreadRollout.ephemeral(parsed.lines, undefined, onError)
        : await ThreadRollout.resume(origin.resumePath, parsed.lines, onError);
    const subagentTree = rebuildSubagentTree(parsed.lines);
    const replay = replayRollout(parsed.lines);
    return { id: parentId, rollout, history: replay.history, replay, subagentTree, warnings };
  }
  const id = uuidv7();
  const meta = rolloutLine(
    "session_meta",
    sessionMeta(config, id, identity.originator, identity.source, parentId, parentThreadId),
  );
  const kept = forkLines(parsed.lines, {
    ...(origin.forkFrom?.upToTurn !== undefined ? { upToTurn: origin.forkFrom.upToTurn } : {}),
    sessionMeta: meta,
  });
  // A subagent forked from its parent's running turn goes on from that turn (the spawn call's output tells it
  // who it is); any other fork of a running thread gets that turn ended as interrupted.
  const lines =
    identity.source === "subagent"
      ? kept
      : [...kept, ...interruptedForkEnding(kept, interruptMarkerEnabled(config))];
  const rollout = config.ephemeral
    ? ThreadRollout.ephemeral(lines, undefined, onError)
    : await ThreadRollout.fork(config.codexHome, lines, id, onError);
  const replay = replayRollout(lines);
  return {
    id,
    rollout,
    history: replay.history,
    replay,
    ...(parentId ? { forkedFromId: parentId } : {}),
    warnings,
  };
}

/** Lines already parsed (kept in memory by an ephemeral thread), as the reader would give them. */
function linesInMemory(lines: readonly RolloutLine[]): ParsedRollout {
  const meta = lines.find((line) => line.type === "session_meta");
  return {
    meta: meta?.type === "session_meta" ? meta.payload : undefined,
    lines: [...lines],
    warnings: [],
    unknownLines: 0,
  };
}
