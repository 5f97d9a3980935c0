// What a new thread's first model request would carry as its `input` for the given user input (`codex-ts
// debug prompt-input`). Built by the very parts a session builds it with: its settings (the turn context),
// the ContextRecorder (initial context: instructions, AGENTS.md, <environment_context>, mode and skills) and
// taskInputItems (the user's message, then the skills it names). Nothing is recorded and no model is asked.
import { originator } from "../auth/originator.js";
import type { Config } from "../config/load.js";
import type { ResponseItem } from "../protocol/items.js";
import type { UserInputItem } from "../protocol/user-input.js";
import { SkillsManager } from "../skills/skills-manager.js";
import { ContextRecorder } from "./context-recorder.js";
import { ConversationHistory } from "./history.js";
import { uuidv7 } from "./ids.js";
import { SessionSettings } from "./session-settings.js";
import { taskInputItems } from "./user-input.js";

export interface PromptInputOptions {
  config: Config;
  env: NodeJS.ProcessEnv;
  /** Skills per cwd (one for this call when absent). */
  skills?: SkillsManager;
}

/**
 * The first request's input for `input` on a new thread. Hooks are not run (their context would follow the
 * user's message) and no MCP server is started (a mention is told that no connector serves it).
 */
export function firstRequestInput(
  input: readonly UserInputItem[],
  options: PromptInputOptions,
): ResponseItem[] {
  const { config, env } = options;
  const settings = new SessionSettings({ config, env, threadId: uuidv7(), originator: originator(env) });
  const history = new ConversationHistory();
  const context = new ContextRecorder(
    history,
    options.skills ?? SkillsManager.forConfig(config),
    settings,
    config,
    undefined,
  );
  const turn = settings.forTask(false);
  context.record(turn);
  // No input at all (`debug prompt-input` without a prompt): the context alone, as Codex shows it.
  if (input.length > 0) {
    history.record(
      ...taskInputItems(input, turn.cwd, { extra: context.skillInjections(input, turn.cwd).items }),
    );
  }
  return history.snapshot();
}
