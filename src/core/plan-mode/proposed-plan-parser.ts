// `<proposed_plan>` blocks in plan mode: the tagged block parser with one tag, and one block per turn. A
// later block (or any block once the turn already has its plan) stays normal text; callers warn about it.
import { TaggedBlockParser, type TaggedSegment } from "./tagged-block-parser.js";

export const PROPOSED_PLAN_OPEN = "<proposed_plan>";
export const PROPOSED_PLAN_CLOSE = "</proposed_plan>";

export type ProposedPlanSegment =
  | { type: "normal"; text: string }
  | { type: "planStart" }
  | { type: "planDelta"; text: string }
  | { type: "planEnd" };

export interface ProposedPlanParserOptions {
  /** False once the turn has its plan: every block is then normal text. Asked when a block would open. */
  planAllowed?: () => boolean;
}

export class ProposedPlanParser {
  private readonly parser: TaggedBlockParser<"plan">;
  private opened = 0;
  /** Blocks kept as normal text because the turn already had one. */
  refusedBlocks = 0;

  constructor(options: ProposedPlanParserOptions = {}) {
    this.parser = new TaggedBlockParser(
      [{ tag: "plan", open: PROPOSED_PLAN_OPEN, close: PROPOSED_PLAN_CLOSE }],
      {
        canOpen: () => {
          if (this.opened === 0 && (options.planAllowed?.() ?? true)) {
            this.opened++;
            return true;
          }
          this.refusedBlocks++;
          return false;
        },
      },
    );
  }

  push(delta: string): ProposedPlanSegment[] {
    return this.parser.push(delta).map(toPlanSegment);
  }

  finish(): ProposedPlanSegment[] {
    return this.parser.finish().map(toPlanSegment);
  }
}

function toPlanSegment(segment: TaggedSegment<"plan">): ProposedPlanSegment {
  switch (segment.type) {
    case "normal":
      return segment;
    case "blockStart":
      return { type: "planStart" };
    case "blockDelta":
      return { type: "planDelta", text: segment.text };
    case "blockEnd":
      return { type: "planEnd" };
  }
}

export interface ProposedPlanSplit {
  /** The message without its plan block: what the user reads as the agent's message. */
  visibleText: string;
  /** The plan block's text, or undefined when the message has none. */
  planText: string | undefined;
  /** Blocks kept in `visibleText` because only one is allowed. */
  extraBlocks: number;
}

/** Splits a complete message the same way streaming does. */
export function splitProposedPlan(text: string, options: { planAllowed?: boolean } = {}): ProposedPlanSplit {
  const allowed = options.planAllowed ?? true;
  const parser = new ProposedPlanParser({ planAllowed: () => allowed });
  let visibleText = "";
  let planText: string | undefined;
  for (const segment of [...parser.push(text), ...parser.finish()]) {
    if (segment.type === "normal") visibleText += segment.text;
    else if (segment.type === "planStart") planText = "";
    else if (segment.type === "planDelta") planText = (planText ?? "") + segment.text;
  }
  return { visibleText, planText, extraBlocks: parser.refusedBlocks };
}
