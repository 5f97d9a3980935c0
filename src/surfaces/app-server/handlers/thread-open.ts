// Starting an engine for a thread (new, resumed or forked) with the effective config of its cwd and the
// request's settings, and the response thread/start, thread/resume and thread/fork share.
import { resolve } from "node:path";
import { originator } from "../../../auth/originator.js";
import { renderTomlValue } from "../../../config/toml-edit.js";
import type { OpOf } from "../../../protocol/core-protocol.js";
import type { AskForApproval, SandboxMode } from "../../../protocol/app-server/v2/common.js";
import { type ThreadStartResponse, type Turn } from "../../../protocol/app-server/v2/thread.js";
import type { Connection } from "../connection.js";
import { badRequest } from "../errors.js";
import type { ServerHost } from "../server-host.js";
import type { ServerServices } from "../services.js";
import { ThreadRuntime } from "../thread-runtime.js";
import { toWireApproval, toWireSandbox } from "../wire-conversions.js";
import { statSync } from "node:fs";

export interface OpenSettings {
  model?: string | null | undefined;
  modelProvider?: string | null | undefined;
  cwd?: string | null | undefined;
  approvalPolicy?: AskForApproval | null | undefined;
  sandbox?: SandboxMode | null | undefined;
  /** thread/start's `approvalsReviewer`: over the config's `approvals_reviewer`. */
  approvalsReviewer?: "user" | "auto_review" | "guardian_subagent" | null | undefined;
  config?: Record<string, unknown> | null | undefined;
  /** A resumed thread's cwd: kept even when the folder is gone, as Codex does (commands there then fail). */
  cwdMayBeGone?: boolean;
  /** thread/start's and thread/fork's `ephemeral`: the thread's lines stay in memory (no rollout, no index row). */
  ephemeral?: boolean | null | undefined;
}

/** `config` entries as `-c key=value` overrides (keys may be dotted, as with -c). */
function configOverrides(config: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(config ?? {})
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}=${renderTomlValue(value)}`);
}

export function checkDirectory(path: string): void {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // Reported below.
  }
  if (!isDir) throw badRequest(`cwd ${path} is not a directory`);
}

export function threadOf(services: ServerServices, threadId: string): ThreadRuntime {
  const thread = services.threads.get(threadId);
  if (thread) return thread;
  const host = services.runningHostOf(threadId);
  if (host) {
    throw badRequest(
      `thread ${threadId} is a subagent running inside thread ${host.threadId}: reach it through its parent`,
    );
  }
  throw badRequest(`thread not found: ${threadId}`);
}

export async function openThread(
  ctx: { server: ServerHost; services: ServerServices; connection: Connection },
  settings: OpenSettings,
  configure: Omit<OpOf<"configure_session">, "type">,
): Promise<ThreadRuntime> {
  const { server, services, connection } = ctx;
  const cwd = settings.cwd ? resolve(settings.cwd) : undefined;
  if (cwd && !settings.cwdMayBeGone) checkDirectory(cwd);
  const flags = {
    ...(settings.model ? { model: settings.model } : {}),
    ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
    ...(settings.approvalPolicy ? { askForApproval: settings.approvalPolicy } : {}),
    config: [
      ...configOverrides(settings.config),
      ...(settings.modelProvider ? [`model_provider=${JSON.stringify(settings.modelProvider)}`] : []),
      ...(settings.approvalsReviewer
        ? [`approvals_reviewer=${JSON.stringify(settings.approvalsReviewer)}`]
        : []),
    ],
  };
  // An ephemeral thread stays so when its config is loaded again (a cwd change, a reload).
  const load = (at: string | undefined) => {
    const loaded = services.loadConfig(at, flags);
    if (settings.ephemeral) loaded.ephemeral = true;
    return loaded;
  };
  const config = load(cwd);
  // A project config that was left out (e.g. the project is not trusted) is worth telling the client.
  for (const layer of config.disabledLayers) {
    connection.notify({
      method: "configWarning",
      params: {
        summary: `Ignored ${layer.path ?? layer.source}: ${layer.disabledReason}`,
        details: layer.disabledReason,
        path: layer.path ?? null,
      },
    });
  }
  for (const warning of config.warnings) {
    connection.notify({
      method: "configWarning",
      params: { summary: warning.summary, details: null, path: warning.path ?? null },
    });
  }
  const thread = await ThreadRuntime.start({
    config,
    reloadConfig: load,
    auth: services.accounts.hooks,
    onRateLimits: (limits) => services.rateLimits.note(limits),
    onTurnCompleted: (threadId, turnId) => services.readStates.turnCompleted(threadId, turnId),
    threadOpenElsewhere: (id) => services.threads.has(id),
    onUnsubscribedAll: (thread) => services.unloader.schedule(thread),
    onTurnEnded: (thread, status) => services.queuedTurns.turnEnded(thread, status),
    logger: server.logger,
    originator: originator(server.options.env),
    configure,
  });
  services.threads.set(thread.threadId, thread);
  thread.subscribe(connection);
  return thread;
}

/** What thread/start, thread/resume and thread/fork answer. */
export function openResponse(thread: ThreadRuntime, turns: Turn[] = []): ThreadStartResponse {
  const s = thread.session;
  return {
    thread: { ...thread.describe(), turns },
    model: s.model,
    modelProvider: s.model_provider_id,
    cwd: s.cwd,
    approvalPolicy: toWireApproval(s.approval_policy),
    approvalsReviewer: thread.approvalsReviewer,
    sandbox: toWireSandbox(s.sandbox_policy),
    reasoningEffort: s.reasoning_effort ?? null,
    serviceTier: s.service_tier ?? null,
    instructionSources: thread.instructionSources(),
    disabledPluginIds: [],
    runtimeWorkspaceRoots: [s.cwd],
    activePermissionProfile: thread.currentSettings.activePermissionProfile ?? null,
    multiAgentMode: thread.currentSettings.multiAgentMode,
  };
}
