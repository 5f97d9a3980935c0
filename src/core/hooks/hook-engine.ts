// Runs the hooks of one session: picks the handlers of an event whose matcher fits, runs them concurrently
// (each bounded by its timeout), reports each run as hook_started / hook_completed, and folds what they
// said into one outcome. Hooks that are not trusted do not run, and each is reported once as a warning.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { hookEventName, type HookEvent, type HookRunSummary } from "../../protocol/hooks.js";
import type { HookDefinition } from "./hook-definition.js";
import { interpretHookResult, type HookVerdict } from "./hook-output.js";
import { runCommandHook } from "./run-command-hook.js";
import { trustStatusOf, type HookTrustState } from "./trust-state.js";

export interface HookOutcome {
  /** Reasons of the hooks that blocked, joined; undefined when none did. */
  block?: string;
  /** Context for the model, one entry per hook that gave some. */
  context: string[];
  permission?: { behavior: "allow" | "deny"; message?: string };
  stop?: string;
  /** Run ids of the hooks that blocked (a Stop continuation's prompt names them). */
  blockingRuns: string[];
}

export interface HookEngineOptions {
  hooks: readonly HookDefinition[];
  /** `--dangerously-bypass-hook-trust`: every enabled hook runs for this process. */
  bypassTrust: boolean;
  env: NodeJS.ProcessEnv;
  /** Fields every payload carries (session id, transcript path, model, permission mode). */
  common: () => Record<string, unknown>;
  emit: (msg: KnownEventMsg) => void;
  warnOnce: (key: string, message: string) => void;
  /** Reads the trust records afresh, so a hook trusted while the session runs (/hooks, an IDE) runs now. */
  readTrust?: () => HookTrustState;
}

/** Events whose matcher is checked, and against what. */
const MATCHED = new Set<HookEvent>([
  "PreToolUse",
  "PostToolUse",
  "PermissionRequest",
  "SessionStart",
  "PreCompact",
  "PostCompact",
  "SubagentStart",
  "SubagentStop",
]);

export class HookEngine {
  private runs = 0;
  /** Hooks found trusted since the session started. */
  private readonly trustedLater = new Set<string>();

  constructor(private readonly options: HookEngineOptions) {}

  /** Warns once about each hook that will not run until it is trusted. */
  reportUntrusted(): void {
    if (this.options.bypassTrust) {
      if (this.options.hooks.length > 0) {
        this.options.warnOnce(
          "hooks:bypass",
          "`--dangerously-bypass-hook-trust` is enabled: enabled hooks run without review for this invocation",
        );
      }
      return;
    }
    for (const hook of this.options.hooks) this.warnIfUntrusted(hook, "start");
  }

  async run(
    event: HookEvent,
    request: {
      matchOn?: string;
      payload: Record<string, unknown>;
      cwd: string;
      turnId: string | null;
      signal?: AbortSignal;
    },
  ): Promise<HookOutcome> {
    const matching = this.options.hooks.filter(
      (h) =>
        h.event === event && h.enabled && (!MATCHED.has(event) || matches(h.matcher, request.matchOn ?? "")),
    );
    const runnable = matching.filter((h) => this.mayRun(h));
    const input = {
      ...this.options.common(),
      cwd: request.cwd,
      hook_event_name: event,
      ...(request.turnId ? { turn_id: request.turnId } : {}),
      ...request.payload,
    };
    const verdicts = await Promise.all(runnable.map((hook) => this.runOne(hook, input, request)));
    return fold(verdicts);
  }

  private mayRun(hook: HookDefinition): boolean {
    if (this.options.bypassTrust || hook.trustStatus === "trusted" || hook.trustStatus === "managed")
      return true;
    if (this.trustedLater.has(hook.key)) return true;
    const now = this.options.readTrust?.();
    if (now && trustStatusOf(hook.key, hook.currentHash, now).status === "trusted") {
      this.trustedLater.add(hook.key);
      return true;
    }
    // Again when it would have run: a client may not have been listening when the session started.
    this.warnIfUntrusted(hook, "run");
    return false;
  }

  private warnIfUntrusted(hook: HookDefinition, when: "start" | "run"): void {
    if (hook.trustStatus === "trusted" || hook.trustStatus === "managed" || !hook.enabled) return;
    const why = hook.trustStatus === "modified" ? "changed since it was trusted" : "not trusted";
    this.options.warnOnce(
      `hooks:untrusted:${when}:${hook.key}:${hook.currentHash}`,
      `hook ${hook.event} \`${hook.command}\` (${hook.key}) is ${why} and does not run: review it with /hooks, or pass --dangerously-bypass-hook-trust`,
    );
  }

  private async runOne(
    hook: HookDefinition,
    input: Record<string, unknown>,
    request: { cwd: string; turnId: string | null; signal?: AbortSignal },
  ): Promise<HookVerdict & { runId: string }> {
    const runId = `hook-run-${++this.runs}`;
    const startedAt = Date.now();
    const base: HookRunSummary = {
      id: runId,
      eventName: hookEventName(hook.event),
      handlerType: "command",
      executionMode: hook.async ? "async" : "sync",
      scope: hook.event === "SessionStart" ? "thread" : "turn",
      source: hook.source,
      sourcePath: hook.sourcePath,
      displayOrder: hook.displayOrder,
      status: "running",
      statusMessage: hook.statusMessage,
      startedAt,
      // Unknown while it runs: sent as null, as Codex does.
      completedAt: null,
      durationMs: null,
      entries: [],
    };
    this.options.emit({ type: "hook_started", turn_id: request.turnId, run: base });
    const result = await runCommandHook({
      command: hook.command,
      cwd: request.cwd,
      env: hook.pluginRoot
        ? { ...this.options.env, PLUGIN_ROOT: hook.pluginRoot, CLAUDE_PLUGIN_ROOT: hook.pluginRoot }
        : this.options.env,
      input,
      timeoutSec: hook.timeoutSec,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const verdict = interpretHookResult(hook.event, result);
    const completedAt = Date.now();
    this.options.emit({
      type: "hook_completed",
      turn_id: request.turnId,
      run: {
        ...base,
        status: verdict.status,
        entries: verdict.entries,
        completedAt,
        durationMs: completedAt - startedAt,
      },
    });
    for (const entry of verdict.entries) {
      if (entry.kind === "warning" || entry.kind === "error") {
        this.options.emit({
          type: "warning",
          message: `${hook.event} hook \`${hook.command}\`: ${entry.text}`,
        });
      }
    }
    return { ...verdict, runId };
  }
}

function matches(matcher: string | null, value: string): boolean {
  if (matcher === null || matcher === "" || matcher === "*") return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(value);
  } catch {
    return matcher === value;
  }
}

function fold(verdicts: ReadonlyArray<HookVerdict & { runId: string }>): HookOutcome {
  const outcome: HookOutcome = { context: [], blockingRuns: [] };
  const reasons: string[] = [];
  for (const v of verdicts) {
    if (v.context) outcome.context.push(v.context);
    if (v.block !== undefined) {
      reasons.push(v.block);
      outcome.blockingRuns.push(v.runId);
    }
    if (v.stop !== undefined && outcome.stop === undefined) outcome.stop = v.stop;
    // Any deny wins; otherwise an allow decides.
    if (v.permission && outcome.permission?.behavior !== "deny") outcome.permission = v.permission;
  }
  if (reasons.length > 0) outcome.block = reasons.join("\n");
  return outcome;
}
