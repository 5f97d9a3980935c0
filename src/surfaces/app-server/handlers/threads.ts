// thread/start, turn/start, turn/interrupt, turn/steer: a thread is an engine started with the config of its cwd; a turn
// is a user_turn op with the turn's overrides.
import { resolve } from "node:path";
import type { OpOf } from "../../../protocol/core-protocol.js";
import type { TurnStartParams } from "../../../protocol/app-server/v2/thread.js";
import type { Handler } from "../handler-types.js";
import { fromWireSandbox, toCoreInput } from "../wire-conversions.js";
import { checkDirectory, openResponse, openThread, threadOf } from "./thread-open.js";

export const threadStart: Handler<"thread/start"> = async (params, ctx) => {
  const thread = await openThread(ctx, params, {
    ...(params.baseInstructions ? { base_instructions: params.baseInstructions } : {}),
    ...(params.developerInstructions ? { user_instructions: params.developerInstructions } : {}),
    ...(params.personality ? { personality: params.personality } : {}),
    ...(params.serviceTier !== undefined ? { service_tier: params.serviceTier } : {}),
    ...(params.sessionStartSource === "clear" ? { session_start_source: "clear" as const } : {}),
  });
  const result = openResponse(thread);
  ctx.respond(result);
  ctx.server.broadcast(thread.startedNotification());
  return result;
};

function turnOverrides(
  params: TurnStartParams,
  threadCwd: string,
): Omit<OpOf<"user_turn">, "type" | "items"> {
  const op: Omit<OpOf<"user_turn">, "type" | "items"> = {};
  const settings = params.collaborationMode?.settings;
  if (params.cwd) {
    op.cwd = resolve(threadCwd, params.cwd);
    checkDirectory(op.cwd);
  }
  if (params.approvalPolicy) op.approval_policy = params.approvalPolicy;
  if (params.sandboxPolicy) op.sandbox_policy = fromWireSandbox(params.sandboxPolicy);
  const model = params.model ?? settings?.model;
  if (model) op.model = model;
  const effort = params.effort ?? settings?.reasoning_effort;
  if (effort) op.effort = effort;
  if (params.summary) op.summary = params.summary;
  if (params.personality) op.personality = params.personality;
  if (params.serviceTier !== undefined) op.service_tier = params.serviceTier;
  if (params.collaborationMode) op.collaboration_mode = params.collaborationMode.mode;
  if (params.outputSchema !== undefined && params.outputSchema !== null) {
    op.final_output_json_schema = params.outputSchema;
  }
  return op;
}

export const turnStart: Handler<"turn/start"> = async (params, ctx) => {
  const thread = threadOf(ctx.services, params.threadId);
  thread.subscribe(ctx.connection);
  ctx.services.queuedTurns.turnStartedByHand(thread.threadId);
  const op = {
    items: toCoreInput(params.input),
    ...(params.clientUserMessageId ? { client_id: params.clientUserMessageId } : {}),
    ...turnOverrides(params, thread.session.cwd),
  };
  const turn = await thread.startTurn(params.input, op, (started) => ctx.respond({ turn: started }));
  return { turn };
};

/** As Codex: answered as soon as the interrupt is sent; the turn's end (turn/completed) follows. */
export const turnInterrupt: Handler<"turn/interrupt"> = async (params, ctx) => {
  const ended = threadOf(ctx.services, params.threadId).interrupt(params.turnId);
  ctx.respond({});
  await ended;
  return {};
};

export const turnSteer: Handler<"turn/steer"> = (params, ctx) => {
  const thread = threadOf(ctx.services, params.threadId);
  return Promise.resolve({ turnId: thread.steer(params.expectedTurnId, toCoreInput(params.input)) });
};
