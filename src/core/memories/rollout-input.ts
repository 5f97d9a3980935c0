// What the extraction model reads of a thread: its conversation as recorded (messages, tool calls and their
// outputs), without what the thread was told rather than what happened in it (developer messages, and what
// the engine injected as user text: AGENTS.md, the environment context, skill bodies, notices; the rule is
// rollout/user-input.ts's) and without reasoning (opaque). Held to a character budget: the
// end of a thread (its outcome) matters most, so a long one keeps its opening request and its last part.
import type { ParsedRollout } from "../../rollout/reader.js";
import { isInjectedText } from "../../rollout/user-input.js";

export interface RolloutInput {
  /** The filtered items, as JSON lines. */
  text: string;
  /** Whether the thread used MCP tools or web search (`disable_on_external_context`). */
  externalContext: boolean;
  /** `memory_mode` of the session_meta line: "disabled" or "polluted" keep the thread out. */
  memoryMode: string | undefined;
  cwd: string | undefined;
  /** The thread had no conversation at all. */
  empty: boolean;
}

type Json = Record<string, unknown>;

/** The item as the model will read it, or undefined when it is left out. */
function keep(item: Json): Json | undefined {
  switch (item.type) {
    case "message": {
      if (item.role === "developer" || item.role === "system") return undefined;
      if (item.role !== "user") return item;
      const content = (Array.isArray(item.content) ? (item.content as Json[]) : []).filter(
        (part) => !(typeof part.text === "string" && isInjectedText(part.text, ["context"])),
      );
      return content.length > 0 ? { ...item, content } : undefined;
    }
    case "reasoning":
      return undefined;
    default:
      return item;
  }
}

function isExternal(type: unknown): boolean {
  return typeof type === "string" && /^(mcp_?tool_?call|web_?search(_call)?|tool_?search)/i.test(type);
}

export function renderRolloutInput(parsed: ParsedRollout, maxChars: number): RolloutInput {
  const kept: string[] = [];
  let externalContext = false;
  for (const line of parsed.lines) {
    if (line.type === "response_item") {
      const item = line.payload as Json;
      if (isExternal(item.type)) externalContext = true;
      const shown = keep(item);
      if (shown) kept.push(JSON.stringify(shown));
    } else if (line.type === "event_msg" && line.payload.type === "item_completed") {
      const item = (line.payload as { item?: Json }).item;
      if (item && isExternal(item.type)) externalContext = true;
    }
  }
  const memoryMode = parsed.meta?.memory_mode ?? undefined;
  return {
    text: fitToBudget(kept, maxChars),
    externalContext,
    memoryMode: typeof memoryMode === "string" ? memoryMode : undefined,
    cwd: parsed.meta?.cwd,
    empty: kept.length === 0,
  };
}

/** The lines within `maxChars`: the first one (the opening request) and as many of the last as fit. */
export function fitToBudget(lines: readonly string[], maxChars: number): string {
  const all = lines.join("\n");
  if (all.length <= maxChars) return all;
  const first = (lines[0] ?? "").slice(0, Math.floor(maxChars / 4));
  const marker = "[... earlier part of the thread left out ...]";
  let budget = maxChars - first.length - marker.length - 2;
  const tail: string[] = [];
  for (let i = lines.length - 1; i >= 1 && budget > 0; i--) {
    const line = lines[i] ?? "";
    if (line.length + 1 > budget) {
      tail.unshift(line.slice(line.length - budget + 1));
      break;
    }
    tail.unshift(line);
    budget -= line.length + 1;
  }
  return [first, marker, ...tail].join("\n");
}
