// thread/start, turn/start, turn/interrupt: a thread is an engine started with the config of its cwd; a turn
// is a user_turn op with the turn's overrides.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { originator } from "../../../auth/originator.js";
import { renderTomlValue } from "../../../config/toml-edit.js";
import type { OpOf } from "../../../protocol/core-protocol.js";
import type { TurnStartParams } from "../../../protocol/app-server/v2/thread.js";
import type { ServerServices } from "../services.js";
import { badRequest, type Handler } from "../router.js";
import { ThreadRuntime } from "../thread-runtime.js";
import { fromWireSandbox, toCoreInput, toWireApproval, toWireSandbox } from "../wire-conversions.js";

/** `config` entries of thread/start as `-c key=value` overrides (keys may be dotted, as with -c). */
function configOverrides(config: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(config ?? {})
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}=${renderTomlValue(value)}`);
}

function checkDirectory(path: string): void {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // Reported below.
  }
  if (!isDir) throw badRequest(`cwd ${path} is not a directory`);
}

function threadOf(services: ServerServices, threadId: string): ThreadRuntime {
  const thread = services.threads.get(threadId);
  if (!thread) throw badRequest(`thread not found: ${threadId}`);
  return thread;
}

export const threadStart: Handler<"thread/start"> = async (params, ctx) => {
  const { server, services, connection } = ctx;
  const cwd = params.cwd ? resolve(params.cwd) : undefined;
  if (cwd) checkDirectory(cwd);
  const config = services.loadConfig(cwd, {
    ...(params.model ? { model: params.model } : {}),
    ...(params.sandbox ? { sandbox: params.sandbox } : {}),
    ...(params.approvalPolicy ? { askForApproval: params.approvalPolicy } : {}),
    config: [
      ...configOverrides(params.config),
      ...(params.modelProvider ? [`model_provider=${JSON.stringify(params.modelProvider)}`] : []),
    ],
  });
  const thread = await ThreadRuntime.start({
    config,
    auth: services.accounts.hooks,
    logger: server.logger,
    originator: originator(server.options.env),
    configure: {
      ...(params.baseInstructions ? { base_instructions: params.baseInstructions } : {}),
      ...(params.developerInstructions ? { user_instructions: params.developerInstructions } : {}),
      ...(params.personality ? { personality: params.personality } : {}),
    },
  });
  services.threads.set(thread.threadId, thread);
  thread.subscribe(connection);
  const s = thread.session;
  const result = {
    thread: thread.describe(),
    model: s.model,
    modelProvider: s.model_provider_id,
    cwd: s.cwd,
    approvalPolicy: toWireApproval(s.approval_policy),
    approvalsReviewer: "user" as const,
    sandbox: toWireSandbox(s.sandbox_policy),
    reasoningEffort: s.reasoning_effort ?? null,
  };
  ctx.respond(result);
  server.broadcast(thread.startedNotification());
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
  if (params.collaborationMode) op.collaboration_mode = params.collaborationMode.mode;
  if (params.outputSchema !== undefined && params.outputSchema !== null) {
    op.final_output_json_schema = params.outputSchema;
  }
  return op;
}

export const turnStart: Handler<"turn/start"> = async (params, ctx) => {
  const thread = threadOf(ctx.services, params.threadId);
  thread.subscribe(ctx.connection);
  const op = { items: toCoreInput(params.input), ...turnOverrides(params, thread.session.cwd) };
  const turn = await thread.startTurn(params.input, op, (started) => ctx.respond({ turn: started }));
  return { turn };
};

export const turnInterrupt: Handler<"turn/interrupt"> = async (params, ctx) => {
  await threadOf(ctx.services, params.threadId).interrupt(params.turnId);
  return {};
};
