// How long `subagent_await` may wait: at least 5 minutes, at most 30 (the default). Out-of-range values are
// clamped and the model is told, so it can plan its backoff (e.g. 300 s, then 600 s, then 1200 s).

export const MIN_AWAIT_TIMEOUT_S = 300;
export const MAX_AWAIT_TIMEOUT_S = 1800;

export interface AwaitTimeout {
  seconds: number;
  /** Set when the value asked for was not used as is. */
  note?: string;
}

/** 0 or absent means the default (the maximum). */
export function clampAwaitTimeout(requested: number | undefined): AwaitTimeout {
  if (requested === undefined || requested === 0) return { seconds: MAX_AWAIT_TIMEOUT_S };
  if (!Number.isFinite(requested) || requested < MIN_AWAIT_TIMEOUT_S) {
    return {
      seconds: MIN_AWAIT_TIMEOUT_S,
      note: `timeout_s ${requested} is below the minimum; waited up to ${MIN_AWAIT_TIMEOUT_S} s`,
    };
  }
  if (requested > MAX_AWAIT_TIMEOUT_S) {
    return {
      seconds: MAX_AWAIT_TIMEOUT_S,
      note: `timeout_s ${requested} is above the maximum; waited up to ${MAX_AWAIT_TIMEOUT_S} s`,
    };
  }
  return { seconds: requested };
}
