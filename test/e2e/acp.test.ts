// `codex-ts acp` driven by the ACP SDK's client side, as an editor drives it, against the fake model.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  PROTOCOL_VERSION,
  type McpServer,
  type SessionUpdate,
  type ToolCallContent,
} from "@agentclientprotocol/sdk";
import { AcpProcess, agentText } from "../support/acp-client.js";
import { makeHome, type TestHome } from "../support/cli.js";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { STDIO_SERVER_SCRIPT } from "../support/mcp-config.js";
import type { FakeModel } from "../support/proto-events.js";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

let model: FakeModel | undefined;
const agents: AcpProcess[] = [];

afterEach(async () => {
  for (const a of agents.splice(0)) {
    await a.close();
    expect(a.invalid).toEqual([]);
  }
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

async function start(toml = "", home?: TestHome) {
  model ??= await startFakeModel();
  const h = home ?? makeHome(model.url, toml);
  const acp = new AcpProcess([], { env: h.env, cwd: h.cwd });
  agents.push(acp);
  const init = await acp.agent.request("initialize", {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: false }, terminal: false },
    clientInfo: { name: "test-editor", version: "1.0.0" },
  });
  return { acp, home: h, init };
}

async function newSession(acp: AcpProcess, cwd: string, mcpServers: McpServer[] = []) {
  return acp.agent.request("session/new", { cwd, mcpServers });
}

const toolCalls = (updates: SessionUpdate[], id?: string) =>
  updates.filter(
    (u): u is Extract<SessionUpdate, { sessionUpdate: "tool_call" | "tool_call_update" }> =>
      (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
      (id === undefined || u.toolCallId === id),
  );

/** A 1x1 PNG. */
const PIXEL =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const input = () => JSON.stringify(model?.requests.at(-1)?.body.input);

describe("codex-ts acp", () => {
  it("initializes, says hello in streamed chunks and ends the turn", async () => {
    const { acp, home, init } = await start();
    expect(init.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { image: true, embeddedContext: true },
      mcpCapabilities: { http: true },
    });
    expect(init.authMethods?.map((m) => m.id)).toEqual(["chatgpt", "openai-api-key"]);
    expect(init.agentInfo?.name).toBe("codex-ts");

    const session = await newSession(acp, home.cwd);
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

    model?.push({
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
    model?.push(reply.message("again"));
    await acp.agent.request("session/prompt", {
      sessionId: session.sessionId,
      prompt: [{ type: "text", text: "x" }],
    });
    expect(model?.requests.at(-1)?.body.model).toBe("gpt-5.1-codex-mini");
  });

  it("asks permission for a command: runs it when allowed, not when rejected", async () => {
    const { acp, home } = await start('approval_policy = "untrusted"\nsandbox_mode = "workspace-write"');
    const { sessionId } = await newSession(acp, home.cwd);
    acp.answerPermission = (req) => ({
      outcome: {
        outcome: "selected",
        optionId: req.toolCall.title?.includes("allowed") ? "allow_once" : "reject_once",
      },
    });

    model?.push(reply.shell(["touch", "allowed.txt"], { callId: "call_ok" }), reply.message("made it"));
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

    model?.push(reply.shell(["touch", "refused.txt"], { callId: "call_no" }), reply.message("was refused"));
    expect(
      (await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "another" }] }))
        .stopReason,
    ).toBe("end_turn");
    expect(existsSync(join(home.cwd, "refused.txt"))).toBe(false);
    expect(acp.permissionRequests[1]?.toolCall.toolCallId).toBe("call_no");
    expect(toolCalls(acp.updatesOf(sessionId), "call_no").at(-1)).toMatchObject({ status: "failed" });
    // The model was told.
    const outputs =
      model?.requests.at(-1)?.body.input?.filter((i) => i.type === "function_call_output") ?? [];
    expect(JSON.stringify(outputs.at(-1))).toMatch(/reject|denied|declined/i);
  });

  it("shows a patch as a diff tool call, asking first in read-only mode", async () => {
    const { acp, home } = await start();
    const { sessionId } = await newSession(acp, home.cwd);
    await acp.agent.request("session/set_mode", { sessionId, modeId: "read-only" });
    acp.answerPermission = () => ({ outcome: { outcome: "selected", optionId: "allow_once" } });
    const patch = [
      "*** Begin Patch",
      "*** Add File: notes.txt",
      "+first line",
      "+second line",
      "*** End Patch",
    ].join("\n");
    model?.push(
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
    const { acp, home } = await start();
    const { sessionId } = await newSession(acp, home.cwd);
    model?.push(
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
        { content: "fix the bug", status: "pending" },
      ],
    });
  });

  it("cancels a running turn, and withdraws an open permission request", async () => {
    const { acp, home } = await start('approval_policy = "untrusted"\nsandbox_mode = "workspace-write"');
    const { sessionId } = await newSession(acp, home.cwd);
    model?.push(reply.hang());
    const first = acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "think" }],
    });
    await model?.waitForRequests(1);
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
    model?.push(reply.shell(["touch", "never.txt"], { callId: "call_wait" }));
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
    model?.push(reply.message("back again"));
    const third = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "hi" }],
    });
    expect(third.stopReason).toBe("end_turn");
  });

  it("loads an earlier session: its history replays as updates, and it goes on", async () => {
    const first = await start();
    const { sessionId } = await newSession(first.acp, first.home.cwd);
    model?.push(reply.message("Noted: the password is swordfish."));
    await first.acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "remember swordfish" }],
    });
    await first.acp.close();

    const { acp } = await start("", first.home);
    const listed = await acp.agent.request("session/list", { cwd: first.home.cwd });
    expect(listed.sessions.map((s) => s.sessionId)).toContain(sessionId);

    const loaded = await acp.agent.request("session/load", {
      sessionId,
      cwd: first.home.cwd,
      mcpServers: [],
    });
    expect(loaded.modes?.currentModeId).toBe("read-only");
    // The replay came before the answer.
    const replay = acp.updatesOf(sessionId);
    expect(replay[0]).toMatchObject({
      sessionUpdate: "user_message_chunk",
      content: { type: "text", text: "remember swordfish" },
    });
    expect(agentText(replay)).toBe("Noted: the password is swordfish.");

    model?.push(reply.message("It was swordfish."));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "what was it?" }],
    });
    expect(result.stopReason).toBe("end_turn");
    expect(JSON.stringify(model?.requests.at(-1)?.body.input)).toContain("Noted: the password is swordfish.");

    await expect(
      acp.agent.request("session/load", {
        sessionId: "0199a0a0-0000-7000-8000-000000000000",
        cwd: first.home.cwd,
        mcpServers: [],
      }),
    ).rejects.toMatchObject({ code: -32002 });
  });

  it("connects an MCP server the client brings and shows its tool calls", async () => {
    const { acp, home } = await start();
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    const { sessionId } = await newSession(acp, home.cwd, [
      { name: "notes", command: process.execPath, args: ["--import", tsx, STDIO_SERVER_SCRIPT], env: [] },
    ]);
    model?.push(reply.functionCall("notes__echo", { text: "ping" }, "call_mcp"), reply.message("echoed"));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "echo ping" }],
    });
    expect(result.stopReason).toBe("end_turn");
    const tools = (model?.requests[0]?.body.tools ?? []) as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toContain("notes__echo");
    const calls = toolCalls(acp.updatesOf(sessionId), "call_mcp");
    expect(calls[0]).toMatchObject({
      sessionUpdate: "tool_call",
      title: "notes: echo",
      status: "in_progress",
    });
    expect(calls.at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "echo: ping" } }],
    });
  });

  it("reads linked files through the editor and embeds resources in the prompt", async () => {
    const { acp, home } = await start();
    const { sessionId } = await newSession(acp, home.cwd);
    const linked = join(home.cwd, "draft.md");
    acp.buffers.set(linked, "unsaved buffer text");
    model?.push(reply.message("read them"));
    await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [
        { type: "text", text: "look at these" },
        { type: "resource_link", name: "draft.md", uri: pathToFileURL(linked).href },
        { type: "resource", resource: { uri: "file:///tmp/embedded.txt", text: "embedded text" } },
        { type: "image", mimeType: "image/png", data: PIXEL },
      ],
    });
    expect(input()).toContain(`data:image/png;base64,${PIXEL}`);
    expect(input()).toContain("unsaved buffer text");
    expect(input()).toContain("embedded text");
  });

  it("offers /compact and runs it as a turn", async () => {
    const { acp, home } = await start();
    const { sessionId } = await newSession(acp, home.cwd);
    const commands = await acp.waitFor(
      () => acp.updatesOf(sessionId).find((u) => u.sessionUpdate === "available_commands_update"),
      "the slash commands",
    );
    expect(commands).toMatchObject({ availableCommands: [{ name: "compact" }] });
    model?.push(reply.message("first answer"));
    await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "start" }] });
    const before = model?.requests.length ?? 0;
    model?.push(reply.message("SUMMARY of the talk"));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "/compact" }],
    });
    expect(result.stopReason).toBe("end_turn");
    // One more model request: the summary, not a turn about the text "/compact".
    expect(model?.requests.length).toBe(before + 1);
    expect(JSON.stringify(model?.requests.at(-1)?.body.input)).not.toContain('"/compact"');
  });

  it("ends a turn cut at the output limit with max_tokens", async () => {
    const { acp, home } = await start();
    const { sessionId } = await newSession(acp, home.cwd);
    const incomplete = {
      type: "response.incomplete",
      response: { id: "resp_cut", incomplete_details: { reason: "max_output_tokens" } },
    };
    // The engine retries a cut stream (stream_max_retries = 2 in the test config) before it gives up.
    const cut = () => ({ events: [sse.created(), ...sse.message("Partial"), incomplete] });
    model?.push(cut(), cut(), cut());
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "long" }],
    });
    expect(result.stopReason).toBe("max_tokens");
  });

  it("authenticates with the API key of its environment and explains the ChatGPT login", async () => {
    const { acp, home } = await start();
    await expect(acp.agent.request("authenticate", { methodId: "openai-api-key" })).resolves.toEqual({});
    expect(JSON.parse(readFileSync(join(home.codexHome, "auth.json"), "utf8"))).toMatchObject({
      OPENAI_API_KEY: "sk-test",
    });
    await expect(acp.agent.request("authenticate", { methodId: "chatgpt" })).rejects.toMatchObject({
      code: -32000,
      message: expect.stringContaining("codex-ts login"),
    });
  });

  it("answers bad input with the JSON-RPC errors ACP defines and keeps running", async () => {
    const { acp, home } = await start();
    const from = acp.received.length;
    acp.sendRaw("{this is not json");
    await acp.waitFor(
      () => acp.received.slice(from).find((m) => (m.error as { code?: number })?.code === -32700),
      "a parse error",
    );
    await expect(acp.agent.request("session/frobnicate", {})).rejects.toMatchObject({ code: -32601 });
    await expect(
      acp.agent.request("session/prompt", {
        sessionId: "no-such-session",
        prompt: [{ type: "text", text: "x" }],
      }),
    ).rejects.toMatchObject({ code: -32002 });
    await expect(
      acp.agent.request("session/new", { cwd: "relative/dir", mcpServers: [] }),
    ).rejects.toMatchObject({
      code: -32602,
    });
    const { sessionId } = await newSession(acp, home.cwd);
    await expect(acp.agent.request("session/set_mode", { sessionId, modeId: "turbo" })).rejects.toMatchObject(
      {
        code: -32602,
      },
    );

    model?.push(reply.hang());
    const running = acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "one" }],
    });
    await model?.waitForRequests(1);
    await expect(
      acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "two" }] }),
    ).rejects.toMatchObject({ code: -32600 });
    await acp.agent.notify("session/cancel", { sessionId });
    expect((await running).stopReason).toBe("cancelled");

    model?.push(reply.message("still here"));
    const after = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "ok?" }],
    });
    expect(after.stopReason).toBe("end_turn");
  });
});
