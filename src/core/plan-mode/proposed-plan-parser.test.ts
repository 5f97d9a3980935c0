import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ProposedPlanParser, splitProposedPlan, type ProposedPlanSegment } from "./proposed-plan-parser.js";

function stream(deltas: readonly string[]): ProposedPlanSegment[] {
  const parser = new ProposedPlanParser();
  return [...deltas.flatMap((d) => parser.push(d)), ...parser.finish()];
}

describe("ProposedPlanParser", () => {
  it("streams intro, plan and outro as separate segments", () => {
    expect(stream(["Intro text\n<prop", "osed_plan>\n- step 1\n", "</proposed_plan>\nOutro"])).toEqual([
      { type: "normal", text: "Intro text\n" },
      { type: "planStart" },
      { type: "planDelta", text: "- step 1\n" },
      { type: "planEnd" },
      { type: "normal", text: "Outro" },
    ]);
  });

  it("allows one block: a second one stays normal text and is counted", () => {
    const parser = new ProposedPlanParser();
    const segments = [
      ...parser.push("<proposed_plan>\na\n</proposed_plan>\n<proposed_plan>\nb\n</proposed_plan>\n"),
      ...parser.finish(),
    ];
    expect(segments).toEqual([
      { type: "planStart" },
      { type: "planDelta", text: "a\n" },
      { type: "planEnd" },
      { type: "normal", text: "<proposed_plan>\nb\n</proposed_plan>\n" },
    ]);
    expect(parser.refusedBlocks).toBe(1);
  });

  it("refuses every block when the turn already has its plan", () => {
    const parser = new ProposedPlanParser({ planAllowed: () => false });
    expect([...parser.push("<proposed_plan>\nx\n</proposed_plan>\n"), ...parser.finish()]).toEqual([
      { type: "normal", text: "<proposed_plan>\nx\n</proposed_plan>\n" },
    ]);
    expect(parser.refusedBlocks).toBe(1);
  });
});

describe("splitProposedPlan", () => {
  it("strips the block from the visible text and returns the plan", () => {
    expect(splitProposedPlan("before\n<proposed_plan>\n- step\n</proposed_plan>\nafter")).toEqual({
      visibleText: "before\nafter",
      planText: "- step\n",
      extraBlocks: 0,
    });
  });

  it("closes a block missing its end tag at the end of the message", () => {
    expect(splitProposedPlan("Plan:\n<proposed_plan>\n1. a\n2. b")).toEqual({
      visibleText: "Plan:\n",
      planText: "1. a\n2. b",
      extraBlocks: 0,
    });
  });

  it("gives no plan for a message without a block, and an empty plan for an empty block", () => {
    expect(splitProposedPlan("just text").planText).toBeUndefined();
    expect(splitProposedPlan("<proposed_plan>\n</proposed_plan>\n").planText).toBe("");
  });

  it("agrees with streaming for any split", () => {
    const piece = fc.constantFrom(
      "<proposed_plan>",
      "</proposed_plan>",
      "<proposed",
      "_plan>",
      "\n",
      "\r\n",
      "- step",
      " ",
      "text",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (parts, cuts) => {
          const whole = parts.join("");
          const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
          const deltas = [0, ...points].map((p, i, all) => whole.slice(p, all[i + 1] ?? whole.length));
          let visible = "";
          let plan: string | undefined;
          for (const s of stream(deltas)) {
            if (s.type === "normal") visible += s.text;
            if (s.type === "planStart") plan = "";
            if (s.type === "planDelta") plan = (plan ?? "") + s.text;
          }
          const split = splitProposedPlan(whole);
          expect(visible).toBe(split.visibleText);
          expect(plan).toBe(split.planText);
        },
      ),
      { numRuns: 300 },
    );
  });
});
