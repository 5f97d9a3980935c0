// The ACP agent: the method table of `codex-ts acp`. Sessions live in a map by id; each method finds its
// session or answers with ACP's "session not found".
import { isAbsolute } from "node:path";
import {
  agent,
  PROTOCOL_VERSION,
  RequestError,
  type AgentApp,
  type AgentContext,
  type ClientCapabilities,
  type McpServer,
} from "@agentclientprotocol/sdk";
import type { Config } from "../../config/load.js";
import type { SharedFlags } from "../shared/cli-config.js";
import { VERSION } from "../../version.js";
import { AcpSession, COMMANDS } from "./acp-session.js";
import { AUTH_METHODS, authenticate } from "./auth.js";
import { configOptions, MODEL_OPTION } from "./modes.js";
import { sessionConfig } from "./session-config.js";
import { listSessions } from "./session-list.js";

export class AcpAgent {
  private readonly sessions = new Map<string, AcpSession>();
  private clientCapabilities: ClientCapabilities = {};

  constructor(
    private readonly flags: SharedFlags,
    /** The config at start-up: where CODEX_HOME is. */
    private readonly base: Config,
  ) {}

  app(): AgentApp {
    return agent({ name: "codex-ts" })
      .onRequest("initialize", ({ params }) => {
        this.clientCapabilities = params.clientCapabilities ?? {};
        return {
          // The one version this agent speaks; a client asking for another decides whether to go on.
          protocolVersion: PROTOCOL_VERSION,
          agentCapabilities: {
            loadSession: true,
            promptCapabilities: { image: true, audio: false, embeddedContext: true },
            mcpCapabilities: { http: true, sse: false },
            sessionCapabilities: { list: {}, close: {} },
          },
          agentInfo: { name: "codex-ts", title: "Codex (TypeScript)", version: VERSION },
          authMethods: AUTH_METHODS,
        };
      })
      .onRequest("authenticate", ({ params }) => {
        authenticate(params.methodId, this.base.codexHome, process.env);
        return {};
      })
      .onRequest("session/new", async ({ params, client }) => {
        const session = await this.open(client, params.cwd, params.mcpServers);
        return { sessionId: session.id, ...this.sessionState(session) };
      })
      .onRequest("session/load", async ({ params, client }) => {
        if (this.sessions.has(params.sessionId)) {
          throw RequestError.invalidRequest(undefined, `session ${params.sessionId} is already open`);
        }
        const { locateThread } = await import("../threads/locate.js");
        let path: string;
        try {
          path = (await locateThread(this.base, { id: params.sessionId, cwd: params.cwd })).path;
        } catch (err) {
          if ((err as Error).name === "ThreadLookupError")
            throw RequestError.sessionNotFound(params.sessionId);
          throw err;
        }
        const session = await this.open(client, params.cwd, params.mcpServers, path);
        return this.sessionState(session);
      })
      .onRequest("session/list", ({ params }) =>
        listSessions(this.base, params.cwd ?? undefined, params.cursor ?? undefined),
      )
      .onRequest("session/prompt", async ({ params }) => ({
        stopReason: await this.session(params.sessionId).prompt(params.prompt),
      }))
      .onRequest("session/close", async ({ params }) => {
        const session = this.session(params.sessionId);
        this.sessions.delete(params.sessionId);
        // A running turn is cancelled; the thread stays recorded, so session/load brings it back.
        await session.close();
        return {};
      })
      .onNotification("session/cancel", ({ params }) => {
        this.sessions.get(params.sessionId)?.cancel();
      })
      .onRequest("session/set_mode", async ({ params }) => {
        const session = this.session(params.sessionId);
        if (!session.modes.set(params.modeId)) {
          throw RequestError.invalidParams(undefined, `unknown mode '${params.modeId}'`);
        }
        await session.send({ sessionUpdate: "current_mode_update", currentModeId: params.modeId });
        return {};
      })
      .onRequest("session/set_config_option", ({ params }) => {
        const session = this.session(params.sessionId);
        if (params.configId !== MODEL_OPTION || typeof params.value !== "string") {
          throw RequestError.invalidParams(undefined, `unknown config option '${params.configId}'`);
        }
        const known = configOptions(this.base, session.model)[0];
        if (
          known?.type === "select" &&
          !known.options.some((o) => "value" in o && o.value === params.value)
        ) {
          throw RequestError.invalidParams(undefined, `unknown model '${params.value}'`);
        }
        session.model = params.value;
        return { configOptions: configOptions(this.base, session.model) };
      });
  }

  async closeAll(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(open.map((s) => s.close()));
  }

  private session(id: string): AcpSession {
    const session = this.sessions.get(id);
    if (!session) throw RequestError.sessionNotFound(id);
    return session;
  }

  private async open(client: AgentContext, cwd: string, mcpServers: McpServer[], resumePath?: string) {
    if (!isAbsolute(cwd))
      throw RequestError.invalidParams(undefined, `cwd must be an absolute path, not '${cwd}'`);
    const config = sessionConfig(this.flags, cwd, mcpServers);
    const session = await AcpSession.open({
      client,
      config,
      capabilities: this.clientCapabilities,
      ...(resumePath ? { resumePath } : {}),
    });
    this.sessions.set(session.id, session);
    // After the response that tells the client the session id.
    setImmediate(() => {
      void session
        .send({ sessionUpdate: "available_commands_update", availableCommands: COMMANDS })
        .catch(() => undefined);
    });
    return session;
  }

  private sessionState(session: AcpSession) {
    return { modes: session.modes.state(), configOptions: configOptions(this.base, session.model) };
  }
}
