// Adapts a session's hooks to what the task and the turn expect (core/task.ts TaskHooks, core/turn.ts
// ToolHooks), so neither knows hook payloads or verdicts.
import type { TaskHooks } from "../task.js";
import type { ToolHooks } from "../turn.js";
import type { HookOutcome } from "./hook-engine.js";
import type { SessionHooks } from "./session-hooks.js";

export function taskHooks(
  hooks: SessionHooks,
  options: {
    cwd: string;
    /** Set for the first task of a session: which start event runs, and how it matches. */
    sessionStart: { source: "startup" | "resume" | "clear" } | { subagentType: string } | undefined;
    stopEvent: "Stop" | "SubagentStop";
  },
): TaskHooks {
  return {
    async beforeInput(prompt, turnId, signal) {
      const at = { cwd: options.cwd, turnId, signal };
      const start = options.sessionStart;
      // Session-scoped, as in Codex: no turn id.
      const startAt = { ...at, turnId: null };
      const started = start
        ? "source" in start
          ? await hooks.sessionStart(start.source, startAt)
          : await hooks.subagentStart(start.subagentType, startAt)
        : undefined;
      const submitted = await hooks.userPromptSubmit(prompt, at);
      const block = submitted.block ?? submitted.stop;
      return {
        ...(block !== undefined ? { block } : {}),
        context: [...(started?.context ?? []), ...submitted.context],
      };
    },
    async onStop(lastAgentMessage, stopHookActive, turnId, signal) {
      const outcome = await hooks.stop(options.stopEvent, lastAgentMessage ?? null, stopHookActive, {
        cwd: options.cwd,
        turnId,
        signal,
      });
      return {
        ...(outcome.block !== undefined ? { continueWith: outcome.block } : {}),
        runIds: outcome.blockingRuns,
      };
    },
  };
}

/** Codex's text for a PermissionRequest deny that gives no message. */
export const DEFAULT_DENY_MESSAGE = "PermissionRequest hook denied approval";

/**
 * What PermissionRequest hooks denied, per call id, until the turn takes it: the model reads the hook's
 * message as the call's output instead of the usual "declined" text, as in Codex.
 */
export class PermissionDenials {
  private readonly byCall = new Map<string, string>();

  record(callId: string, outcome: HookOutcome | undefined): "approved" | "denied" | undefined {
    const decision = verdict(outcome);
    if (decision === "denied") {
      this.byCall.set(callId, outcome?.permission?.message?.trim() || DEFAULT_DENY_MESSAGE);
    }
    return decision;
  }

  take(callId: string): string | undefined {
    const message = this.byCall.get(callId);
    this.byCall.delete(callId);
    return message;
  }
}

export function toolHooks(
  hooks: SessionHooks,
  cwd: () => string,
  denials: PermissionDenials = new PermissionDenials(),
): ToolHooks {
  return {
    async before(call, turnId, signal) {
      const outcome = await hooks.preToolUse(call, { cwd: cwd(), turnId, signal });
      const block = outcome.block ?? outcome.stop;
      return { ...(block !== undefined ? { block } : {}), context: outcome.context };
    },
    async after(call, output, turnId, signal) {
      const outcome = await hooks.postToolUse(call, output, { cwd: cwd(), turnId, signal });
      return { ...(outcome.block !== undefined ? { block: outcome.block } : {}), context: outcome.context };
    },
    async permission(call, turnId, signal) {
      return denials.record(call.callId, await hooks.permissionRequest(call, { cwd: cwd(), turnId, signal }));
    },
    takeDenial: (callId) => denials.take(callId),
  };
}

function verdict(outcome: HookOutcome | undefined): "approved" | "denied" | undefined {
  if (outcome?.permission?.behavior === "allow") return "approved";
  if (outcome?.permission?.behavior === "deny") return "denied";
  return undefined;
}

/** A PermissionRequest hook's say on a command approval, before anyone is asked (undefined: ask). */
export async function decideExecByHook(
  hooks: SessionHooks,
  callId: string,
  request: { command: string[]; cwd: string },
  signal: AbortSignal,
  denials: PermissionDenials,
): Promise<"approved" | "denied" | undefined> {
  return denials.record(
    callId,
    await hooks.permissionRequest(
      { name: "shell", input: { command: request.command }, callId },
      { cwd: request.cwd, turnId: null, signal },
    ),
  );
}

/**
 * A session's hooks as its tasks and turns take them: each task's hooks (the session's start event, SessionStart
 * or SubagentStart, runs with the first only), the tool hooks, and PermissionRequest's say on command approvals,
 * with the denials it recorded shared between the last two.
 */
export class SessionHookWiring {
  private started = false;
  private readonly denials = new PermissionDenials();

  constructor(
    private readonly hooks: SessionHooks,
    private readonly session: {
      subagentType?: string;
      resumed: boolean;
      cleared?: boolean;
      cwd: () => string;
    },
  ) {}

  forTask(cwd: string): TaskHooks {
    const first = !this.started;
    this.started = true;
    const { subagentType, resumed, cleared } = this.session;
    return taskHooks(this.hooks, {
      cwd,
      sessionStart: first
        ? subagentType !== undefined
          ? { subagentType }
          : { source: resumed ? "resume" : cleared ? "clear" : "startup" }
        : undefined,
      stopEvent: subagentType !== undefined ? "SubagentStop" : "Stop",
    });
  }

  /** What a turn host gets: the tool hooks and the command-approval decision. */
  turnParts(): {
    hooks: ToolHooks;
    decideExec: (
      callId: string,
      request: { command: string[]; cwd: string },
      signal: AbortSignal,
    ) => Promise<"approved" | "denied" | undefined>;
  } {
    return {
      hooks: toolHooks(this.hooks, this.session.cwd, this.denials),
      decideExec: (callId, request, signal) =>
        decideExecByHook(this.hooks, callId, request, signal, this.denials),
    };
  }
}
