// What the model is told before a turn whose settings differ from what it was last told: the collaboration
// mode (plan mode's instructions on the way in, a short note on the way out), the personality, and the list
// of skills. Each is a developer message kept in the history, so a resumed thread knows what was said.
import { readPackageFile } from "../package-files.js";
import { DEFAULT_PERSONALITY, personalityUpdateMessage } from "../initial-context.js";
import type { TurnContext } from "../turn-context.js";
import type { MessageItem, ResponseItem } from "../../protocol/items.js";
import { userTextMessage } from "../../protocol/items.js";
import { CollaborationModeKind, Personality } from "../../protocol/policies.js";
import type { TurnContextPayload } from "../../rollout/lines.js";
import { lastSkillsInstructions } from "../../skills/skills-instructions.js";

/** The developer message that starts (plan) or ends (default) plan mode. */
export function collaborationModeMessage(mode: CollaborationModeKind): MessageItem {
  return userTextMessage(readPackageFile(`prompts/collaboration_mode/${mode}.md`).trimEnd(), "developer");
}

/** A mode as a rollout's turn_context holds it: ours is a name, the real Codex's `{mode, settings}`. */
function modeOf(value: unknown): CollaborationModeKind | undefined {
  const raw = typeof value === "object" && value !== null && "mode" in value ? value.mode : value;
  const parsed = CollaborationModeKind.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export interface PreviousTurns {
  lastTurnContext: TurnContextPayload | undefined;
  history: readonly ResponseItem[];
}

export class TurnInstructions {
  private mode: CollaborationModeKind;
  /** Undefined until the model has instructions (a new thread before its first turn). */
  private personality: Personality | undefined;
  private skills: string | undefined;

  /**
   * `previous`: a resumed or forked thread, read back from its rollout. `modeInstructions: false`
   * (`include_collaboration_mode_instructions = false`): a mode change tells the model nothing.
   */
  constructor(
    previous?: PreviousTurns,
    private readonly modeInstructions = true,
  ) {
    const last = previous?.lastTurnContext;
    this.mode = modeOf(last?.collaboration_mode) ?? "default";
    if (previous && previous.history.length > 0) {
      const personality = Personality.safeParse(last?.personality);
      this.personality = personality.success ? personality.data : DEFAULT_PERSONALITY;
    }
    this.skills = previous ? lastSkillsInstructions(previous.history) : undefined;
  }

  /**
   * The messages to record before this turn's input. `initial`: the thread's initial context was just
   * recorded, with this turn's personality and skills in it.
   */
  updates(
    turn: Pick<TurnContext, "collaborationMode" | "personality">,
    skills: string | undefined,
    initial: boolean,
  ): MessageItem[] {
    const items: MessageItem[] = [];
    const personality = turn.personality ?? DEFAULT_PERSONALITY;
    if (!initial) {
      if (skills !== undefined && skills !== this.skills) items.push(userTextMessage(skills, "developer"));
      if (this.personality !== undefined && personality !== this.personality) {
        items.push(personalityUpdateMessage(personality));
      }
    }
    if (turn.collaborationMode !== this.mode && this.modeInstructions) {
      items.push(collaborationModeMessage(turn.collaborationMode));
    }
    this.mode = turn.collaborationMode;
    this.personality = personality;
    if (skills !== undefined) this.skills = skills;
    return items;
  }
}
