// The review targets the TUI's /review and the mcp-server's review tool read from their arguments.
import { describe, expect, it } from "vitest";
import { reviewTargetOf } from "../mcp-server/tool-params.js";
import { reviewTarget } from "../tui/app/run-slash-command.js";

describe("review targets from the surfaces' arguments", () => {
  it("/review", () => {
    expect(reviewTarget("")).toEqual({ type: "uncommittedChanges" });
    expect(reviewTarget("--base main")).toEqual({ type: "baseBranch", branch: "main" });
    expect(reviewTarget("--commit abc Fix it")).toEqual({ type: "commit", sha: "abc", title: "Fix it" });
    expect(reviewTarget("--base")).toBeUndefined();
    expect(reviewTarget("check the auth code")).toEqual({
      type: "custom",
      instructions: "check the auth code",
    });
  });

  it("the mcp-server's review tool", () => {
    expect(reviewTargetOf({})).toEqual({ type: "uncommittedChanges" });
    expect(reviewTargetOf({ commit: "abc", title: "T" })).toEqual({ type: "commit", sha: "abc", title: "T" });
    expect(() => reviewTargetOf({ base: "main", commit: "abc" })).toThrow(/choose one/);
  });
});
