// The hooks of one session, as the task, the turn, the approvals and the compactor call them: each method
// builds its event's payload (Codex's field names) and returns what the hooks decided.
import type { Config } from "../../config/load.js";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { discoverHooks } from "./discovery.js";
import type { HookDefinition } from "./hook-definition.js";
import { HookEngine, type HookOutcome } from "./hook-engine.js";
import type { HookSource } from "./hook-source.js";
import { readUserTrust } from "./trust-state.js";
import { featureOn } from "../../config/features.js";

export interface SessionHooksOptions {
  config: Config;
  env: NodeJS.ProcessEnv;
  threadId: string;
  transcriptPath: string;
  /** Sources beyond the config layers' (installed plugins). */
  extraSources?: readonly HookSource[];
  model: () => string;
  permissionMode: () => string;
  emit: (msg: KnownEventMsg) => void;
  warnOnce: (key: string, message: string) => void;
}

/** How the model named a tool vs how hooks see it: command tools are `Bash` with a `command` string. */
export interface ToolUse {
  name: string;
  input: unknown;
  callId: string;
}

export interface TurnRef {
  cwd: string;
  turnId: string | null;
  signal?: AbortSignal;
}

/** The approval mode as hooks are told it: Codex names it as Claude Code does. */
export function permissionModeOf(turn: { collaborationMode: string; approvalPolicy: unknown }): string {
  if (turn.collaborationMode === "plan") return "plan";
  return turn.approvalPolicy === "never" ? "bypassPermissions" : "default";
}

/** `[features] hooks = false` turns every hook off. */
export function hooksEnabled(config: Config): boolean {
  return featureOn(config.toml, "hooks");
}

export class SessionHooks {
  readonly hooks: readonly HookDefinition[];
  private readonly engine: HookEngine;

  constructor(options: SessionHooksOptions) {
    const found = discoverHooks({
      codexHome: options.config.codexHome,
      cwd: options.config.cwd,
      layers: options.config.layers,
      projectTrust: options.config.projectTrust,
      ...(options.config.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
      ...(options.extraSources ? { extraSources: options.extraSources } : {}),
    });
    for (const warning of found.warnings) options.warnOnce(`hooks:${warning}`, `hooks: ${warning}`);
    for (const error of found.errors) {
      options.warnOnce(`hooks:${error.path}:${error.message}`, `hooks: ${error.path}: ${error.message}`);
    }
    this.hooks = found.hooks;
    this.engine = new HookEngine({
      hooks: found.hooks,
      bypassTrust: options.config.bypassHookTrust === true,
      env: options.env,
      common: () => ({
        session_id: options.threadId,
        transcript_path: options.transcriptPath,
        model: options.model(),
        permission_mode: options.permissionMode(),
      }),
      emit: options.emit,
      warnOnce: options.warnOnce,
      readTrust: () => readUserTrust(options.config),
    });
  }

  reportUntrusted(): void {
    this.engine.reportUntrusted();
  }

  sessionStart(source: "startup" | "resume" | "clear", at: TurnRef): Promise<HookOutcome> {
    return this.engine.run("SessionStart", { matchOn: source, payload: { source }, ...at });
  }

  subagentStart(agentType: string, at: TurnRef): Promise<HookOutcome> {
    return this.engine.run("SubagentStart", {
      matchOn: agentType,
      payload: { agent_type: agentType },
      ...at,
    });
  }

  userPromptSubmit(prompt: string, at: TurnRef): Promise<HookOutcome> {
    return this.engine.run("UserPromptSubmit", { payload: { prompt }, ...at });
  }

  preToolUse(tool: ToolUse, at: TurnRef): Promise<HookOutcome> {
    const seen = hookToolView(tool);
    return this.engine.run("PreToolUse", { matchOn: seen.tool_name, payload: seen, ...at });
  }

  postToolUse(tool: ToolUse, response: unknown, at: TurnRef): Promise<HookOutcome> {
    const seen = hookToolView(tool);
    return this.engine.run("PostToolUse", {
      matchOn: seen.tool_name,
      payload: { ...seen, tool_response: response },
      ...at,
    });
  }

  permissionRequest(tool: ToolUse, at: TurnRef): Promise<HookOutcome> {
    const seen = hookToolView(tool);
    return this.engine.run("PermissionRequest", { matchOn: seen.tool_name, payload: seen, ...at });
  }

  preCompact(trigger: "manual" | "auto", at: TurnRef): Promise<HookOutcome> {
    return this.engine.run("PreCompact", { matchOn: trigger, payload: { trigger }, ...at });
  }

  postCompact(trigger: "manual" | "auto", at: TurnRef): Promise<HookOutcome> {
    return this.engine.run("PostCompact", { matchOn: trigger, payload: { trigger }, ...at });
  }

  /** Stop, or SubagentStop for a subagent's own session. */
  stop(
    event: "Stop" | "SubagentStop",
    lastAssistantMessage: string | null,
    stopHookActive: boolean,
    at: TurnRef,
  ): Promise<HookOutcome> {
    return this.engine.run(event, {
      payload: { stop_hook_active: stopHookActive, last_assistant_message: lastAssistantMessage },
      ...at,
    });
  }
}

const COMMAND_TOOLS = new Set(["shell", "exec_command", "local_shell", "container.exec"]);

/** Command tools appear as `Bash` with the command as one string, as in Codex; others as the model called them. */
export function hookToolView(tool: ToolUse): { tool_name: string; tool_input: unknown; tool_use_id: string } {
  if (COMMAND_TOOLS.has(tool.name)) {
    return { tool_name: "Bash", tool_input: { command: commandText(tool.input) }, tool_use_id: tool.callId };
  }
  return { tool_name: tool.name, tool_input: tool.input, tool_use_id: tool.callId };
}

function commandText(input: unknown): string {
  const args = (input ?? {}) as { cmd?: unknown; command?: unknown };
  if (typeof args.cmd === "string") return args.cmd;
  if (typeof args.command === "string") return args.command;
  if (Array.isArray(args.command)) {
    const argv = args.command.map(String);
    // `bash -lc SCRIPT` is the script itself.
    if (argv.length === 3 && /^(?:\/\S*\/)?(?:ba|z)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!))
      return argv[2]!;
    return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(" ");
  }
  return "";
}
