// One fake model and the `codex-ts acp` processes of a test, torn down after it: each process must have
// written only schema-valid messages, and the model must have seen only well-formed requests.
import { afterEach, expect } from "vitest";
import {
  PROTOCOL_VERSION,
  type ClientCapabilities,
  type McpServer,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { AcpProcess } from "./acp-client.js";
import { makeHome, type TestHome } from "./cli.js";
import { startFakeModel } from "./fake-model.js";
import type { FakeModel } from "./proto-events.js";

export class AcpFixture {
  model: FakeModel | undefined;
  private readonly agents: AcpProcess[] = [];

  /** The test's fake model, started on first use. */
  async fakeModel(): Promise<FakeModel> {
    this.model ??= await startFakeModel();
    return this.model;
  }

  /** Starts `codex-ts acp` (in a fresh home unless given one) and initializes it as an editor would. */
  async start(toml = "", home?: TestHome, clientCapabilities?: ClientCapabilities) {
    const h = home ?? makeHome((await this.fakeModel()).url, toml);
    const acp = new AcpProcess([], { env: h.env, cwd: h.cwd });
    this.agents.push(acp);
    const init = await acp.agent.request("initialize", {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities: clientCapabilities ?? {
        fs: { readTextFile: true, writeTextFile: false },
        terminal: false,
      },
      clientInfo: { name: "test-editor", version: "1.0.0" },
    });
    return { acp, home: h, init };
  }

  newSession(acp: AcpProcess, cwd: string, mcpServers: McpServer[] = []) {
    return acp.agent.request("session/new", { cwd, mcpServers });
  }

  /** The model input of its latest request, as JSON text. */
  lastInput(): string {
    return JSON.stringify(this.model?.requests.at(-1)?.body.input);
  }

  async teardown(): Promise<void> {
    for (const a of this.agents.splice(0)) {
      // It winds down by itself when its input ends (sessions, MCP servers and all).
      expect(await a.close()).toBe(0);
      expect(a.invalid).toEqual([]);
    }
    expect(this.model?.errors ?? []).toEqual([]);
    await this.model?.close();
    this.model = undefined;
  }
}

export function useAcpFixture(): AcpFixture {
  const fixture = new AcpFixture();
  afterEach(() => fixture.teardown());
  return fixture;
}

/** The tool call updates (of one tool call, when given). */
export const toolCalls = (updates: SessionUpdate[], id?: string) =>
  updates.filter(
    (u): u is Extract<SessionUpdate, { sessionUpdate: "tool_call" | "tool_call_update" }> =>
      (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
      (id === undefined || u.toolCallId === id),
  );
