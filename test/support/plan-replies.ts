// The plan-mode script the e2e tests share: a message holding a `<proposed_plan>` block, streamed in small
// deltas so every tag line is split across them.
import { sse } from "./fake-model.js";

export const PLAN = "# Add a cache\n\n1. Wrap `load()` in a memo.\n2. Test a hit and a miss.\n";
export const PLAN_MESSAGE = `Here is what I propose.\n<proposed_plan>\n${PLAN}</proposed_plan>\nSay go when ready.`;

export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** `text` (default: the plan message) streamed as `deltas` (default: 3-character pieces). */
export function planReply(text = PLAN_MESSAGE, deltas: string[] = chunks(text, 3)) {
  const id = "msg_plan";
  const message = (content: unknown[]) => ({ type: "message", role: "assistant", id, content });
  return {
    events: [
      sse.created(),
      { type: "response.output_item.added", item: message([]) },
      ...deltas.map((delta) => ({ type: "response.output_text.delta", item_id: id, delta })),
      { type: "response.output_item.done", item: message([{ type: "output_text", text }]) },
      sse.completed(),
    ],
  };
}
