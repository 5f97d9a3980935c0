// `codex-ts acp` driven by the ACP SDK's client side: sessions (load, list, MCP servers, prompt content,
// commands), stop reasons, authentication and bad input.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { agentText } from "../support/acp-client.js";
import { toolCalls, useAcpFixture } from "../support/acp-fixture.js";
import { makeHome } from "../support/cli.js";
import { reply, sse } from "../support/fake-model.js";
import { STDIO_SERVER_SCRIPT } from "../support/mcp-config.js";
import { startMcpHttpServer } from "../support/mcp-http-server.js";

const fx = useAcpFixture();

/** A 1x1 PNG. */
const PIXEL =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("codex-ts acp: sessions", () => {
  it("loads an earlier session: its history replays as updates, and it goes on", async () => {
    const first = await fx.start();
    const { sessionId } = await fx.newSession(first.acp, first.home.cwd);
    fx.model?.push(reply.message("Noted: the password is swordfish."));
    await first.acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "remember swordfish" }],
    });
    await first.acp.close();

    const { acp } = await fx.start("", first.home);
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

    fx.model?.push(reply.message("It was swordfish."));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "what was it?" }],
    });
    expect(result.stopReason).toBe("end_turn");
    expect(JSON.stringify(fx.model?.requests.at(-1)?.body.input)).toContain(
      "Noted: the password is swordfish.",
    );

    // Closed, it is gone from this process until loaded again.
    await expect(acp.agent.request("session/close", { sessionId })).resolves.toEqual({});
    await expect(
      acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "still there?" }] }),
    ).rejects.toMatchObject({ code: -32002 });
    await acp.agent.request("session/load", { sessionId, cwd: first.home.cwd, mcpServers: [] });

    await expect(
      acp.agent.request("session/load", {
        sessionId: "0199a0a0-0000-7000-8000-000000000000",
        cwd: first.home.cwd,
        mcpServers: [],
      }),
    ).rejects.toMatchObject({ code: -32002 });
  });

  it("connects an MCP server the client brings and shows its tool calls", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd, [
      { name: "notes", command: process.execPath, args: [STDIO_SERVER_SCRIPT], env: [] },
    ]);
    fx.model?.push(reply.functionCall("notes__echo", { text: "ping" }, "call_mcp"), reply.message("echoed"));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "echo ping" }],
    });
    expect(result.stopReason).toBe("end_turn");
    const tools = (fx.model?.requests[0]?.body.tools ?? []) as Array<{ name: string }>;
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

  it("connects an HTTP MCP server the client brings, with its headers", async () => {
    const { acp, home } = await fx.start();
    const http = await startMcpHttpServer([
      {
        name: "add",
        description: "Adds two numbers.",
        inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
        run: (args) => String(Number(args.a) + Number(args.b)),
      },
    ]);
    try {
      const { sessionId } = await fx.newSession(acp, home.cwd, [
        {
          type: "http",
          name: "calc",
          url: http.url,
          headers: [{ name: "Authorization", value: "Bearer t0k" }],
        },
      ]);
      fx.model?.push(reply.functionCall("calc__add", { a: 2, b: 3 }, "call_add"), reply.message("five"));
      await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "2+3" }] });
      expect(http.calls).toEqual([{ name: "add", arguments: { a: 2, b: 3 } }]);
      expect(http.authorizations).toContain("Bearer t0k");
      expect(toolCalls(acp.updatesOf(sessionId), "call_add").at(-1)).toMatchObject({
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "5" } }],
      });
      await expect(
        fx.newSession(acp, home.cwd, [{ type: "sse", name: "old", url: http.url, headers: [] }]),
      ).rejects.toMatchObject({ code: -32602 });
    } finally {
      await http.close();
    }
  });

  it("reads linked files through the editor and embeds resources in the prompt", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd);
    const linked = join(home.cwd, "draft.md");
    acp.buffers.set(linked, "unsaved buffer text");
    fx.model?.push(reply.message("read them"));
    await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [
        { type: "text", text: "look at these" },
        { type: "resource_link", name: "draft.md", uri: pathToFileURL(linked).href },
        { type: "resource", resource: { uri: "file:///tmp/embedded.txt", text: "embedded text" } },
        { type: "image", mimeType: "image/png", data: PIXEL },
      ],
    });
    expect(fx.lastInput()).toContain(`data:image/png;base64,${PIXEL}`);
    expect(fx.lastInput()).toContain("unsaved buffer text");
    expect(fx.lastInput()).toContain("embedded text");
  });

  it("offers /compact and runs it as a turn", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd);
    const commands = await acp.waitFor(
      () => acp.updatesOf(sessionId).find((u) => u.sessionUpdate === "available_commands_update"),
      "the slash commands",
    );
    expect(commands).toMatchObject({ availableCommands: [{ name: "compact" }] });
    fx.model?.push(reply.message("first answer"));
    await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "start" }] });
    const before = fx.model?.requests.length ?? 0;
    fx.model?.push(reply.message("SUMMARY of the talk"));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "/compact" }],
    });
    expect(result.stopReason).toBe("end_turn");
    // One more model request: the summary, not a turn about the text "/compact".
    expect(fx.model?.requests.length).toBe(before + 1);
    expect(JSON.stringify(fx.model?.requests.at(-1)?.body.input)).not.toContain('"/compact"');
  });

  it("ends a turn the model refused with refusal, showing what it said", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd);
    const id = "msg_refused";
    const said = "I can't help with that.";
    // A refusal is a `refusal` content part, streamed with its own events (which carry no answer text).
    fx.model?.push({
      events: [
        sse.created(),
        { type: "response.output_item.added", item: { type: "message", role: "assistant", id, content: [] } },
        { type: "response.refusal.delta", item_id: id, output_index: 0, content_index: 0, delta: said },
        { type: "response.refusal.done", item_id: id, output_index: 0, content_index: 0, refusal: said },
        {
          type: "response.output_item.done",
          item: { type: "message", role: "assistant", id, content: [{ type: "refusal", refusal: said }] },
        },
        sse.completed(),
      ],
    });
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "do something bad" }],
    });
    expect(result.stopReason).toBe("refusal");
    expect(agentText(acp.updatesOf(sessionId))).toBe(said);

    // The next turn that answers ends as usual.
    fx.model?.push(reply.message("fine"));
    const next = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "ok" }],
    });
    expect(next.stopReason).toBe("end_turn");
  });

  it("ends a turn cut at the output limit with max_tokens", async () => {
    const { acp, home } = await fx.start();
    const { sessionId } = await fx.newSession(acp, home.cwd);
    const incomplete = {
      type: "response.incomplete",
      response: { id: "resp_cut", incomplete_details: { reason: "max_output_tokens" } },
    };
    // The engine retries a cut stream (stream_max_retries = 2 in the test config) before it gives up.
    const cut = () => ({ events: [sse.created(), ...sse.message("Partial"), incomplete] });
    fx.model?.push(cut(), cut(), cut());
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "long" }],
    });
    expect(result.stopReason).toBe("max_tokens");
  });

  it("authenticates with the API key of its environment and explains the ChatGPT login", async () => {
    const { acp, home } = await fx.start();
    await expect(acp.agent.request("authenticate", { methodId: "openai-api-key" })).resolves.toEqual({});
    expect(JSON.parse(readFileSync(join(home.codexHome, "auth.json"), "utf8"))).toMatchObject({
      OPENAI_API_KEY: "sk-test",
    });
    await expect(acp.agent.request("authenticate", { methodId: "chatgpt" })).rejects.toMatchObject({
      code: -32000,
      message: expect.stringContaining("codex-ts login"),
    });
  });

  it("asks for authentication when no credentials exist", async () => {
    const home = makeHome((await fx.fakeModel()).url);
    delete home.env.OPENAI_API_KEY;
    const { acp } = await fx.start("", home);
    const { sessionId } = await fx.newSession(acp, home.cwd);
    await expect(
      acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] }),
    ).rejects.toMatchObject({ code: -32000, message: expect.stringContaining("Not logged in") });
  });

  it("answers bad input with the JSON-RPC errors ACP defines and keeps running", async () => {
    const { acp, home } = await fx.start();
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
    const { sessionId } = await fx.newSession(acp, home.cwd);
    await expect(acp.agent.request("session/set_mode", { sessionId, modeId: "turbo" })).rejects.toMatchObject(
      {
        code: -32602,
      },
    );

    fx.model?.push(reply.hang());
    const running = acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "one" }],
    });
    await fx.model?.waitForRequests(1);
    await expect(
      acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "two" }] }),
    ).rejects.toMatchObject({ code: -32600 });
    await acp.agent.notify("session/cancel", { sessionId });
    expect((await running).stopReason).toBe("cancelled");

    fx.model?.push(reply.message("still here"));
    const after = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "ok?" }],
    });
    expect(after.stopReason).toBe("end_turn");
  });
});
