// "Implement this plan?", asked after a plan-mode turn that produced a proposed plan. Pure: (selected, key) ->
// what happens. Yes switches to default mode and asks the model to implement it; no returns to the composer.
import type { KeyEvent } from "../input/key-parser.js";

export const IMPLEMENT_PLAN_CHOICES = [
  { label: "Yes, implement this plan", description: "Switch to default mode and start coding." },
  { label: "No, stay in plan mode", description: "Keep planning with the model." },
] as const;

/** What is sent to the model when the user says yes. */
export const IMPLEMENT_PLAN_REQUEST = "Implement the plan.";

export type PlanPromptOutcome = { type: "stay"; selected: number } | { type: "answer"; implement: boolean };

export function planPromptKey(selected: number, key: KeyEvent): PlanPromptOutcome {
  const count = IMPLEMENT_PLAN_CHOICES.length;
  const move = (delta: number): PlanPromptOutcome => ({
    type: "stay",
    selected: (selected + delta + count) % count,
  });
  if (key.type === "key") {
    if (key.name === "enter") return { type: "answer", implement: selected === 0 };
    if (key.name === "escape") return { type: "answer", implement: false };
    if (key.name === "up" || key.name === "backtab") return move(-1);
    if (key.name === "down" || key.name === "tab") return move(1);
  }
  if (key.type === "text") {
    const text = key.text.toLowerCase();
    if (text === "y" || text === "1") return { type: "answer", implement: true };
    if (text === "n" || text === "2") return { type: "answer", implement: false };
    if (text === "k") return move(-1);
    if (text === "j") return move(1);
  }
  if (key.type === "ctrl" && key.letter === "c") return { type: "answer", implement: false };
  return { type: "stay", selected };
}
