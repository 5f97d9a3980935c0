import { describe, expect, it } from "vitest";
import type { MessageItem } from "../../protocol/items.js";
import { userTextMessage } from "../../protocol/items.js";
import type { TurnContextPayload } from "../../rollout/lines.js";
import { configuredCollaborationMode } from "./configured-mode.js";
import { TurnInstructions } from "./turn-instructions.js";

const text = (items: MessageItem[]) =>
  items.map((i) => `${i.role}:${(i.content[0] as { text: string }).text.split("\n")[0] ?? ""}`);

const context = (fields: Partial<TurnContextPayload>): TurnContextPayload => ({
  cwd: "/w",
  approval_policy: "never",
  sandbox_policy: { type: "read-only" },
  model: "m",
  ...fields,
});

describe("TurnInstructions", () => {
  it("a new thread: nothing for default mode, plan-mode instructions for a plan turn", () => {
    expect(new TurnInstructions().updates({ collaborationMode: "default" }, "## Skills\n- a", true)).toEqual(
      [],
    );
    expect(text(new TurnInstructions().updates({ collaborationMode: "plan" }, undefined, true))).toEqual([
      "developer:# Plan mode",
    ]);
  });

  it("tells each change once: mode in and out, personality, a new skill list", () => {
    const instructions = new TurnInstructions();
    instructions.updates({ collaborationMode: "default" }, "## Skills\n- a", true);
    expect(instructions.updates({ collaborationMode: "default" }, "## Skills\n- a", false)).toEqual([]);
    expect(
      text(
        instructions.updates({ collaborationMode: "plan", personality: "friendly" }, "## Skills\n- b", false),
      ),
    ).toEqual(["developer:## Skills", "developer:<personality_update>", "developer:# Plan mode"]);
    expect(
      instructions.updates({ collaborationMode: "plan", personality: "friendly" }, undefined, false),
    ).toEqual([]);
    expect(
      text(instructions.updates({ collaborationMode: "default", personality: "friendly" }, undefined, false)),
    ).toEqual(["developer:# Plan mode has ended"]);
  });

  it("a resumed thread starts from its last turn_context and history", () => {
    const history = [userTextMessage("## Skills\n- a", "developer"), userTextMessage("hi")];
    const resumed = new TurnInstructions({
      lastTurnContext: context({ collaboration_mode: { mode: "plan" }, personality: "none" }),
      history,
    });
    expect(
      resumed.updates({ collaborationMode: "plan", personality: "none" }, "## Skills\n- a", false),
    ).toEqual([]);
    const older = new TurnInstructions({ lastTurnContext: context({}), history });
    // No personality recorded: the thread had the default one, so choosing it again says nothing.
    expect(
      older.updates({ collaborationMode: "default", personality: "pragmatic" }, undefined, false),
    ).toEqual([]);
    expect(
      text(older.updates({ collaborationMode: "default", personality: "none" }, undefined, false)),
    ).toEqual(["developer:<personality_update>"]);
  });
});

describe("configuredCollaborationMode", () => {
  it("reads collaboration_mode from config, and says what is wrong with a bad value", () => {
    expect(configuredCollaborationMode({})).toEqual({ mode: "default" });
    expect(configuredCollaborationMode({ collaboration_mode: "plan" })).toEqual({ mode: "plan" });
    expect(configuredCollaborationMode({ collaboration_mode: 3 })).toEqual({
      mode: "default",
      problem: 'config collaboration_mode: expected "default" or "plan", got 3; using "default"',
    });
  });
});
