// The approval overlay, from the requests the engine actually sent.
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { recordedEvents, replayThrough } from "../../fixtures/recorded-events.js";
import { renderText, trimLines } from "../../../../../test/support/tui-render.js";
import { ApprovalOverlay } from "./ApprovalOverlay.js";

function pending(fixture: "exec-approval" | "patch-approval") {
  const type = fixture === "exec-approval" ? "exec_approval_request" : "apply_patch_approval_request";
  const approval = replayThrough(recordedEvents(fixture), type).approvals[0];
  if (!approval) throw new Error("no pending approval");
  return approval;
}

describe("ApprovalOverlay", () => {
  it("shows the command, where it runs, why it asks, and the keys", () => {
    const text = trimLines(
      renderText(createElement(ApprovalOverlay, { approval: pending("exec-approval") })),
    );
    expect(text).toContain("│ Allow codex-ts to run this command?");
    expect(text).toContain("│ $ touch made-by-codex");
    expect(text).toContain("│ in /work/project");
    expect(text).toMatch(/│ Reason: .+/);
    for (const line of [
      "│ y   Yes, proceed",
      "│ a   Yes, and don't ask again for this session",
      "│ n   No, and tell the model what to do differently",
      "│ Esc Abort the turn",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("shows a patch's diff with relative paths and counts", () => {
    const text = trimLines(
      renderText(createElement(ApprovalOverlay, { approval: pending("patch-approval") })),
    );
    expect(text).toContain("│ Allow codex-ts to apply these changes?");
    expect(text).toContain("│ Added hello.txt +2 -0");
    expect(text).toContain("│     1 +hello");
    expect(text).toContain("│ Edited notes.md +1 -1");
    expect(text).toContain("│     2 +second, edited");
    expect(text).toContain("│ Reason: approval_policy is untrusted: every patch is reviewed");
  });

  it("cuts a long diff to fit and says how much is left", () => {
    const text = renderText(
      createElement(ApprovalOverlay, { approval: pending("patch-approval"), maxDiffLines: 4 }),
    );
    expect(text).toContain("… 6 more lines");
    expect(text).not.toContain("third");
  });

  it("says when more requests wait behind this one", () => {
    expect(
      renderText(createElement(ApprovalOverlay, { approval: pending("exec-approval"), queued: 2 })),
    ).toContain("2 more requests waiting");
  });
});
