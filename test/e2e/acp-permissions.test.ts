// `codex-ts acp`: what "always" means in a permission answer. Allowing a command always writes a prefix rule
// to the user's rules file (honoured by the next process); rejecting always holds for the session.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolCalls, useAcpFixture } from "../support/acp-fixture.js";
import { reply } from "../support/fake-model.js";

const fx = useAcpFixture();
const ASKING = 'approval_policy = "untrusted"\nsandbox_mode = "workspace-write"';

describe("codex-ts acp: permanent answers", () => {
  it("allow_always writes a prefix rule that the next session honours without asking", async () => {
    const first = await fx.start(ASKING);
    const { sessionId } = await fx.newSession(first.acp, first.home.cwd);
    first.acp.answerPermission = () => ({ outcome: { outcome: "selected", optionId: "allow_always" } });
    fx.model?.push(reply.shell(["touch", "one.txt"], { callId: "call_1" }), reply.message("made one"));
    const result = await first.acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "touch one" }],
    });
    expect(result.stopReason).toBe("end_turn");
    expect(existsSync(join(first.home.cwd, "one.txt"))).toBe(true);
    const always = first.acp.permissionRequests[0]?.options.find((o) => o.kind === "allow_always");
    expect(always?.name).toContain("touch");
    const rules = readFileSync(join(first.home.codexHome, "rules", "default.rules"), "utf8");
    // The command as Codex proposes it, whole.
    expect(rules).toContain('prefix_rule(pattern = ["touch","one.txt"], decision = "allow")');
    expect(await first.acp.close()).toBe(0);

    // A new process over the same CODEX_HOME: the rule holds, nobody is asked.
    const second = await fx.start(ASKING, first.home);
    const next = await fx.newSession(second.acp, first.home.cwd);
    fx.model?.push(reply.shell(["touch", "one.txt"], { callId: "call_2" }), reply.message("made it again"));
    const again = await second.acp.agent.request("session/prompt", {
      sessionId: next.sessionId,
      prompt: [{ type: "text", text: "touch one again" }],
    });
    expect(again.stopReason).toBe("end_turn");
    expect(second.acp.permissionRequests).toEqual([]);
    expect(toolCalls(second.acp.updatesOf(next.sessionId), "call_2").at(-1)).toMatchObject({
      status: "completed",
    });
  });

  it("reject_always refuses the same command again in the session without asking", async () => {
    const { acp, home } = await fx.start(ASKING);
    const { sessionId } = await fx.newSession(acp, home.cwd);
    acp.answerPermission = () => ({ outcome: { outcome: "selected", optionId: "reject_always" } });
    for (const callId of ["call_a", "call_b"]) {
      fx.model?.push(reply.shell(["touch", "no.txt"], { callId }), reply.message("refused"));
      const result = await acp.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "text", text: "touch no" }],
      });
      expect(result.stopReason).toBe("end_turn");
      expect(toolCalls(acp.updatesOf(sessionId), callId).at(-1)).toMatchObject({ status: "failed" });
    }
    expect(acp.permissionRequests.map((r) => r.toolCall.toolCallId)).toEqual(["call_a"]);
    expect(existsSync(join(home.cwd, "no.txt"))).toBe(false);
  });
});
