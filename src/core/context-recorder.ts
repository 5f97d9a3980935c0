// What the model is told before a task's input: the initial context on a thread's first task, then only
// what changed (a new `<environment_context>` when cwd or policies changed; mode, personality and skill
// list changes as developer messages).
import type { Config } from "../config/load.js";
import type { ResponseItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import type { UserInputItem } from "../protocol/user-input.js";
import { collectSkillInjections } from "../skills/skill-injection.js";
import { renderSkillsInstructions } from "../skills/skills-instructions.js";
import type { SkillsManager } from "../skills/skills-manager.js";
import type { ConversationHistory } from "./history.js";
import { agentsDocsOptions } from "./agents-md.js";
import { buildInitialContext, renderEnvironmentContext } from "./initial-context.js";
import { memoryInstructions } from "./memories/instructions.js";
import { TurnInstructions, type PreviousTurns } from "./plan-mode/turn-instructions.js";
import type { SessionSettings } from "./session-settings.js";
import type { TurnContext } from "./turn-context.js";
import { CONFIG_DEFAULTS } from "../config/config-defaults.js";

const ENVIRONMENT_CONTEXT_OPEN = "<environment_context>";

export class ContextRecorder {
  private lastEnvironmentContext: string | undefined;
  /** What the model was last told about mode, personality and skills. */
  private instructions: TurnInstructions;

  constructor(
    private readonly history: ConversationHistory,
    private readonly skills: SkillsManager,
    private readonly settings: SessionSettings,
    private readonly config: Config,
    /** A resumed or forked thread's earlier turns: what the model was told before. */
    previous: PreviousTurns | undefined,
  ) {
    this.lastEnvironmentContext = history.lastUserTextStartingWith(ENVIRONMENT_CONTEXT_OPEN);
    this.instructions = this.instructionsAfter(previous);
  }

  /** After the history was rebuilt (a rollback): what the model was told is read from it again. */
  reset(previous: PreviousTurns): void {
    this.lastEnvironmentContext = this.history.lastUserTextStartingWith(ENVIRONMENT_CONTEXT_OPEN);
    this.instructions = this.instructionsAfter(previous);
  }

  private instructionsAfter(previous: PreviousTurns | undefined): TurnInstructions {
    return new TurnInstructions(
      previous,
      this.config.toml.include_collaboration_mode_instructions ??
        CONFIG_DEFAULTS.include_collaboration_mode_instructions,
    );
  }

  /** Records, before a task's input, what the model must be told for `turn`. */
  record(turn: TurnContext): void {
    const envContext = this.environmentContext(turn);
    const skills = renderSkillsInstructions(this.skills.forCwd(turn.cwd).skills);
    const initial = this.history.length === 0;
    if (initial) {
      const { config, settings } = this;
      const memory = memoryInstructions(config);
      this.history.record(
        ...buildInitialContext({
          environmentContext: envContext,
          agentsDocs: agentsDocsOptions(config, turn.cwd),
          ...(turn.personality ? { personality: turn.personality } : {}),
          ...(settings.baseInstructions !== undefined
            ? { baseInstructionsOverride: settings.baseInstructions }
            : {}),
          ...(settings.developerInstructions
            ? { developerInstructions: settings.developerInstructions }
            : {}),
          ...(skills ? { skillsInstructions: skills } : {}),
          ...(memory ? { memoryInstructions: memory } : {}),
        }),
      );
    } else if (envContext !== undefined && envContext !== this.lastEnvironmentContext) {
      // The model is told when cwd or policies change between turns (or since the thread was resumed).
      this.history.record(userTextMessage(envContext));
    }
    this.lastEnvironmentContext = envContext;
    this.history.record(...this.instructions.updates(turn, skills, initial));
  }

  /**
   * `include_environment_context = false`: none; `include_permissions_instructions = false`: no policies;
   * `include_environment_context_time = false`: no date.
   */
  environmentContext(turn: TurnContext): string | undefined {
    const { toml } = this.config;
    if (!(toml.include_environment_context ?? CONFIG_DEFAULTS.include_environment_context)) return undefined;
    return renderEnvironmentContext({
      ...turn,
      permissions: toml.include_permissions_instructions ?? CONFIG_DEFAULTS.include_permissions_instructions,
      ...(this.config.readDenial ? { readDenial: this.config.readDenial } : {}),
      time: toml.include_environment_context_time ?? CONFIG_DEFAULTS.include_environment_context_time,
    });
  }

  /** The skills the input names (`skill` items, `$name` mentions), to follow the user's message. */
  skillInjections(
    items: readonly UserInputItem[],
    cwd: string,
  ): { items: ResponseItem[]; warnings: string[] } {
    const found = collectSkillInjections([...items], this.skills.forCwd(cwd).skills, cwd);
    return { items: found.messages, warnings: found.warnings };
  }
}
