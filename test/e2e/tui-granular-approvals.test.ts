// The interactive UI under Codex 0.169's granular approval policy: it starts, /status names the policy
// "granular", and /approvals opens on its first preset (none matches a granular policy) without a crash.
import { describe, expect, it } from "vitest";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts (interactive) with a granular approval policy", () => {
  it("/status shows granular; /approvals opens", async () => {
    const { term } = await tui.start({
      toml: "approval_policy = { granular = { sandbox_approval = true, rules = false, mcp_elicitations = true } }",
    });
    await term.waitFor("Ask codex-ts to do anything");
    term.type("/status");
    await term.waitFor("› /status");
    term.press("Enter");
    const screen = await term.waitFor("Approval policy:    granular");
    expect(screen).not.toContain("[object Object]");
    term.type("/approvals");
    await term.waitFor("› /approvals");
    term.press("Enter");
    expect(await term.waitFor("Read Only")).not.toContain("[object Object]");
  });
});
