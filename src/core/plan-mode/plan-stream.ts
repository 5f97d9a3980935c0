// Plan mode's view of a task's assistant text. Deltas are split as they stream: normal text goes out as
// `agent_message_content_delta`, the `<proposed_plan>` block as `plan_delta` inside a plan item
// (`item_started` at the block's start). When a message completes, its full text decides (it is
// authoritative, the deltas may differ): the plan item completes with the block's text and the agent
// message is what remains. A task has one plan: blocks after it stay normal text, with a warning.
import type { KnownEventMsg, PlanTurnItem } from "../../protocol/core-protocol.js";
import { ProposedPlanParser, splitProposedPlan, type ProposedPlanSegment } from "./proposed-plan-parser.js";

export class PlanModeStream {
  private parser: ProposedPlanParser | undefined;
  private parserItemId: string | undefined;
  private readonly planItemId: string;
  private started = false;
  private completed = false;
  private completedThisRequest = false;
  /** The plan as streamed, for the rare message whose final text lost the block the deltas had. */
  private streamedPlan = "";

  constructor(
    private readonly emit: (msg: KnownEventMsg) => void,
    private readonly ids: { threadId: string; turnId: string },
  ) {
    this.planItemId = `${ids.turnId}-plan`;
  }

  /** A text delta of the assistant message `itemId`. */
  textDelta(itemId: string, delta: string): void {
    let parser = this.parserItemId === itemId ? this.parser : undefined;
    if (!parser) {
      this.flush();
      parser = new ProposedPlanParser({ planAllowed: () => !this.completed });
      this.parser = parser;
      this.parserItemId = itemId;
    }
    this.route(itemId, parser.push(delta));
  }

  /** A new model request of the task begins. */
  beginRequest(): void {
    this.completedThisRequest = false;
  }

  /** A retry drops what the failed attempt streamed, plan included; the next attempt streams it again. */
  reset(): void {
    this.parser = undefined;
    this.parserItemId = undefined;
    this.streamedPlan = "";
    if (this.completedThisRequest) this.completed = false;
    this.completedThisRequest = false;
  }

  /**
   * An assistant message is complete: finishes its plan item and returns the text to show as the agent
   * message, or undefined when nothing but the plan is left.
   */
  messageDone(text: string): string | undefined {
    this.flush();
    const split = splitProposedPlan(text, { planAllowed: !this.completed });
    if (split.planText !== undefined) this.complete(split.planText);
    else if (this.started && !this.completed) this.complete(this.streamedPlan);
    if (split.extraBlocks > 0) {
      this.emit({
        type: "warning",
        message: `only one <proposed_plan> block is allowed per turn; ${split.extraBlocks} later block(s) were kept as ordinary text`,
      });
    }
    return split.visibleText.trim() === "" ? undefined : split.visibleText;
  }

  private flush(): void {
    if (this.parser && this.parserItemId !== undefined) this.route(this.parserItemId, this.parser.finish());
    this.parser = undefined;
    this.parserItemId = undefined;
  }

  private route(itemId: string, segments: readonly ProposedPlanSegment[]): void {
    const { threadId, turnId } = this.ids;
    for (const segment of segments) {
      switch (segment.type) {
        case "normal":
          this.emit({
            type: "agent_message_content_delta",
            thread_id: threadId,
            turn_id: turnId,
            item_id: itemId,
            delta: segment.text,
          });
          break;
        case "planStart":
          this.start();
          break;
        case "planDelta":
          this.start();
          this.streamedPlan += segment.text;
          this.emit({
            type: "plan_delta",
            thread_id: threadId,
            turn_id: turnId,
            item_id: this.planItemId,
            delta: segment.text,
          });
          break;
        case "planEnd":
          break;
      }
    }
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.emit({ type: "item_started", ...this.where(), item: this.item("") });
  }

  private complete(text: string): void {
    this.start();
    this.completed = true;
    this.completedThisRequest = true;
    this.emit({ type: "item_completed", ...this.where(), item: this.item(text) });
  }

  private where(): { thread_id: string; turn_id: string } {
    return { thread_id: this.ids.threadId, turn_id: this.ids.turnId };
  }

  private item(text: string): PlanTurnItem {
    return { type: "plan", id: this.planItemId, text };
  }
}
