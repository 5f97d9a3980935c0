// `codex-ts acp` driven by the ACP SDK's client side, as an editor drives it, against the fake model:
// a turn, approvals, patches, plans and cancellation.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, type ToolCallContent } from "@agentclientprotocol/sdk";
import { agentText } from "../support/acp-client.js";
import { toolCalls, useAcpFixture } from "../support/acp-fixture.js";
import { reply, sse } from "../support/fake-model.js";

const fx = useAcpFixture();

describe("codex-ts acp: turns", () => {
  it("initializes, says hello in streamed chunks and ends the turn", async () => {
    const { acp, home, init } = await fx.start();
    expect(init.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { image: true, embeddedContext: true },
      mcpCapabilities: { http: true },
    });
    expect(init.authMethods?.map((m) => m.id)).toEqual(["chatgpt", "openai-api-key"]);
    expect(init.agentInfo?.name).toBe("codex-ts");

    const session = await fx.newSession(acp, home.cwd);
    expect(session.modes?.availableModes.map((m) => m.id)).toEqual([
      "read-only",
      "auto",
      "full-access",
      "plan",
    ]);
    expect(session.modes?.currentModeId).toBe("read-only");
    expect(session.configOptions?.[0]).toMatchObject({ id: "model", category: "model", type: "select" });
    await acp.waitFor(
      () => acp.updatesOf(session.sessionId).find((u) => u.sessionUpdate === "available_commands_update"),
      "the slash commands",
    );

    fx.model?.push({
      events: [
        sse.created(),
        ...sse.reasoning("**Greeting** the user"),
        ...sse.message("Hello there, this is codex-ts speaking."),
        sse.completed(),
      ],
    });
    const result = await acp.agent.request("session/prompt", {
      sessionId: session.sessionId,
      prompt: [{ type: "text", text: "hi" }],
    });
    expect(result.stopReason).toBe("end_turn");
    const updates = acp.updatesOf(session.sessionId);
    const chunks = updates.filter((u) => u.sessionUpdate === "agent_message_chunk");
    expect(chunks.length).toBeGreaterThan(1);
    expect(agentText(updates)).toBe("Hello there, this is codex-ts speaking.");
    const thoughts = updates.map((u) =>
      u.sessionUpdate === "agent_thought_chunk" && u.content.type === "text" ? u.content.text : "",
    );
    expect(thoughts.join("")).toBe("**Greeting** the user");

    // The model chosen through the config option is the one the next turn asks for.
    const set = await acp.agent.request("session/set_config_option", {
      sessionId: session.sessionId,
      configId: "model",
      value: "gpt-5.1-codex-mini",
    });
    expect(set.configOptions[0]).toMatchObject({ currentValue: "gpt-5.1-codex-mini" });
    fx.model?.push(reply.message("again"));
    await acp.agent.request("session/prompt", {
      sessionId: session.sessionId,
      prompt: [{ type: "text", text: "x" }],
    });
    expect(fx.model?.requests.at(-1)?.body.model).toBe("gpt-5.1-codex-mini");
  });

  it("asks permission for a command: runs it when allowed, not when rejected", async () => {
    const { acp, home } = await fx.start('approval_policy = "untrusted"\nsandbox_mode = "workspace-write"');
    const { sessionId } = await fx.newSession(acp, home.cwd);
    acp.answerPermission = (req) => ({
      outcome: {
        outcome: "selected",
        optionId: req.toolCall.title?.includes("allowed") ? "allow_once" : "reject_once",
      },
    });

    fx.model?.push(reply.shell(["touch", "allowed.txt"], { callId: "call_ok" }), reply.message("made it"));
    expect(
      (
        await acp.agent.request("session/prompt", {
          sessionId,
          prompt: [{ type: "text", text: "make a file" }],
        })
      ).stopReason,
    ).toBe("end_turn");
    expect(existsSync(join(home.cwd, "allowed.txt"))).toBe(true);
    const asked = acp.permissionRequests[0];
    expect(asked?.toolCall).toMatchObject({ toolCallId: "call_ok", kind: "execute", status: "pending" });
    expect(asked?.options.map((o) => o.kind)).toEqual([
      "allow_once",
      "allow_always",
      "reject_once",
      "reject_always",
    ]);
    const ok = toolCalls(acp.updatesOf(sessionId), "call_ok");
    expect(ok[0]?.sessionUpdate).toBe("tool_call");
    expect(ok.at(-1)).toMatchObject({ sessionUpdate: "tool_call_update", status: "completed" });

    fx.model?.push(
      reply.shell(["touch", "refused.txt"], { callId: "call_no" }),
      reply.message("was refused"),
    );
    expect(
      (await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "another" }] }))
        .stopReason,
    ).toBe("end_turn");
    expect(existsSync(join(home.cwd, "refused.txt"))).toBe(false);
    expect(acp.permissionRequests[1]?.toolCall.toolCallId).toBe("call_no");
    expect(toolCalls(acp.updatesOf(sessionId), "call_no").at(-1)).toMatchObject({ status: "failed" });
    // The model was told.
    const outputs =
      fx.model?.requests.at(-1)?.body.input?.filter((i) => i.type === "function_call_output") ?? [];
    expect(JSON.stringify(outputs.at(-1))).toMatch(/reject|denied|declined/i);
  });

  it("shows a patch as a diff tool call, asking first in read-only mode", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd);
    await acp.agent.request("session/set_mode", { sessionId, modeId: "read-only" });
    acp.answerPermission = () => ({ outcome: { outcome: "selected", optionId: "allow_once" } });
    const patch = [
      "*** Begin Patch",
      "*** Add File: notes.txt",
      "+first line",
      "+second line",
      "*** End Patch",
    ].join("\n");
    fx.model?.push(
      { events: [sse.created(), sse.customToolCall("apply_patch", patch, "call_patch"), sse.completed()] },
      reply.message("patched"),
    );
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "write notes" }],
    });
    expect(result.stopReason).toBe("end_turn");
    expect(readFileSync(join(home.cwd, "notes.txt"), "utf8")).toBe("first line\nsecond line\n");
    const diff: ToolCallContent = {
      type: "diff",
      path: join(home.cwd, "notes.txt"),
      oldText: null,
      newText: "first line\nsecond line\n",
    };
    expect(acp.permissionRequests[0]?.toolCall).toMatchObject({ kind: "edit", content: [diff] });
    const calls = toolCalls(acp.updatesOf(sessionId), "call_patch");
    expect(calls[0]).toMatchObject({ sessionUpdate: "tool_call", kind: "edit", content: [diff] });
    expect(calls.at(-1)).toMatchObject({ status: "completed" });
    expect(calls.some((c) => c.locations?.some((l) => l.path === join(home.cwd, "notes.txt")))).toBe(true);
  });

  it("sends the plan from update_plan", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd);
    fx.model?.push(
      reply.functionCall("update_plan", {
        plan: [
          { step: "read the code", status: "completed" },
          { step: "fix the bug", status: "in_progress" },
        ],
      }),
      reply.message("planned"),
    );
    await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "plan it" }] });
    const plan = acp.updatesOf(sessionId).find((u) => u.sessionUpdate === "plan");
    expect(plan).toMatchObject({
      entries: [
        { content: "read the code", status: "completed" },
        { content: "fix the bug", status: "in_progress" },
      ],
    });
  });

  it("cancels a running turn, and withdraws an open permission request", async () => {
    const { acp, home } = await fx.start('approval_policy = "untrusted"\nsandbox_mode = "workspace-write"');
    const { sessionId } = await fx.newSession(acp, home.cwd);
    fx.model?.push(reply.hang());
    const first = acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "think" }],
    });
    await fx.model?.waitForRequests(1);
    await acp.agent.notify("session/cancel", { sessionId });
    expect((await first).stopReason).toBe("cancelled");

    // A pending permission request is answered as cancelled when the turn is cancelled.
    let withdrawn = false;
    acp.answerPermission = (_req, signal) =>
      new Promise((resolve) =>
        signal.addEventListener("abort", () => {
          withdrawn = true;
          resolve({ outcome: { outcome: "cancelled" } });
        }),
      );
    fx.model?.push(reply.shell(["touch", "never.txt"], { callId: "call_wait" }));
    const second = acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "touch" }],
    });
    await acp.waitFor(() => acp.permissionRequests[0], "the permission request");
    await acp.agent.notify("session/cancel", { sessionId });
    expect((await second).stopReason).toBe("cancelled");
    expect(withdrawn).toBe(true);
    expect(existsSync(join(home.cwd, "never.txt"))).toBe(false);
    expect(toolCalls(acp.updatesOf(sessionId), "call_wait").at(-1)).toMatchObject({ status: "failed" });

    // The session still works.
    fx.model?.push(reply.message("back again"));
    const third = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "hi" }],
    });
    expect(third.stopReason).toBe("end_turn");
  });
});
