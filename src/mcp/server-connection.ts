// One MCP server over its life: started once with a deadline, its tools listed, calls made with a timeout. A
// server that dies after it was ready is restarted on its next use, at most MAX_RESTARTS times; then it is
// failed for the rest of the session. A server that fails to start is never waited on again.
import type { McpCallToolResult } from "../protocol/core-protocol.js";
import type { McpResourceContents } from "../core/mcp-api/session-mcp.js";
import { connectMcpClient, McpRequestError, type McpClientHandle } from "./sdk-client.js";
import type { McpServerConfig } from "./server-config.js";
import { readToolCatalog } from "./tool-catalog.js";
import type { McpServerInfo, McpServerState, McpTool } from "../core/mcp-api/types.js";

export const MAX_RESTARTS = 3;

export interface ServerConnectionHooks {
  /** The state or the tool list changed. */
  onChange(connection: McpServerConnection): void;
  /** Something the user should know (a tool left out, a failure: `failed` set, the server's state says it too). */
  onWarning(message: string, failed?: boolean): void;
}

function secondsText(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

export class McpServerConnection {
  state: McpServerState = "starting";
  error: string | undefined;
  /** The session ended before the server was ready. */
  cancelled = false;
  tools: McpTool[] = [];
  /** What the server said of itself at its last handshake. */
  serverInfo: McpServerInfo | undefined;
  serverCapabilities: Record<string, unknown> | undefined;
  /** Resolves when the first start is over (ready or failed); never rejects. */
  readonly settled: Promise<void>;
  private handle: McpClientHandle | undefined;
  private alive = false;
  private restarts = 0;
  private reopening: Promise<McpClientHandle> | undefined;
  private readonly lifetime = new AbortController();

  constructor(
    readonly config: McpServerConfig,
    private readonly hooks: ServerConnectionHooks,
  ) {
    this.settled = this.open().then(
      () => {
        this.state = "ready";
        this.hooks.onChange(this);
      },
      (err: unknown) => {
        if (!this.lifetime.signal.aborted) {
          this.fail(`failed to start: ${(err as Error).message}`);
          return;
        }
        this.cancelled = true;
        this.state = "failed";
        this.error = "cancelled: the session ended before the server was ready";
        this.hooks.onChange(this);
      },
    );
  }

  get name(): string {
    return this.config.name;
  }

  /** Calls a tool, restarting the server first if it died since its last use. */
  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallToolResult> {
    await this.settled;
    if (this.state === "failed")
      throw new McpRequestError("closed", `the server is not available (${this.error})`);
    const handle = await this.liveHandle();
    try {
      return await handle.callTool(tool, args, { signal, timeoutMs: this.config.toolTimeoutMs });
    } catch (err) {
      if (err instanceof McpRequestError && err.kind === "timeout") {
        throw new McpRequestError(
          "timeout",
          `no answer within ${secondsText(this.config.toolTimeoutMs)} (tool_timeout_sec of MCP server '${this.name}')`,
        );
      }
      if (err instanceof McpRequestError && (err.kind === "closed" || err.kind === "transport"))
        this.alive = false;
      throw err;
    }
  }

  /** Reads a resource of the server (a client's mcpServer/resource/read). */
  async readResource(uri: string, signal: AbortSignal): Promise<McpResourceContents> {
    await this.settled;
    if (this.state === "failed")
      throw new McpRequestError("closed", `the server is not available (${this.error})`);
    const handle = await this.liveHandle();
    return handle.readResource(uri, { signal, timeoutMs: this.config.toolTimeoutMs });
  }

  async close(): Promise<void> {
    this.lifetime.abort(new Error("the session ended"));
    const handle = this.handle;
    this.handle = undefined;
    this.alive = false;
    await handle?.close();
  }

  private async liveHandle(): Promise<McpClientHandle> {
    if (this.handle && this.alive) return this.handle;
    this.reopening ??= this.reopen().finally(() => (this.reopening = undefined));
    return this.reopening;
  }

  private async reopen(): Promise<McpClientHandle> {
    if (this.restarts >= MAX_RESTARTS) {
      this.fail(`stopped ${MAX_RESTARTS + 1} times; not restarted again`);
      throw new McpRequestError("closed", `the server is not available (${this.error})`);
    }
    this.restarts++;
    void this.handle?.close();
    this.handle = undefined;
    try {
      await this.open();
    } catch (err) {
      const message = `restart ${this.restarts} of ${MAX_RESTARTS} failed: ${(err as Error).message}`;
      if (this.restarts >= MAX_RESTARTS) this.fail(message);
      throw new McpRequestError("closed", message);
    }
    this.hooks.onChange(this);
    if (!this.handle) throw new McpRequestError("closed", "the server closed while restarting");
    return this.handle;
  }

  /** Connects and lists the tools, all within the startup timeout. */
  private async open(): Promise<void> {
    const { startupTimeoutMs } = this.config;
    const deadline = AbortSignal.any([this.lifetime.signal, AbortSignal.timeout(startupTimeoutMs)]);
    let handle: McpClientHandle | undefined;
    try {
      handle = await connectMcpClient(this.config.transport, {
        signal: deadline,
        timeoutMs: startupTimeoutMs,
        onClose: () => {
          if (this.handle === handle) this.alive = false;
        },
      });
      const raw = await handle.listTools({ signal: deadline, timeoutMs: startupTimeoutMs });
      const catalog = readToolCatalog(raw, this.config);
      for (const problem of catalog.problems) this.hooks.onWarning(`MCP server '${this.name}': ${problem}`);
      this.tools = catalog.tools;
      this.serverInfo = handle.serverInfo();
      this.serverCapabilities = handle.serverCapabilities();
      this.handle = handle;
      this.alive = true;
    } catch (err) {
      await handle?.close();
      if (this.lifetime.signal.aborted) throw new Error("the session ended");
      if (deadline.aborted || (err instanceof McpRequestError && err.kind === "timeout")) {
        throw new Error(`timed out after ${secondsText(startupTimeoutMs)} (startup_timeout_sec)`);
      }
      throw err;
    }
  }

  private fail(reason: string): void {
    if (this.state === "failed") return;
    this.state = "failed";
    this.error = reason;
    this.tools = [];
    this.alive = false;
    const handle = this.handle;
    this.handle = undefined;
    void handle?.close();
    this.hooks.onWarning(`MCP server '${this.name}' ${reason}; its tools are unavailable`, true);
    this.hooks.onChange(this);
  }
}
