import { describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { PlanModeStream } from "./plan-stream.js";

function setup() {
  const events: KnownEventMsg[] = [];
  const stream = new PlanModeStream((msg) => events.push(msg), { threadId: "th", turnId: "tu" });
  const summary = () =>
    events.map((e) => {
      switch (e.type) {
        case "agent_message_content_delta":
          return `text:${e.delta}`;
        case "plan_delta":
          return `plan:${e.delta}`;
        case "item_started":
        case "item_completed":
          return `${e.type}:${"text" in e.item ? e.item.text : ""}`;
        case "warning":
          return "warning";
        default:
          return e.type;
      }
    });
  return { events, stream, summary };
}

const PLAN_MESSAGE = "Intro\n<proposed_plan>\n1. a\n2. b\n</proposed_plan>\nOutro";

describe("PlanModeStream", () => {
  it("streams normal text and plan text apart, and completes the plan from the final message", () => {
    const { stream, summary, events } = setup();
    for (const delta of ["Intro\n<pro", "posed_plan>\n1. a\n", "2. b\n</propos", "ed_plan>\nOutro"]) {
      stream.textDelta("m1", delta);
    }
    expect(stream.messageDone(PLAN_MESSAGE)).toBe("Intro\nOutro");
    expect(summary()).toEqual([
      "text:Intro\n",
      "item_started:",
      "plan:1. a\n",
      "plan:2. b\n",
      "text:Outro",
      "item_completed:1. a\n2. b\n",
    ]);
    expect(events.find((e) => e.type === "item_completed")).toEqual({
      type: "item_completed",
      thread_id: "th",
      turn_id: "tu",
      item: { type: "plan", id: "tu-plan", text: "1. a\n2. b\n" },
    });
  });

  it("takes the plan text from the completed message when it differs from the deltas", () => {
    const { stream, summary } = setup();
    stream.textDelta("m1", "<proposed_plan>\ndraft\n");
    expect(stream.messageDone("<proposed_plan>\nfinal\n</proposed_plan>\n")).toBeUndefined();
    expect(summary()).toEqual(["item_started:", "plan:draft\n", "item_completed:final\n"]);
  });

  it("closes an unterminated block when the message completes", () => {
    const { stream, summary } = setup();
    stream.textDelta("m1", "Plan:\n<proposed_plan>\n- x");
    expect(stream.messageDone("Plan:\n<proposed_plan>\n- x")).toBe("Plan:\n");
    expect(summary()).toEqual(["text:Plan:\n", "item_started:", "plan:- x", "item_completed:- x"]);
  });

  it("keeps a second block as normal text and warns", () => {
    const { stream, summary } = setup();
    const text = "<proposed_plan>\na\n</proposed_plan>\n<proposed_plan>\nb\n</proposed_plan>\n";
    stream.textDelta("m1", text);
    expect(stream.messageDone(text)).toBe("<proposed_plan>\nb\n</proposed_plan>\n");
    expect(summary()).toEqual([
      "item_started:",
      "plan:a\n",
      "text:<proposed_plan>\nb\n</proposed_plan>\n",
      "item_completed:a\n",
      "warning",
    ]);
  });

  it("allows one plan per task: a later message's block is normal text", () => {
    const { stream, summary } = setup();
    stream.messageDone("<proposed_plan>\nfirst\n</proposed_plan>");
    stream.beginRequest();
    stream.textDelta("m2", "<proposed_plan>\nsecond\n</proposed_plan>");
    expect(stream.messageDone("<proposed_plan>\nsecond\n</proposed_plan>")).toBe(
      "<proposed_plan>\nsecond\n</proposed_plan>",
    );
    expect(summary().filter((s) => s.startsWith("item_completed"))).toEqual(["item_completed:first\n"]);
    expect(summary().at(-1)).toBe("warning");
  });

  it("lets a retried request stream its plan again", () => {
    const { stream, summary } = setup();
    stream.beginRequest();
    stream.textDelta("m1", "<proposed_plan>\nx\n</proposed_plan>\n");
    stream.messageDone("<proposed_plan>\nx\n</proposed_plan>\n");
    stream.reset();
    stream.textDelta("m1", "<proposed_plan>\nx\n</proposed_plan>\n");
    stream.messageDone("<proposed_plan>\nx\n</proposed_plan>\n");
    expect(summary().filter((s) => s === "warning")).toEqual([]);
    expect(summary().filter((s) => s.startsWith("item_completed"))).toHaveLength(2);
  });
});
