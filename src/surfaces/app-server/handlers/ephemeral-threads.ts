// Threads started or forked with `ephemeral: true` keep their lines in memory only (rollout/memory-recorder.ts):
// what needs the recorded history or writes beside it is refused, with the real Codex 0.169's messages.
import { badRequest } from "../errors.js";
import type { ServerServices } from "../services.js";

/** A loaded thread that records nothing (it has no rollout path). */
export function isEphemeralThread(services: ServerServices, threadId: string): boolean {
  const thread = services.threads.get(threadId);
  return thread !== undefined && !thread.session.rollout_path;
}

/** Refuses a method reading an ephemeral thread's recorded turns: `what` is the method or option named. */
export function refuseEphemeralHistory(services: ServerServices, threadId: string, what: string): void {
  if (isEphemeralThread(services, threadId)) throw badRequest(`ephemeral threads do not support ${what}`);
}

/** Refuses a name or other metadata for an ephemeral thread (nothing is kept beside it). */
export function refuseEphemeralMetadata(services: ServerServices, threadId: string): void {
  if (isEphemeralThread(services, threadId))
    throw badRequest(`ephemeral thread does not support metadata updates: ${threadId}`);
}

/** Refuses what needs the thread's rollout file (fork, archive): there is none. */
export function refuseWithoutRollout(services: ServerServices, threadId: string): void {
  if (isEphemeralThread(services, threadId)) throw badRequest(`no rollout found for thread id ${threadId}`);
}
