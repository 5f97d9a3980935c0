// The thread a configure op asks for (resumed, forked up to a turn, or new), as openThread takes it.
import type { RolloutLine } from "../rollout/lines.js";
import type { OpOf } from "../protocol/core-protocol.js";
import type { ThreadOrigin } from "./open-thread.js";

/** Where the first configure op's thread comes from, with the engine's lines in memory when it has them. */
export function threadOrigin(
  op: OpOf<"configure_session">,
  lines: readonly RolloutLine[] | undefined,
): ThreadOrigin {
  if (op.resume_path) return { resumePath: op.resume_path };
  if (op.fork_from) {
    return {
      forkFrom: {
        path: op.fork_from.path,
        ...(op.fork_from.up_to_turn !== undefined ? { upToTurn: op.fork_from.up_to_turn } : {}),
        ...(lines ? { lines } : {}),
      },
    };
  }
  return lines ? { resumeLines: lines } : {};
}
